package io.sluice.events.actors;

import dev.cel.runtime.CelRuntime;
import dev.cel.runtime.CelRuntimeFactory;
import io.sluice.actor.Actor;
import io.sluice.actor.ActorContext;
import io.sluice.actor.FiringContext;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Resumable;
import io.sluice.events.ChannelInfo;
import io.sluice.events.Durability;
import io.sluice.events.Event;
import io.sluice.events.EventChannels;
import io.sluice.events.FilterException;
import io.sluice.events.Overflow;
import io.sluice.events.Start;
import io.sluice.events.SubscribeOptions;
import io.sluice.events.Subscription;
import io.sluice.events.SubscriptionState;
import io.sluice.events.internal.CelFilter;
import io.sluice.records.RecordFormat;
import io.sluice.records.RecordValue;
import io.sluice.remote.RemoteChannels;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A source that puts the events of an event channel, one per firing, as records of the
 * subscription's format. Type name {@value #TYPE}.
 *
 * <p><b>Ports.</b> {@link #OUTPUT} ({@code output}, {@link RecordValue}).
 *
 * <p>In a JSON workflow it is made from its parameters ({@link EventActorTypes}); in Java by
 * {@link #to(EventChannels, String)} or {@link #to(java.net.URI, String)} and the {@link Builder}.
 *
 * <p><b>Ending.</b> A source must finish for its run to end. The actor finishes (its output ends)
 * at the first of: {@code maxEvents} events put; an event for which the {@code endWhen}
 * expression is true (an end marker, which is not put); no event for {@code idleTimeout} since
 * the subscription started or since the last event. With none of them it puts events until the
 * run stops (it is cancelled, times out or fails elsewhere), as a {@code ramp} without a limit
 * does. A subscription that the space ends (an overflow under {@link Overflow#DISCONNECT}, a
 * broken connection to a space server that could not be registered again, or any broken
 * connection with the parameter {@code reconnect} false) fails the run; while the client
 * registers it again after a broken connection the actor waits for events as usual.
 *
 * <p><b>Waiting.</b> Events are handed from the space's handler to the actor through a small
 * queue; a firing waits for the next event at most {@value #SLICE_MILLIS} ms and, if none came,
 * returns having put nothing, so that a stopped run is noticed between firings. It therefore
 * suits the data-driven and demand-driven directors, not SDF, whose firings must put one token
 * each. While the workflow is slower than the channel, the handler waits for room (holding one
 * worker of a local space), the subscription's queue fills, and its overflow policy applies.
 *
 * <p><b>Threading and ownership.</b> The director calls it on one thread at a time; the handler
 * runs on the space's workers. It subscribes in {@code initialize} (connecting to a remote space)
 * and cancels the subscription and closes the connection in {@code wrapUp}, also when the run fails.
 *
 * <p><b>Resume.</b> {@link Resumable}: its snapshot is the seq after the last event put and how
 * many were put. A resumed run subscribes from that seq, so that on a persistent channel the
 * workflow gets every event once across a kill; on a transient channel, which keeps no events,
 * the resume fails naming the channel.
 *
 * <p><b>Failure.</b> Errors name the actor, its port, the channel and the space: a server that
 * cannot be reached, a channel that does not exist when no format is given, a filter that does
 * not compile (with its line and column), a format that cannot read the channel's.
 */
public final class Subscribe implements Actor, Resumable {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "subscribe";
    /** The events. */
    public static final OutputPort<RecordValue> OUTPUT = Port.output("output", RecordValue.class);
    /** The longest a firing waits for an event. */
    static final long SLICE_MILLIS = 100;
    /** Acknowledge after at most this many events put (and when the actor ends). */
    private static final int ACK_EVERY = 64;

    /** What the actor is configured with; checked by the factory. */
    record Settings(String channel, EventSpaceRef space, RecordFormat format, String name, Start start, String filter,
            String endWhen, long maxEvents, Duration idleTimeout, int capacity, Overflow overflow) {
        Settings {
            Objects.requireNonNull(channel, "channel");
            Objects.requireNonNull(space, "space");
            Objects.requireNonNull(start, "start");
            Objects.requireNonNull(overflow, "overflow");
        }
    }

    private final Settings settings;
    private final CelRuntime cel = CelRuntimeFactory.standardCelRuntimeBuilder().build();
    private String where;
    private EventChannels events;
    private Subscription<RecordValue> subscription;
    private BlockingQueue<Event<RecordValue>> handoff;
    private volatile boolean closed;
    private CelFilter endWhen;
    /** The seq after the last event put, or -1 before the first. */
    private long nextSeq = -1;
    private long put;
    private long acknowledgedUpTo = -1;
    private long lastEventNanos;

    /** Its settings, as given. */
    Settings settings() {
        return settings;
    }

    Subscribe(Settings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.where = "port 'output', event channel '" + settings.channel() + "' in " + settings.space();
        if (settings.format() != null) {
            // Refused when the workflow is read, with the expressions' positions.
            compile(settings.filter(), settings.format(), "filter");
            compile(settings.endWhen(), settings.format(), "endWhen");
        }
    }

    /**
     * Configures a subscribe actor on {@code channel} of {@code space}, a space of this program
     * that the actor borrows (its owner closes it after the run).
     */
    public static Builder to(EventChannels space, String channel) {
        return new Builder(channel, EventSpaceRef.borrowed(space));
    }

    /**
     * Configures a subscribe actor on {@code channel} of the space server at {@code space}
     * ({@code sluice://host:port}), connected for the run.
     *
     * @throws IllegalArgumentException if {@code space} is not such a URI
     */
    public static Builder to(java.net.URI space, String channel) {
        return new Builder(channel, EventSpaceRef.remote(space));
    }

    /**
     * As {@link #to(java.net.URI, String)}, connecting with {@code options} (a token, TLS), which
     * are read when the run connects.
     */
    public static Builder to(java.net.URI space, RemoteChannels.Options options, String channel) {
        return new Builder(channel, EventSpaceRef.remote(space).with(options));
    }

    /**
     * As {@link #to(java.net.URI, RemoteChannels.Options, String)}, the client behaving as {@code
     * eventOptions} say (reconnection, answer timeout, publish window, workers, error listener).
     */
    public static Builder to(java.net.URI space, RemoteChannels.Options options, io.sluice.events.RemoteEventOptions eventOptions,
            String channel) {
        return new Builder(channel, EventSpaceRef.remote(space).with(options).with(eventOptions));
    }

    /**
     * Configures a subscribe actor; the defaults are those of the JSON parameters (see
     * {@code docs/event-channels.md}): the channel's format, no name, start after the
     * acknowledged events, no filter, no end rule, a queue of
     * {@value SubscribeOptions#DEFAULT_CAPACITY} events with {@link Overflow#BLOCK}. Not thread-safe.
     */
    public static final class Builder {
        private final String channel;
        private final EventSpaceRef space;
        private RecordFormat format;
        private String name;
        private Start start = Start.afterAcknowledged();
        private String filter;
        private String endWhen;
        private long maxEvents;
        private Duration idleTimeout;
        private int capacity = SubscribeOptions.DEFAULT_CAPACITY;
        private Overflow overflow = Overflow.BLOCK;

        private Builder(String channel, EventSpaceRef space) {
            this.channel = Objects.requireNonNull(channel, "channel");
            this.space = space;
        }

        /** The format events are read as, by field name; null (the default) for the channel's, which must then exist. */
        public Builder format(RecordFormat format) {
            this.format = format;
            return this;
        }

        /** The subscription's name, under which a persistent channel keeps its acknowledgements. */
        public Builder name(String name) {
            SubscribeOptions.defaults().withName(name);
            this.name = name;
            return this;
        }

        /** Where it starts. */
        public Builder start(Start start) {
            this.start = Objects.requireNonNull(start, "start");
            return this;
        }

        /** A CEL expression over the fields: only events for which it is true are put; null for none. */
        public Builder filter(String expression) {
            this.filter = expression;
            return this;
        }

        /** A CEL expression over the fields: the first event for which it is true ends the actor, not put; null for none. */
        public Builder endWhen(String expression) {
            this.endWhen = expression;
            return this;
        }

        /**
         * Finishes after this many events; 0 (the default) for no limit.
         *
         * @throws IllegalArgumentException if negative
         */
        public Builder maxEvents(long events) {
            if (events < 0) {
                throw new IllegalArgumentException("maxEvents must be 0 (no limit) or more, was " + events);
            }
            this.maxEvents = events;
            return this;
        }

        /**
         * Finishes after this long without an event; null (the default) for never.
         *
         * @throws IllegalArgumentException if zero or negative
         */
        public Builder idleTimeout(Duration timeout) {
            if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
                throw new IllegalArgumentException("idleTimeout must be positive, was " + timeout);
            }
            this.idleTimeout = timeout;
            return this;
        }

        /**
         * The subscription's queue and what happens when it is full.
         *
         * @throws IllegalArgumentException if {@code capacity} is less than 1
         */
        public Builder queue(int capacity, Overflow overflow) {
            SubscribeOptions.defaults().withQueue(capacity, overflow);
            this.capacity = capacity;
            this.overflow = overflow;
            return this;
        }

        /**
         * The actor.
         *
         * @throws FilterException if a format is given and the filter or the end expression does
         *     not compile against it
         */
        public Subscribe build() {
            return new Subscribe(new Settings(channel, space, format, name, start, filter, endWhen, maxEvents, idleTimeout, capacity,
                    overflow));
        }
    }

    private CelFilter compile(String expression, RecordFormat format, String parameter) {
        return expression == null ? null : CelFilter.compile(expression, format, cel, where + ", parameter '" + parameter + "'");
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(OUTPUT);
    }

    @Override
    public void initialize(ActorContext context) throws IOException {
        start(context, settings.start());
    }

    @Override
    public byte[] snapshot() {
        return ByteBuffer.allocate(16).putLong(nextSeq).putLong(put).array();
    }

    @Override
    public void resume(ActorContext context, byte[] snapshot) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(snapshot);
        nextSeq = b.getLong();
        put = b.getLong();
        start(context, nextSeq >= 0 ? Start.at(nextSeq) : settings.start());
    }

    private void start(ActorContext context, Start start) throws IOException {
        where = "actor '" + context.actorName() + "', " + where;
        try {
            events = settings.space().open();
        } catch (IOException | RuntimeException e) {
            throw new IOException(where + ": cannot reach the event space: " + e.getMessage(), e);
        }
        RecordFormat format = settings.format();
        Optional<ChannelInfo> info = events.channel(settings.channel());
        if (format == null) {
            format = info.map(ChannelInfo::format).orElseThrow(() -> new IllegalStateException(where
                    + ": the channel does not exist (yet), so its format is not known; give the parameter 'format' (an Avro schema"
                    + " file) to subscribe before the channel is published to"));
        }
        if (nextSeq >= 0 && info.isPresent() && info.get().durability() == Durability.TRANSIENT) {
            throw new IllegalStateException(where + ": a resumed run cannot get back the events after seq " + (nextSeq - 1)
                    + ": the channel is transient and keeps no events; resume needs a persistent channel");
        }
        CelFilter filter = compile(settings.filter(), format, "filter");
        endWhen = compile(settings.endWhen(), format, "endWhen");
        String serverFilter = filter == null ? null
                : endWhen == null ? settings.filter() : "(" + settings.filter() + ") || (" + settings.endWhen() + ")";
        SubscribeOptions options = SubscribeOptions.defaults().withQueue(settings.capacity(), settings.overflow())
                .withStart(start).withFilter(serverFilter);
        if (settings.name() != null) {
            options = options.withName(settings.name());
        }
        handoff = new ArrayBlockingQueue<>(Math.min(256, settings.capacity()));
        lastEventNanos = System.nanoTime();
        try {
            subscription = events.subscribe(settings.channel(), format, this::handle, options);
        } catch (RuntimeException e) {
            throw new IllegalStateException(where + ": cannot subscribe (" + start + "): " + e.getMessage(), e);
        }
    }

    /** The handler, on a worker of the space: waits for room in the hand-off while the actor runs. */
    private void handle(Event<RecordValue> event) throws InterruptedException {
        while (!closed) {
            if (handoff.offer(event, SLICE_MILLIS, TimeUnit.MILLISECONDS)) {
                return;
            }
        }
    }

    @Override
    public void fire(FiringContext context) throws InterruptedException {
        long wait = SLICE_MILLIS;
        Duration idle = settings.idleTimeout();
        if (idle != null) {
            long left = idle.toNanos() - (System.nanoTime() - lastEventNanos);
            if (left <= 0 && handoff.isEmpty()) {
                context.finish();
                return;
            }
            wait = Math.max(1, Math.min(wait, TimeUnit.NANOSECONDS.toMillis(left) + 1));
        }
        Event<RecordValue> event = handoff.poll(wait, TimeUnit.MILLISECONDS);
        if (event == null) {
            SubscriptionState state = subscription.state();
            // RECONNECTING: the client registers it again after a broken connection; it ends if it cannot
            if (state != SubscriptionState.ACTIVE && state != SubscriptionState.RECONNECTING && handoff.isEmpty()) {
                throw new IllegalStateException(where + ": the subscription '" + subscription.name() + "' ended ("
                        + state.name().toLowerCase(java.util.Locale.ROOT) + ")"
                        + subscription.lastFailure().map(t -> ": " + t.getMessage()).orElse(""));
            }
            return;
        }
        lastEventNanos = System.nanoTime();
        if (endWhen != null && endWhen.test(event.value())) {
            acknowledge(event.seq());
            context.finish();
            return;
        }
        context.put(OUTPUT, event.value());
        lastEventNanos = System.nanoTime(); // a put that waited for the workflow is not idleness
        nextSeq = event.seq() + 1;
        put++;
        if (settings.maxEvents() > 0 && put >= settings.maxEvents()) {
            context.finish();
        } else if (nextSeq - 1 - acknowledgedUpTo >= ACK_EVERY) {
            acknowledge(nextSeq - 1);
        }
    }

    private void acknowledge(long seq) {
        if (settings.name() != null && seq > acknowledgedUpTo) {
            subscription.acknowledge(seq);
            acknowledgedUpTo = seq;
        }
    }

    @Override
    public void wrapUp(ActorContext context) {
        closed = true;
        try {
            if (subscription != null) {
                if (nextSeq > 0) {
                    acknowledge(nextSeq - 1);
                }
                subscription.cancel();
            }
        } finally {
            subscription = null;
            settings.space().release(events);
            events = null;
        }
    }

    /** How many events it has put, including those before a resume. */
    long eventsPut() {
        return put;
    }

    @Override
    public String toString() {
        return "Subscribe(" + settings.channel() + " in " + settings.space() + ")";
    }
}
