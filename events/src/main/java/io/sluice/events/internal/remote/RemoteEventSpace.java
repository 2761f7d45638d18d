package io.sluice.events.internal.remote;

import io.sluice.events.ChannelInfo;
import io.sluice.events.Durability;
import io.sluice.events.EventChannels;
import io.sluice.events.EventErrorListener;
import io.sluice.events.EventHandler;
import io.sluice.events.FilterException;
import io.sluice.events.ForwardOptions;
import io.sluice.events.Forwarder;
import io.sluice.events.Publisher;
import io.sluice.events.RemoteEventOptions;
import io.sluice.events.SubscribeOptions;
import io.sluice.events.Subscription;
import io.sluice.records.RecordFormat;
import io.sluice.records.RecordValue;
import io.sluice.records.Records;
import io.sluice.remote.RemoteSpace;
import io.sluice.remote.SpaceException;
import io.sluice.remote.service.ServiceListener;
import io.sluice.remote.service.ServiceStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A client's view of the event channels a space server hosts: one service stream on one
 * connection, a pool of workers for the handlers, and a thread that renews the lease. With
 * {@link RemoteEventOptions#reconnect()}, the stream is opened again after the connection broke
 * and was made again, and a thread of its own registers the client's publishers and
 * subscriptions again ({@link Reregistration}); calls wait meanwhile.
 */
public final class RemoteEventSpace implements EventChannels, ServiceListener {
    private static final Logger LOG = LoggerFactory.getLogger(RemoteEventSpace.class);
    /** How many publishes of one publisher may await the server's answer at once, by default. */
    public static final int DEFAULT_PUBLISH_WINDOW = RemoteEventOptions.DEFAULT_PUBLISH_WINDOW;
    /** Set while a handler of a remote subscription runs on this thread. */
    static final ThreadLocal<Boolean> IN_HANDLER = new ThreadLocal<>();
    /** Set while a connection's event loop runs this client's code (and the callbacks of futures it completes). */
    private static final ThreadLocal<Boolean> ON_CONNECTION = new ThreadLocal<>();

    private final RemoteSpace space;
    private final ServiceStream stream;
    private final NamedThreads workerThreads = new NamedThreads("sluice-remote-events");
    private final NamedThreads renewerThreads = new NamedThreads("sluice-remote-events-lease");
    private final ExecutorService workers;
    private final ScheduledExecutorService renewer;
    private final EventErrorListener errors;
    private final int publishWindow;
    private final long answerMillis;
    private final boolean reconnect;
    private final Reregistration reregistration;
    private final Map<Long, CompletableFuture<Msg.In>> pending = new ConcurrentHashMap<>();
    private final Map<Integer, RemoteSubscription<?>> subs = new ConcurrentHashMap<>();
    private final Map<Integer, RemotePublisher<?>> pubs = new ConcurrentHashMap<>();
    private final Map<Long, RecordFormat> writerFormats = new ConcurrentHashMap<>();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicInteger ids = new AtomicInteger();
    /** The lease the service grants on the stream's current opening. */
    private volatile CompletableFuture<Long> lease = new CompletableFuture<>();
    /** Done while the client is registered at the server; replaced when the connection breaks. */
    private volatile CompletableFuture<Void> online = CompletableFuture.completedFuture(null);
    private volatile RuntimeException failed;
    private volatile boolean closed;

    /**
     * Opens the event service's stream on {@code space}, which the result owns and closes.
     *
     * @throws SpaceException if the space hosts no event service or does not answer in time
     */
    public RemoteEventSpace(RemoteSpace space, String service, EventErrorListener errors, RemoteEventOptions options) {
        this.space = space;
        this.errors = errors;
        this.publishWindow = options.publishWindow();
        this.answerMillis = options.answerTimeout().toMillis();
        this.reconnect = options.reconnect();
        this.workers = Executors.newFixedThreadPool(options.workers(), workerThreads);
        this.renewer = Executors.newSingleThreadScheduledExecutor(renewerThreads);
        this.reregistration = reconnect ? new Reregistration(this) : null;
        this.stream = space.openService(service, this);
        long leaseMillis;
        try {
            leaseMillis = lease.get(answerMillis, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException | InterruptedException e) {
            close();
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            Throwable c = e instanceof ExecutionException ? e.getCause() : e;
            throw new SpaceException("space " + space.uri() + " does not host event channels (service " + service + "): "
                    + c.getMessage(), c);
        }
        long period = Math.max(5, leaseMillis / 3);
        renewer.scheduleAtFixedRate(this::renew, period, period, TimeUnit.MILLISECONDS);
    }

    private void renew() {
        CompletableFuture<Long> l = lease; // granted on the stream's current opening: renewed also while registering again
        if (failed == null && !closed && l.isDone() && !l.isCompletedExceptionally()) {
            try {
                stream.send(new Msg.Out(Msg.RENEW).bytes());
            } catch (RuntimeException e) {
                LOG.debug("cannot renew the lease at {}: {}", space.uri(), e.getMessage());
            }
        }
    }

    // ---- requests

    long nextRequest() {
        return requests.incrementAndGet();
    }

    int nextId() {
        return ids.incrementAndGet();
    }

    /** Sends a message without waiting for an answer. */
    void send(Msg.Out out) {
        check();
        stream.send(out.bytes());
    }

    /**
     * Sends a message that the client sends again when it registers again after a broken
     * connection (credit, an acknowledgement): while it is not registered the message is dropped.
     */
    void sendOrDrop(Msg.Out out) {
        check();
        try {
            stream.send(out.bytes());
        } catch (SpaceException e) {
            if (!reconnect || failed != null || closed) {
                throw e;
            }
        }
    }

    int publishWindow() {
        return publishWindow;
    }

    long answerMillis() {
        return answerMillis;
    }

    /** Runs {@code task} on the lease's thread after {@code millis}; null if the client is closed. */
    java.util.concurrent.ScheduledFuture<?> schedule(Runnable task, long millis) {
        try {
            return renewer.schedule(task, millis, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            return null;
        }
    }

    /** True on a connection's event loop, in this client's code or a callback of a future it completed. */
    static boolean onConnectionThread() {
        return ON_CONNECTION.get() != null;
    }

    /**
     * Fails at once on a connection's event loop, where waiting would hold up the answers awaited.
     *
     * @param what the call, for the message
     */
    static void checkNotOnConnection(Object who, String what) {
        if (onConnectionThread()) {
            throw new IllegalStateException(who + ": " + what + " would wait for the server on the connection's own thread, which "
                    + "carries the answer (e.g. in a callback of a publishAsync future); call it from another thread");
        }
    }

    /** True while the client is registered at the server (not reconnecting, failed or closed). */
    boolean isOnline() {
        CompletableFuture<Void> o = online;
        return o.isDone() && !o.isCompletedExceptionally() && failed == null && !closed;
    }

    /** Waits, at most the answer timeout, until the client is registered again after a broken connection. */
    private void awaitOnline() {
        CompletableFuture<Void> o = online;
        if (o.isDone()) {
            return;
        }
        checkNotOnConnection(this, "a call while the client is registered again");
        try {
            o.get(answerMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new SpaceException("the event channels of space " + space.uri() + " are not connected and registered again within "
                    + answerMillis + " ms");
        } catch (ExecutionException e) {
            check();
            throw new SpaceException("the event channels of space " + space.uri() + " are lost: " + e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SpaceException("interrupted while waiting for space " + space.uri() + " to be connected again");
        }
    }

    /**
     * Sends a request without waiting: the result completes with the answer (on the connection's
     * thread), positioned at the ok byte, or exceptionally when the connection is lost or the
     * space closed first. While the client is registered again after a broken connection, this
     * waits for it first.
     */
    CompletableFuture<Msg.In> request(long req, Msg.Out out) {
        check();
        awaitOnline();
        CompletableFuture<Msg.In> answer = new CompletableFuture<>();
        pending.put(req, answer);
        answer.whenComplete((in, e) -> pending.remove(req));
        try {
            check(); // failed or closed while the answer was being registered: nothing would complete it
            stream.send(out.bytes());
        } catch (RuntimeException e) {
            pending.remove(req);
            throw e;
        }
        return answer;
    }

    /** The failure an answer not ok reports, positioned after its ok byte. */
    static RuntimeException refused(Msg.In in) {
        return error(in);
    }

    /**
     * Sends a request and waits for its answer, positioned after the ok byte.
     *
     * @param forever false to wait at most the answer timeout
     */
    Msg.In call(long req, Msg.Out out, boolean forever) throws InterruptedException {
        check();
        checkNotOnConnection(this, "a call");
        awaitOnline();
        return exchange(req, out, forever);
    }

    /** {@link #call} where an interrupt is not expected: it is kept and turned into a failure. */
    Msg.In call(long req, Msg.Out out) {
        try {
            return call(req, out, false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SpaceException("interrupted while waiting for space " + space.uri());
        }
    }

    /** A call made while the client registers again: it does not wait for the registration. */
    Msg.In reregister(long req, Msg.Out out) {
        try {
            return exchange(req, out, false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SpaceException("interrupted while registering again at space " + space.uri());
        }
    }

    private Msg.In exchange(long req, Msg.Out out, boolean forever) throws InterruptedException {
        check();
        CompletableFuture<Msg.In> answer = new CompletableFuture<>();
        pending.put(req, answer);
        try {
            check(); // failed or closed while the answer was being registered: nothing would complete it
            stream.send(out.bytes());
            Msg.In in = forever ? answer.get() : answer.get(answerMillis, TimeUnit.MILLISECONDS);
            if (in.b() == 1) {
                return in;
            }
            throw error(in);
        } catch (ExecutionException e) {
            RuntimeException c = (RuntimeException) e.getCause();
            throw new SpaceException(c.getMessage(), c);
        } catch (TimeoutException e) {
            throw new SpaceException("space " + space.uri() + " did not answer within " + answerMillis + " ms");
        } finally {
            pending.remove(req);
        }
    }

    private static RuntimeException error(Msg.In in) {
        int kind = in.b();
        String message = in.s();
        return switch (kind) {
            case Msg.E_FILTER -> new FilterException(message, in.s(), in.i(), in.i());
            case Msg.E_ARGUMENT -> new IllegalArgumentException(message);
            case Msg.E_STATE -> new IllegalStateException(message);
            default -> new SpaceException(message);
        };
    }

    private void check() {
        if (closed) {
            throw new IllegalStateException("the event channels of space " + space.uri() + " are closed");
        }
        RuntimeException f = failed;
        if (f != null) {
            throw new SpaceException("the event channels of space " + space.uri() + " are lost: " + f.getMessage(), f);
        }
    }

    java.net.URI uri() {
        return space.uri();
    }

    ExecutorService workers() {
        return workers;
    }

    EventErrorListener errors() {
        return errors;
    }

    void forget(int subscription) {
        subs.remove(subscription);
    }

    void forgetPublisher(int publisher) {
        pubs.remove(publisher);
    }

    void registered(int id, RemotePublisher<?> publisher) {
        pubs.put(id, publisher);
    }

    List<RemotePublisher<?>> publishers() {
        return List.copyOf(pubs.values());
    }

    List<RemoteSubscription<?>> subscriptions() {
        return List.copyOf(subs.values());
    }

    // ---- messages from the service (on the connection's event loop)

    @Override
    public void onMessage(byte[] message) {
        ON_CONNECTION.set(Boolean.TRUE);
        try {
            message(new Msg.In(message));
        } finally {
            ON_CONNECTION.remove();
        }
    }

    private void message(Msg.In in) {
        int kind = in.b();
        switch (kind) {
            case Msg.LEASE -> lease.complete(in.l());
            case Msg.REPLY -> {
                CompletableFuture<Msg.In> f = pending.get(in.l());
                if (f != null) {
                    f.complete(in);
                }
            }
            case Msg.EVENT -> {
                RemoteSubscription<?> s = subs.get(in.i());
                long seq = in.l();
                long fp = in.l();
                String json = in.b() == 1 ? in.s() : null; // sent once per subscription
                RecordFormat writer = json != null ? writerFormats.computeIfAbsent(fp, k -> RecordFormat.parse(json))
                        : writerFormats.get(fp);
                byte[] bytes = in.rest();
                if (s != null) {
                    s.deliver(seq, writer, bytes);
                }
            }
            case Msg.SUB_FAILED -> {
                RemoteSubscription<?> s = subs.get(in.i());
                long seq = in.l();
                String problem = in.s();
                if (s != null) {
                    s.failedAt(seq, problem);
                }
            }
            case Msg.SUB_ENDED -> {
                RemoteSubscription<?> s = subs.remove(in.i());
                if (s != null) {
                    s.ended(in.s());
                }
            }
            default -> LOG.warn("space {}: an event-service message of unknown kind {}", space.uri(), kind);
        }
    }

    @Override
    public void failed(RuntimeException cause) {
        ON_CONNECTION.set(Boolean.TRUE);
        try {
            fail(cause);
        } finally {
            ON_CONNECTION.remove();
        }
    }

    private void fail(RuntimeException cause) {
        synchronized (this) {
            if (failed != null) {
                return;
            }
            failed = cause;
        }
        lease.completeExceptionally(cause);
        online.completeExceptionally(cause);
        pending.values().forEach(f -> f.completeExceptionally(cause));
        for (RemoteSubscription<?> s : subs.values()) {
            s.ended(cause.getMessage());
        }
        subs.clear();
        if (!closed) {
            LOG.warn("event channels of space {}: {}", space.uri(), cause.getMessage());
        }
    }

    @Override
    public boolean reopens() {
        return reconnect;
    }

    /**
     * The connection broke: what awaits an answer fails (the server may or may not have done it),
     * calls wait for the client to be registered again, subscriptions are reconnecting.
     */
    @Override
    public void disconnected(RuntimeException cause) {
        ON_CONNECTION.set(Boolean.TRUE);
        try {
            synchronized (this) {
                if (failed != null || closed) {
                    return;
                }
                reregistration.disconnected(); // first: a re-registration under way is stale before its lease fails
                CompletableFuture<Long> old = lease;
                lease = new CompletableFuture<>();
                old.completeExceptionally(cause); // a re-registration waiting for it stops
                if (online.isDone()) {
                    online = new CompletableFuture<>();
                }
            }
            LOG.info("event channels of space {}: {}", space.uri(), cause.getMessage());
            SpaceException lost = new SpaceException("lost the connection to space " + space.uri() + " before the server answered; "
                    + "it may or may not have done what was asked (connecting again)", cause);
            pending.values().forEach(f -> f.completeExceptionally(lost));
            for (RemoteSubscription<?> s : subs.values()) {
                s.disconnected(cause);
            }
        } finally {
            ON_CONNECTION.remove();
        }
    }

    /** The stream is open again on a new connection: register again, on a thread of its own. */
    @Override
    public void reopened() {
        synchronized (this) {
            if (failed == null && !closed) {
                reregistration.start();
            }
        }
    }

    /** The new stream's lease, waited for at most the answer timeout. */
    long awaitLease() throws InterruptedException, ExecutionException, TimeoutException {
        return lease.get(answerMillis, TimeUnit.MILLISECONDS);
    }

    /**
     * The client registered again for the connection {@code generation} of the re-registration:
     * calls go on, unless the connection broke again meanwhile.
     */
    synchronized void backOnline(long generation) {
        if (reregistration.generation() == generation && failed == null && !closed) {
            online.complete(null);
            LOG.info("event channels of space {}: registered again after the broken connection", space.uri());
        }
    }

    /** Registering again failed for good: everything ends as if the connection were lost. */
    void reregistrationFailed(RuntimeException cause) {
        SpaceException lost = new SpaceException("the event channels of space " + space.uri()
                + " could not be registered again after a broken connection: " + cause.getMessage(), cause);
        fail(lost);
        try {
            stream.close();
        } catch (RuntimeException e) {
            LOG.debug("closing the stream to space {}: {}", space.uri(), e.getMessage());
        }
    }

    // ---- EventChannels

    @Override
    public ChannelInfo declare(String channel, RecordFormat format, Durability durability) {
        long req = nextRequest();
        return call(req, new Msg.Out(Msg.DECLARE).l(req).s(channel).s(format.toJson()).b(durability.ordinal())).info();
    }

    @Override
    public Publisher<RecordValue> publisher(String channel, RecordFormat format) {
        return new RemotePublisher<>(this, channel, Records.encoder(format));
    }

    @Override
    public <T extends Record> Publisher<T> publisher(String channel, Class<T> type) {
        return new RemotePublisher<>(this, channel, Records.encoder(type));
    }

    @Override
    public Subscription<RecordValue> subscribe(String channel, RecordFormat format, EventHandler<RecordValue> handler,
            SubscribeOptions options) {
        return subscribe(channel, format, Records.resolver(format, format)::read, handler, options);
    }

    @Override
    public <T extends Record> Subscription<T> subscribe(String channel, Class<T> type, EventHandler<T> handler,
            SubscribeOptions options) {
        RecordFormat format = RecordFormat.of(type);
        return subscribe(channel, format, Records.resolver(format, type)::read, handler, options);
    }

    private <T> Subscription<T> subscribe(String channel, RecordFormat format, Function<byte[], T> reader, EventHandler<T> handler,
            SubscribeOptions options) {
        int id = nextId();
        RemoteSubscription<T> s = new RemoteSubscription<>(this, id, channel, format, reader, handler, options);
        subs.put(id, s);
        long req = nextRequest();
        try {
            s.opened(call(req, s.openMessage(req, options.start())));
            return s;
        } catch (RuntimeException e) {
            subs.remove(id);
            throw e;
        }
    }

    /** Forwarders run where the channels are: not over a connection. */
    @Override
    public Forwarder forward(String from, String to, ForwardOptions options) {
        throw new UnsupportedOperationException("a forwarder runs in the space that hosts its channels, not over a connection to "
                + space.uri() + "; make it on the server's EventService.space()");
    }

    @Override
    public List<ChannelInfo> channels() {
        return channels(Pattern.compile(".*"));
    }

    @Override
    public List<ChannelInfo> channels(Pattern names) {
        long req = nextRequest();
        Msg.In in = call(req, new Msg.Out(Msg.LIST).l(req).s(names.pattern()));
        int n = in.i();
        List<ChannelInfo> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(in.info());
        }
        return out;
    }

    @Override
    public Optional<ChannelInfo> channel(String name) {
        return channels(Pattern.compile(Pattern.quote(name))).stream().findFirst();
    }

    @Override
    public void close() {
        if (IN_HANDLER.get() != null) {
            throw new IllegalStateException("the event channels of space " + space.uri()
                    + " cannot be closed from a handler: closing waits for the handlers");
        }
        if (closed) {
            return;
        }
        synchronized (this) {
            closed = true;
        }
        renewerThreads.shutdown(renewer, true, 10_000);
        if (reregistration != null) {
            reregistration.close();
        }
        online.completeExceptionally(new IllegalStateException("the event channels of space " + space.uri() + " were closed"));
        // calls waiting for an answer (a publish waits without a limit) end now, not never
        IllegalStateException closing = new IllegalStateException("the event channels of space " + space.uri() + " were closed");
        pending.values().forEach(f -> f.completeExceptionally(closing));
        for (RemoteSubscription<?> s : subs.values()) {
            s.ended("the space's client is closed");
        }
        subs.clear();
        try {
            stream.close();
        } finally {
            space.close();
            workerThreads.shutdown(workers, false, 10_000); // handlers running finish, then no worker is left
        }
    }

    @Override
    public String toString() {
        return "event channels of space " + space.uri();
    }
}
