package io.sluice.events.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.ActorContext;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OwnWait;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import io.sluice.events.Durability;
import io.sluice.events.EventChannels;
import io.sluice.events.Publisher;
import io.sluice.records.RecordEncoder;
import io.sluice.records.RecordFormat;
import io.sluice.records.RecordResolver;
import io.sluice.records.RecordValue;
import io.sluice.records.Records;
import io.sluice.remote.RemoteChannels;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Publishes each record it takes on an event channel. Type name {@value #TYPE}.
 *
 * <p><b>Ports.</b> {@link #INPUT} ({@code input}): typed {@code Object}, as the standard actors'
 * inputs are, so that any output may feed it; a token that is not a {@link RecordValue} fails the
 * firing naming the port.
 *
 * <p>In a JSON workflow it is made from its parameters ({@link EventActorTypes}); in Java by
 * {@link #to(EventChannels, String)} or {@link #to(java.net.URI, String)}, then {@link #format},
 * {@link #durability} and {@link #endMarker}.
 *
 * <p><b>Formats.</b> With a format, every record is published under it: a record of another
 * format is read into it by field name (the rules of {@code docs/records.md}), and the publisher
 * is opened when the run initialises the actor, so that a channel of an incompatible format fails
 * the run before the first firing. Without one, each record is published under its own format, by
 * one publisher per format met, opened at its first record; the channel's format is then that of
 * the first record published, unless the channel exists already.
 *
 * <p><b>End marker.</b> If given, a record published after the last one when the input ends
 * (not when the run fails or is cancelled), for subscribers to recognise ({@code endWhen}).
 *
 * <p><b>Durability.</b> If given, the channel is declared with it (and the format): a channel of
 * another durability or format fails the run. If not, the space's default applies to a channel
 * this actor creates.
 *
 * <p><b>Back-pressure.</b> A publish waits while a subscription of the channel with
 * {@link io.sluice.events.Overflow#BLOCK} has a full queue, and, for a remote space, for the
 * server's answer; the actor's input channel then fills and slows the workflow upstream. A run
 * that stops meanwhile (cancelled, or failed elsewhere) interrupts the publish ({@link #stop}),
 * which then fails; the record may or may not have been published.
 *
 * <p><b>A broken connection.</b> A publish awaiting the space server's answer when the connection
 * breaks fails the run (the server may or may not have published the record: at most once). A
 * publish made while the client registers again after a broken connection (parameter {@code
 * reconnect}, true by default) waits for it, at most the answer timeout.
 *
 * <p><b>Threading and ownership.</b> The director calls it on one thread at a time. It connects to
 * a remote space in {@code initialize} and closes its publishers and its connection in
 * {@code wrapUp}, also when the run fails; a local space is its owner's to close.
 *
 * <p><b>Resume.</b> {@link Stateless}: a resumed run restarts it at its last checkpoint, so the
 * records it took between that checkpoint and the kill are published again (at least once).
 *
 * <p><b>Failure.</b> Errors name the actor, its port, the channel and the space: a server that
 * cannot be reached, a record that cannot be read into the format, a channel of another format or
 * durability.
 */
@Stateless
public final class Publish implements Actor {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "publish";
    /** The records to publish. */
    public static final InputPort<Object> INPUT = Port.input("input", Object.class);

    private final String channel;
    private final EventSpaceRef space;
    private final RecordFormat format;
    private final Durability durability;
    private final RecordValue endMarker;
    private EventChannels events;
    private String where;
    /** Publishers by the fingerprint of the records' format (one entry, under the format, if one is given). */
    private final Map<Long, Publisher<RecordValue>> publishers = new HashMap<>();
    /** With a format: readers into it of records of other formats, by their fingerprint. */
    private final Map<Long, RecordResolver<RecordValue>> converters = new HashMap<>();
    private final Map<Long, RecordEncoder<RecordValue>> encoders = new HashMap<>();
    /** A publish under way, for {@link #stop} to interrupt. */
    private final OwnWait publishing = new OwnWait();

    /**
     * A publisher on {@code channel} of {@code space}, a space of this program that the actor
     * borrows (its owner closes it after the run), publishing each record under its own format
     * and leaving a channel it creates to the space's default durability.
     */
    public static Publish to(EventChannels space, String channel) {
        return new Publish(channel, EventSpaceRef.borrowed(space), null, null, null);
    }

    /**
     * A publisher on {@code channel} of the space server at {@code space} ({@code sluice://host:port}),
     * connected for the run.
     *
     * @throws IllegalArgumentException if {@code space} is not such a URI
     */
    public static Publish to(java.net.URI space, String channel) {
        return new Publish(channel, EventSpaceRef.remote(space), null, null, null);
    }

    /**
     * As {@link #to(java.net.URI, String)}, connecting with {@code options} (a token, TLS), which
     * are read when the run connects.
     */
    public static Publish to(java.net.URI space, RemoteChannels.Options options, String channel) {
        return new Publish(channel, EventSpaceRef.remote(space).with(options), null, null, null);
    }

    /**
     * As {@link #to(java.net.URI, RemoteChannels.Options, String)}, the client behaving as {@code
     * eventOptions} say (reconnection, answer timeout, publish window, workers, error listener).
     */
    public static Publish to(java.net.URI space, RemoteChannels.Options options, io.sluice.events.RemoteEventOptions eventOptions,
            String channel) {
        return new Publish(channel, EventSpaceRef.remote(space).with(options).with(eventOptions), null, null, null);
    }

    /** This publisher, publishing every record under {@code format} (null: each record's own), read by field name. */
    public Publish format(RecordFormat format) {
        return new Publish(channel, space, format, durability, endMarker);
    }

    /**
     * This publisher, publishing {@code marker} (null: nothing) after the last record when its
     * input ends, so that subscribers know the stream is over (a {@code subscribe} actor's
     * {@code endWhen}); not when the run fails or is cancelled.
     */
    public Publish endMarker(RecordValue marker) {
        return new Publish(channel, space, format, durability, marker);
    }

    /** This publisher, declaring its channel with {@code durability} (null: the space's default for a channel it creates). */
    public Publish durability(Durability durability) {
        return new Publish(channel, space, format, durability, endMarker);
    }

    /**
     * @param format the format records are published under, or null for each record's own
     * @param durability the channel's durability, declared, or null for the space's default
     * @param endMarker published after the last record when the input ends, or null
     */
    Publish(String channel, EventSpaceRef space, RecordFormat format, Durability durability, RecordValue endMarker) {
        this.channel = Objects.requireNonNull(channel, "channel");
        this.space = Objects.requireNonNull(space, "space");
        this.format = format;
        this.durability = durability;
        this.endMarker = endMarker;
        this.where = "port 'input', event channel '" + channel + "' in " + space;
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(INPUT);
    }

    @Override
    public void initialize(ActorContext context) throws IOException {
        publishing.reset();
        where = "actor '" + context.actorName() + "', " + where;
        try {
            events = space.open();
        } catch (IOException | RuntimeException e) {
            throw new IOException(where + ": cannot reach the event space: " + e.getMessage(), e);
        }
        if (format != null) {
            publisher(format);
        }
    }

    @Override
    public void fire(FiringContext context) throws InterruptedException {
        if (endMarker != null && !context.hasNext(INPUT)) {
            publish(endMarker);
            context.finish();
            return;
        }
        Object token = context.take(INPUT);
        if (!(token instanceof RecordValue)) {
            throw new IllegalArgumentException(where + ": the token " + token + " (" + token.getClass().getName()
                    + ") is not a record; publish takes records (json-to-record makes them of lines of JSON)");
        }
        publish((RecordValue) token);
    }

    private void publish(RecordValue record) throws InterruptedException {
        RecordFormat own = record.format();
        if (format != null && own.fingerprint() != format.fingerprint()) {
            record = convert(record);
            own = format;
        }
        Publisher<RecordValue> publisher = publishers.get(own.fingerprint());
        if (publisher == null) {
            publisher = publisher(own);
        }
        publishing.begin();
        try {
            publisher.publish(record);
        } catch (RuntimeException e) {
            throw new IllegalStateException(where + ": cannot publish " + record.toJson() + ": " + e.getMessage(), e);
        } finally {
            publishing.end();
        }
    }

    /** Interrupts a publish under way, which waits for room or for the server's answer. */
    @Override
    public void stop() {
        publishing.stop();
    }

    private Publisher<RecordValue> publisher(RecordFormat f) {
        try {
            if (durability != null) {
                events.declare(channel, f, durability);
            }
            Publisher<RecordValue> p = events.publisher(channel, f);
            publishers.put(f.fingerprint(), p);
            return p;
        } catch (RuntimeException e) {
            throw new IllegalStateException(where + ": cannot publish records of format " + f + (durability != null
                    ? " on a " + durability.name().toLowerCase(java.util.Locale.ROOT) + " channel" : "") + ": " + e.getMessage(), e);
        }
    }

    /** The record read into {@link #format} by field name. */
    private RecordValue convert(RecordValue record) {
        long fp = record.format().fingerprint();
        try {
            RecordResolver<RecordValue> reader = converters.computeIfAbsent(fp, k -> Records.resolver(record.format(), format));
            return reader.read(encoders.computeIfAbsent(fp, k -> Records.encoder(record.format())).encode(record));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(where + ": a record of format " + record.format()
                    + " cannot be published under the format " + format + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void wrapUp(ActorContext context) {
        try {
            for (Publisher<RecordValue> p : publishers.values()) {
                p.close();
            }
        } finally {
            publishers.clear();
            space.release(events);
            events = null;
        }
    }

    /** Where it publishes. */
    EventSpaceRef space() {
        return space;
    }

    @Override
    public String toString() {
        return "Publish(" + channel + " in " + space + ")";
    }
}
