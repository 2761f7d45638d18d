package io.sluice.events;

import io.sluice.events.internal.LocalEventSpace;
import io.sluice.events.internal.remote.RemoteEventSpace;
import io.sluice.remote.RemoteChannels;
import io.sluice.remote.RemoteSpace;
import java.io.IOException;
import java.net.URI;
import io.sluice.records.RecordFormat;
import io.sluice.records.RecordValue;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A space of event channels: named, typed publish/subscribe channels, and the worker pool that
 * runs their subscriptions' handlers.
 *
 * <p><b>Channels and formats.</b> A channel is typed by a {@link RecordFormat}. It is declared by
 * {@link #declare}, or by the first publisher or subscription on its name, with that one's format
 * and the space's default durability. A publisher's format must read as the channel's, and a
 * subscription's format must read the channel's (by field name: older and newer versions of a
 * format, with fields added with defaults, removed or renamed with aliases); each subscription
 * reads each event from the publisher's format into its own. What does not fit is refused naming
 * both formats.
 *
 * <p><b>Threading.</b> Every method may be called from any thread. Handlers run on the space's
 * workers ({@link Builder#workers}); a subscription never runs on two workers at once.
 *
 * <p><b>Ownership.</b> The creator closes the space. Closing cancels every subscription, closes
 * every publisher (a publisher waiting for a full queue fails), waits for the handlers running to
 * return, stops the workers and closes every file. A persistent channel's events and its
 * subscriptions' acknowledgements stay in its directory for the next opening.
 */
public interface EventChannels extends AutoCloseable {

    /** A space of transient channels, with the default number of workers. */
    static EventChannels local() {
        return builder().build();
    }

    /**
     * A space whose channels are persistent by default, kept under {@code directory} (one
     * subdirectory per channel), which it creates if needed. Opening it again on the same
     * directory finds the channels, their events and acknowledgements.
     */
    static EventChannels local(Path directory) {
        return builder().directory(directory).build();
    }

    /**
     * The event channels a space server hosts ({@link EventService}), over one connection with the
     * default options; see {@link #connect(URI, RemoteChannels.Options)}.
     *
     * @throws IOException if the space cannot be reached
     */
    static EventChannels connect(URI uri) throws IOException {
        return connect(uri, RemoteChannels.options());
    }

    /**
     * The event channels a space server hosts ({@link EventService}), over one connection made
     * with {@code options}, with the default {@link RemoteEventOptions}; see {@link
     * #connect(RemoteSpace, RemoteEventOptions)}.
     *
     * @throws IOException if the space cannot be reached
     * @throws io.sluice.remote.SpaceException if it hosts no event channels
     */
    static EventChannels connect(URI uri, RemoteChannels.Options options) throws IOException {
        return connect(RemoteChannels.connect(uri, options));
    }

    /**
     * The event channels a space server hosts, over one connection made with {@code options},
     * the client behaving as {@code eventOptions} say.
     *
     * @throws IOException if the space cannot be reached
     * @throws io.sluice.remote.SpaceException if it hosts no event channels
     */
    static EventChannels connect(URI uri, RemoteChannels.Options options, RemoteEventOptions eventOptions) throws IOException {
        Objects.requireNonNull(eventOptions, "eventOptions");
        return connect(RemoteChannels.connect(uri, options), eventOptions);
    }

    /**
     * The event channels the space server of {@code space} hosts, over its connection, with the
     * default {@link RemoteEventOptions}. The result owns {@code space} and closes it (also when
     * this fails).
     *
     * @throws io.sluice.remote.SpaceException if the space hosts no event channels
     */
    static EventChannels connect(RemoteSpace space) {
        return connect(space, RemoteEventOptions.defaults());
    }

    /**
     * As {@link #connect(RemoteSpace)}, with at most {@code publishWindow} publishes of each
     * publisher awaiting the server's answer at once; {@link RemoteEventOptions#withPublishWindow}.
     *
     * @throws IllegalArgumentException if {@code publishWindow} is below 1 (the space is closed)
     * @throws io.sluice.remote.SpaceException if the space hosts no event channels
     */
    static EventChannels connect(RemoteSpace space, int publishWindow) {
        RemoteEventOptions options;
        try {
            options = RemoteEventOptions.defaults().withPublishWindow(publishWindow);
        } catch (IllegalArgumentException e) {
            space.close();
            throw new IllegalArgumentException("event channels at " + space.uri() + ": " + e.getMessage(), e);
        }
        return connect(space, options);
    }

    /**
     * The event channels the space server of {@code space} hosts ({@link EventService}), over its
     * connection, the client behaving as {@code options} say. The result owns {@code space} and
     * closes it (also when this fails).
     *
     * <p>Publishers, subscriptions and the name service ({@link #channels(Pattern)}) work as in a
     * local space, with these differences: filters run at the server; {@link Publisher#publish}
     * waits for the server's answer (a round trip), {@link Publisher#publishAsync} does not (at
     * most {@link RemoteEventOptions#withPublishWindow the publish window} of a publisher in
     * flight); {@link Subscription#dropped()} is counted at the server and reads 0 here; {@link
     * Subscription#awaitIdle} waits for the events that reached this process; forwarders are
     * refused (make them at the server). Handlers run on this client's own workers. Other calls
     * wait for the server's answer at most {@link RemoteEventOptions#withAnswerTimeout the answer
     * timeout}. The client renews its lease with the server.
     *
     * <p><b>The connection's thread.</b> Futures of {@link Publisher#publishAsync} complete on the
     * connection's thread. A callback run there must not wait for the server: {@link
     * Publisher#close()} called there returns at once and finishes on its own; {@link
     * Publisher#publish}, a {@code publishAsync} that finds the window full, and every call that
     * waits for an answer fail there with an {@link IllegalStateException}.
     *
     * <p><b>A broken connection.</b> The space connects again by itself (for up to its {@code
     * giveUpAfter}), and by default ({@link RemoteEventOptions#withReconnect}) the client
     * registers again: the publishes awaiting an answer fail (the server may or may not have
     * published them: at most once, unless the program publishes them again on a persistent
     * channel), each subscription is {@link SubscriptionState#RECONNECTING} (and the error listener
     * is told, seq -1), and once connected again the client opens its publishers and subscriptions
     * again, trying with back-off for up to the answer timeout; later publishes on the same
     * publishers go through. A subscription of a persistent channel goes on after the last event it
     * received, so none is lost or received twice; events it received but had not handled yet are
     * still handled. A subscription of a transient channel goes on from what is published after it
     * is registered again: what was published while it was disconnected is lost. Calls made while
     * the client is not registered again wait for it (at most the answer timeout). A registration
     * that cannot be made again ends (a subscription {@link SubscriptionState#CANCELLED}, the error
     * listener told why; a publisher's publishes fail); if the space gives up connecting, the whole
     * client fails. With {@code withReconnect(false)} the server's dropping of the client's
     * registrations ends the client at the first broken connection: every subscription ends
     * ({@link SubscriptionState#CANCELLED}) and later calls fail with a {@link
     * io.sluice.remote.SpaceException}.
     *
     * @throws io.sluice.remote.SpaceException if the space hosts no event channels
     */
    static EventChannels connect(RemoteSpace space, RemoteEventOptions options) {
        try {
            Objects.requireNonNull(options, "options");
            EventErrorListener errors = options.errorListener() != null ? options.errorListener()
                    : (sub, seq, error) -> org.slf4j.LoggerFactory.getLogger(EventChannels.class).warn("{}", error.getMessage(),
                            error.getCause());
            return new RemoteEventSpace(space, EventService.NAME, errors, options);
        } catch (RuntimeException e) {
            space.close();
            throw e;
        }
    }

    /** Configures a local space. */
    static Builder builder() {
        return new Builder();
    }

    /**
     * Declares a channel, or checks the one declared already.
     *
     * @throws IllegalArgumentException if the channel exists with another format (the message
     *     names both) or durability, or the name is not a valid channel name, or a persistent
     *     channel is asked of a space with no directory
     */
    ChannelInfo declare(String channel, RecordFormat format, Durability durability);

    /** A publisher of record values of {@code format}. */
    Publisher<RecordValue> publisher(String channel, RecordFormat format);

    /** A publisher of instances of the record class {@code type}, under its format. */
    <T extends Record> Publisher<T> publisher(String channel, Class<T> type);

    /**
     * Subscribes with a handler of record values of {@code format}.
     *
     * @throws FilterException if the options' filter does not compile against {@code format}
     * @throws io.sluice.records.IncompatibleFormatsException if {@code format} cannot read the
     *     channel's format, or a format the channel's publishers wrote
     * @throws IllegalArgumentException if the name is taken on the channel, or the start is not
     *     possible on it
     */
    Subscription<RecordValue> subscribe(String channel, RecordFormat format, EventHandler<RecordValue> handler,
            SubscribeOptions options);

    /** Subscribes with a handler of instances of the record class {@code type}; as the other. */
    <T extends Record> Subscription<T> subscribe(String channel, Class<T> type, EventHandler<T> handler,
            SubscribeOptions options);

    /**
     * Forwards events from one channel to another, with DataExchange's filters (before
     * forwarding) and functions (after), and per-format forwarding controls. The events keep
     * their writer's format and every field; see {@link Forwarder}.
     */
    Forwarder forward(String from, String to, ForwardOptions options);

    /** The channels declared, by name. */
    List<ChannelInfo> channels();

    /**
     * The channels whose whole name matches {@code names}, in the order they were declared:
     * DataExchange's name server, queried by regular expression.
     */
    List<ChannelInfo> channels(Pattern names);

    /** One channel, if declared. */
    Optional<ChannelInfo> channel(String name);

    /**
     * Closes the space; see the class comment. Idempotent.
     *
     * @throws IllegalStateException if called from a handler (it would wait for its own worker)
     */
    @Override
    void close();

    /** Configures a local space. Not thread-safe. */
    final class Builder {
        private Path directory;
        private int workers = Math.max(2, Runtime.getRuntime().availableProcessors());
        private EventErrorListener errorListener;
        private Durability durability;
        private Duration workerSpin = Duration.ZERO;

        private Builder() {}

        /** Where persistent channels are kept; with it, channels are persistent by default. */
        public Builder directory(Path directory) {
            this.directory = Objects.requireNonNull(directory, "directory");
            return this;
        }

        /** The durability of channels declared by a publisher or subscription. */
        public Builder defaultDurability(Durability durability) {
            this.durability = Objects.requireNonNull(durability, "durability");
            return this;
        }

        /**
         * How many worker threads run handlers: by default the number of processors, at least 2.
         *
         * @throws IllegalArgumentException if less than 1
         */
        public Builder workers(int workers) {
            if (workers < 1) {
                throw new IllegalArgumentException("a space needs at least 1 worker, was " + workers);
            }
            this.workers = workers;
            return this;
        }

        /**
         * How long an idle worker polls for work before it parks: zero by default, so that no
         * worker spins. A few tens of microseconds take the cost of waking a parked thread out of
         * the latency from publish to handler, at the price of a core kept busy meanwhile by each
         * idle worker; only worth it with cores to spare.
         *
         * @throws IllegalArgumentException if negative
         */
        public Builder workerSpin(Duration spin) {
            if (spin.isNegative()) {
                throw new IllegalArgumentException("the workers' spin cannot be negative, was " + spin);
            }
            this.workerSpin = spin;
            return this;
        }

        /** Told of failures in subscriptions; by default they are logged (SLF4J, warning). */
        public Builder errorListener(EventErrorListener listener) {
            this.errorListener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /**
         * The space.
         *
         * @throws io.sluice.channel.ChannelException if the directory cannot be created or read
         */
        public EventChannels build() {
            Durability d = durability != null ? durability : directory != null ? Durability.PERSISTENT : Durability.TRANSIENT;
            if (d == Durability.PERSISTENT && directory == null) {
                throw new IllegalArgumentException("persistent channels by default need a directory");
            }
            return new LocalEventSpace(directory, workers, workerSpin.toNanos(), errorListener, d);
        }
    }
}
