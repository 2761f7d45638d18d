package io.sluice.events.internal;

import dev.cel.runtime.CelRuntime;
import dev.cel.runtime.CelRuntimeFactory;
import io.sluice.actor.Names;
import io.sluice.events.ChannelInfo;
import io.sluice.events.Durability;
import io.sluice.events.EventChannels;
import io.sluice.events.EventErrorListener;
import io.sluice.events.EventHandler;
import io.sluice.events.ForwardOptions;
import io.sluice.events.Forwarder;
import io.sluice.events.Publisher;
import io.sluice.events.Start;
import io.sluice.events.SubscribeOptions;
import io.sluice.events.Subscription;
import io.sluice.records.RecordEncoder;
import io.sluice.records.RecordFormat;
import io.sluice.records.RecordResolverCache;
import io.sluice.records.RecordValue;
import io.sluice.records.Records;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A space of event channels in this JVM: made by {@link EventChannels#local()} and its builder.
 * Not API: use {@link EventChannels}.
 */
public final class LocalEventSpace implements EventChannels {
    private static final Logger LOG = LoggerFactory.getLogger(LocalEventSpace.class);

    private final Path directory;
    private final Durability defaultDurability;
    private final EventErrorListener errorListener;
    private final ThreadPoolExecutor workers;
    private final RecordResolverCache resolvers = Records.resolverCache();
    private final CelRuntime cel = CelRuntimeFactory.standardCelRuntimeBuilder().build();
    private final Map<String, LocalChannel> channels = new LinkedHashMap<>();
    private final List<LocalForwarder> forwarders = new ArrayList<>();
    private final AtomicInteger subscriptionNumbers = new AtomicInteger();
    /** The workers' threads, to refuse calls that would wait for a worker from a worker. */
    private final java.util.Set<Thread> workerThreads = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    /** Use {@link EventChannels#builder()}. */
    public LocalEventSpace(Path directory, int workers, long workerSpinNanos, EventErrorListener errorListener,
            Durability defaultDurability) {
        this.directory = directory;
        this.defaultDurability = defaultDurability;
        this.errorListener = errorListener;
        String space = Integer.toHexString(System.identityHashCode(this));
        AtomicInteger threads = new AtomicInteger();
        ThreadFactory factory = r -> {
            Thread t = new Thread(() -> {
                try {
                    r.run();
                } finally {
                    workerThreads.remove(Thread.currentThread());
                }
            }, "sluice-events-" + space + "-worker-" + threads.incrementAndGet());
            t.setDaemon(true);
            workerThreads.add(t);
            return t;
        };
        this.workers = new ThreadPoolExecutor(workers, workers, 0, TimeUnit.SECONDS, new SpinningQueue(workerSpinNanos),
                factory);
    }

    void checkOpen() {
        if (closed) {
            throw new IllegalStateException("the event space is closed");
        }
    }

    /**
     * Refuses a call that waits for the space's workers from one of them (it would wait for
     * itself).
     *
     * @param what the call, for the message
     */
    void checkNotWorker(String what) {
        if (workerThreads.contains(Thread.currentThread())) {
            throw new IllegalStateException(what + " was called from a handler, on a worker of the space, and would wait for "
                    + "that worker; call it from another thread");
        }
    }

    void execute(Runnable task) {
        workers.execute(task);
    }

    CelFilter compileFilter(String expression, RecordFormat format, String where) {
        return CelFilter.compile(expression, format, cel, where);
    }

    void report(Subscription<?> subscription, long seq, Throwable error) {
        if (errorListener == null) {
            LOG.warn("{}", error.getMessage(), error);
            return;
        }
        try {
            errorListener.onError(subscription, seq, error);
        } catch (RuntimeException e) {
            LOG.warn("the error listener threw on: {}", error.getMessage(), e);
        }
    }

    @Override
    public ChannelInfo declare(String channel, RecordFormat format, Durability durability) {
        return channel(channel, format, durability, true).info();
    }

    /**
     * The channel of this name: the one declared (its format and durability checked if
     * {@code strict}), or a new one.
     */
    private synchronized LocalChannel channel(String name, RecordFormat format, Durability durability, boolean strict) {
        checkOpen();
        Names.requireChannel(name);
        LocalChannel c = channels.get(name);
        if (c != null) {
            if (strict && !c.format().equals(format)) {
                throw new IllegalArgumentException("event channel '" + name + "' is of format " + c.format() + " "
                        + c.format().toJson() + ", not " + format + " " + format.toJson());
            }
            if (strict && c.durability() != durability) {
                throw new IllegalArgumentException("event channel '" + name + "' is " + c.durability() + ", not " + durability);
            }
            return c;
        }
        EventLog log = null;
        if (durability == Durability.PERSISTENT) {
            if (directory == null) {
                throw new IllegalArgumentException("event channel '" + name
                        + "' cannot be persistent: the space has no directory (EventChannels.local(directory))");
            }
            log = EventLog.open(name, directory.resolve(name), format);
        }
        c = new LocalChannel(name, format, durability, log);
        channels.put(name, c);
        return c;
    }

    @Override
    public Publisher<RecordValue> publisher(String channel, RecordFormat format) {
        return publisher(channel, Records.encoder(format));
    }

    @Override
    public <T extends Record> Publisher<T> publisher(String channel, Class<T> type) {
        return publisher(channel, Records.encoder(type));
    }

    private <T> Publisher<T> publisher(String name, RecordEncoder<T> encoder) {
        RecordFormat format = encoder.format();
        synchronized (this) {
            LocalChannel c = channel(name, format, defaultDurability, false);
            // The channel's type: what this publisher writes must read as the channel's format,
            // and as each subscription's.
            Records.checkCanRead(format, c.format());
            for (AbstractSubscription<?> s : c.subscriptions()) {
                Records.checkCanRead(format, s.filterReader.format());
            }
            LocalPublisher<T> p = new LocalPublisher<>(this, c, encoder);
            c.add(p);
            return p;
        }
    }

    @Override
    public Subscription<RecordValue> subscribe(String channel, RecordFormat format, EventHandler<RecordValue> handler,
            SubscribeOptions options) {
        EventReader<RecordValue> reader = EventReader.of(format, resolvers);
        return subscribe(channel, format, reader, reader, handler, options);
    }

    @Override
    public <T extends Record> Subscription<T> subscribe(String channel, Class<T> type, EventHandler<T> handler,
            SubscribeOptions options) {
        RecordFormat format = RecordFormat.of(type);
        return subscribe(channel, format, EventReader.of(type, resolvers), EventReader.of(format, resolvers), handler, options);
    }

    /** A forwarder's subscription: events under their writers' own formats. */
    Subscription<RecordValue> subscribeForwarding(String channel, EventHandler<RecordValue> handler, SubscribeOptions options) {
        LocalChannel c;
        synchronized (this) {
            checkOpen();
            c = channels.get(channel);
            if (c == null) {
                throw new IllegalArgumentException("event channel '" + channel + "' is not declared; a forwarder needs its format");
            }
        }
        EventReader<RecordValue> reader = EventReader.forwarding(c.format());
        return subscribe(channel, c.format(), reader, EventReader.of(c.format(), resolvers), handler, options);
    }

    private <T> Subscription<T> subscribe(String name, RecordFormat format, EventReader<T> reader,
            EventReader<RecordValue> filterReader, EventHandler<T> handler, SubscribeOptions options) {
        java.util.Objects.requireNonNull(handler, "handler");
        synchronized (this) {
            LocalChannel c = channel(name, format, defaultDurability, false);
            String subName = options.name() != null ? options.name() : name + "-" + subscriptionNumbers.incrementAndGet();
            String where = "channel '" + name + "', subscription '" + subName + "'";
            c.checkFree(subName);
            // The subscription's format must read the channel's, and every format written on it.
            Records.checkCanRead(c.format(), format);
            for (RecordFormat w : c.writerFormats()) {
                Records.checkCanRead(w, format);
            }
            CelFilter filter = options.filter() == null ? null : compileFilter(options.filter(), format, where);
            AbstractSubscription<T> s;
            EventLog log = c.log();
            if (log == null) {
                if (options.start().kind() == Start.Kind.SEQ) {
                    throw new IllegalArgumentException(where + ": cannot start at " + options.start()
                            + ": the channel is transient and keeps no events; start now");
                }
                s = new QueuedSubscription<>(this, c, subName, reader, filterReader, handler, filter, options.capacity(),
                        options.overflow());
                c.add(s);
            } else {
                synchronized (log) {
                    long start = switch (options.start().kind()) {
                        case NOW -> log.published();
                        case SEQ -> options.start().seq();
                        case ACKNOWLEDGED -> {
                            long acked = options.name() == null ? -1 : LogSubscription.readAcknowledged(log, subName);
                            yield acked >= 0 ? acked + 1 : log.published();
                        }
                    };
                    s = new LogSubscription<>(this, c, subName, options.name() != null, reader, filterReader, handler, filter,
                            options.capacity(), options.overflow(), log, start);
                    c.add(s);
                }
                if (s.hasWaiting()) {
                    s.schedule();
                }
            }
            return s;
        }
    }

    /**
     * The seq a subscription of a persistent channel made by a space of this kind started at (its
     * start resolved: now, a seq, or after the acknowledged), or -1 for any other subscription.
     */
    public static long startSeq(Subscription<?> subscription) {
        return subscription instanceof LogSubscription<?> l ? l.start() : -1;
    }

    @Override
    public Forwarder forward(String from, String to, ForwardOptions options) {
        LocalForwarder f = new LocalForwarder(this, from, to, options);
        synchronized (this) {
            forwarders.add(f);
        }
        return f;
    }

    synchronized void removed(LocalForwarder f) {
        forwarders.remove(f);
    }

    @Override
    public synchronized List<ChannelInfo> channels() {
        return channels.values().stream().map(LocalChannel::info).toList();
    }

    @Override
    public synchronized List<ChannelInfo> channels(Pattern names) {
        return channels.values().stream().filter(c -> names.matcher(c.name()).matches()).map(LocalChannel::info).toList();
    }

    @Override
    public synchronized Optional<ChannelInfo> channel(String name) {
        LocalChannel c = channels.get(name);
        return c == null ? Optional.empty() : Optional.of(c.info());
    }

    @Override
    public void close() {
        checkNotWorker("EventChannels.close()");
        List<LocalChannel> all;
        List<LocalForwarder> fs;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            all = List.copyOf(channels.values());
            fs = List.copyOf(forwarders);
        }
        for (LocalForwarder f : fs) {
            f.close();
        }
        for (LocalChannel c : all) {
            for (LocalPublisher<?> p : c.publishers()) {
                p.close();
            }
            for (AbstractSubscription<?> s : c.subscriptions()) {
                s.cancel();
            }
        }
        workers.shutdown();
        try {
            if (!workers.awaitTermination(30, TimeUnit.SECONDS)) {
                LOG.warn("event space: a handler did not return within 30 s of close; its worker is interrupted");
                workers.shutdownNow();
            }
        } catch (InterruptedException e) {
            workers.shutdownNow();
            Thread.currentThread().interrupt();
        }
        RuntimeException failure = null;
        for (LocalChannel c : all) {
            if (c.log() != null) {
                try {
                    c.log().close();
                } catch (RuntimeException e) {
                    if (failure == null) {
                        failure = e;
                    } else {
                        failure.addSuppressed(e);
                    }
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
