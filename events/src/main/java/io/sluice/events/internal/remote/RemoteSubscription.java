package io.sluice.events.internal.remote;

import io.sluice.events.Event;
import io.sluice.events.EventException;
import io.sluice.events.EventHandler;
import io.sluice.events.Start;
import io.sluice.events.SubscribeOptions;
import io.sluice.events.Subscription;
import io.sluice.events.SubscriptionState;
import io.sluice.records.RecordFormat;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A subscription on a remote space. The server filters and queues events (with the
 * subscription's overflow policy) and sends at most its capacity ahead of what the handler has
 * taken; here they wait in a queue for the space's workers, one at a time. After a broken
 * connection (with reconnection on) it is {@code RECONNECTING} until {@link #resubscribe()} opened
 * it again: it remembers the last seq received and the events it holds for that.
 */
final class RemoteSubscription<T> implements Subscription<T> {
    private static final Logger LOG = LoggerFactory.getLogger(RemoteSubscription.class);

    private final RemoteEventSpace space;
    private final int id;
    private final String channel;
    private final RecordFormat format;
    private final Function<byte[], T> reader;
    private final SubscribeOptions options;
    private final int creditBatch;
    private final ArrayDeque<Event<T>> queue = new ArrayDeque<>();
    private final Set<String> blocked = ConcurrentHashMap.newKeySet();
    private volatile EventHandler<T> handler;
    private volatile String filter;
    private volatile String name;
    private volatile SubscriptionState state = SubscriptionState.ACTIVE;
    private volatile long acknowledged = -1;
    private volatile long handled;
    private volatile long failures;
    private volatile Throwable lastFailure;
    /** The highest seq the server sent (an event, or one it could not send); on the event loop. */
    private volatile long lastReceived = -1;
    /** On a persistent channel the seq it started at, as the server said; else -1. */
    private volatile long startSeq = -1;
    /** The server answered its first SUB_OPEN: a broken connection after that registers it again. */
    private volatile boolean opened;
    private boolean running;
    /** Credit earned and not yet sent. */
    private int credit;
    /** Events received whose credit is not yet counted (queued, being handled). */
    private int owed;

    RemoteSubscription(RemoteEventSpace space, int id, String channel, RecordFormat format, Function<byte[], T> reader,
            EventHandler<T> handler, SubscribeOptions options) {
        this.space = space;
        this.id = id;
        this.channel = channel;
        this.format = format;
        this.reader = reader;
        this.handler = handler;
        this.filter = options.filter();
        this.name = options.name();
        this.options = options;
        this.creditBatch = Math.max(1, options.capacity() / 4);
    }

    /** The subscription's SUB_OPEN, starting at {@code start}, with its name, filter and queue as they are now. */
    Msg.Out openMessage(long req, Start start) {
        return openMessage(req, start, 0);
    }

    /**
     * As {@link #openMessage(long, Start)}, with {@code held} events received on a broken
     * connection still to be handled here: the server sends that many fewer at first.
     */
    private Msg.Out openMessage(long req, Start start, int held) {
        Msg.Out out = new Msg.Out(Msg.SUB_OPEN).l(req).i(id).s(channel).s(format.toJson()).s(name).s(filter).i(options.capacity())
                .b(options.overflow().ordinal()).b(start.kind().ordinal()).l(start.seq());
        Set<String> formats = Set.copyOf(blocked);
        out.i(formats.size()); // blocked before the first event is sent
        formats.forEach(out::s);
        return out.i(held);
    }

    /** The server's answer to its SUB_OPEN: the name it goes by, and where it started. */
    void opened(Msg.In in) {
        this.name = in.s();
        this.startSeq = in.more() ? in.l() : -1;
        this.opened = true;
    }

    private boolean live() {
        return state == SubscriptionState.ACTIVE || state == SubscriptionState.RECONNECTING;
    }

    /** Its connection broke; on the event loop. Events queued are still handled. */
    void disconnected(RuntimeException cause) {
        synchronized (this) {
            if (state != SubscriptionState.ACTIVE || !opened) {
                return; // one still being made fails, or is made on the new connection
            }
            state = SubscriptionState.RECONNECTING;
        }
        report(-1, "the connection broke; registering the subscription again (" + cause.getMessage() + ")", cause);
    }

    /**
     * Opens it again at the server after a broken connection, on the re-registration's thread: on
     * a persistent channel after the last event received (or where it first started), on a
     * transient one from now; with its filter and blocked formats as they are. Then its last
     * acknowledgement is sent again.
     */
    void resubscribe() {
        Start start;
        int held;
        synchronized (this) {
            if (!live() || !opened) {
                return; // a subscription still being made is made on the new connection
            }
            long from = Math.max(startSeq, lastReceived + 1);
            start = startSeq >= 0 ? Start.at(from) : Start.now();
            // the events still to be handled here take room in the new registration's credit;
            // the credit earned and not yet sent was the old connection's
            held = Math.min(owed, options.capacity());
            credit = 0;
        }
        long req = space.calls().nextRequest();
        opened(space.calls().reregister(req, openMessage(req, start, held))); // with its blocked formats
        if (acknowledged >= 0) {
            space.link().sendOrDrop(new Msg.Out(Msg.SUB_ACK).i(id).l(acknowledged));
        }
        synchronized (this) {
            if (state == SubscriptionState.RECONNECTING) {
                state = SubscriptionState.ACTIVE;
                notifyAll();
                LOG.debug("{}: registered again from {}", this, start);
                return;
            }
        }
        // cancelled meanwhile, without telling the server, which did not know it then
        long r = space.calls().nextRequest();
        space.link().sendOrDrop(new Msg.Out(Msg.SUB_CANCEL).l(r).i(id));
    }

    /** It could not be registered again after a broken connection: it ends. */
    void lost(RuntimeException cause) {
        synchronized (this) {
            if (!live()) {
                return;
            }
            state = SubscriptionState.CANCELLED;
            queue.clear();
            notifyAll();
        }
        space.registry().forget(id);
        report(-1, "it could not be registered again after the connection broke: " + cause.getMessage(), cause);
    }

    private void report(long seq, String problem, Throwable cause) {
        EventException e = new EventException(channel, name, seq, problem, cause);
        try {
            space.workers().execute(() -> tell(seq, e));
        } catch (java.util.concurrent.RejectedExecutionException ex) {
            tell(seq, e);
        }
    }

    private void tell(long seq, EventException e) {
        try {
            space.errors().onError(this, seq, e);
        } catch (RuntimeException ex) {
            LOG.warn("the error listener failed on {}", e.getMessage(), ex);
        }
    }

    /** An event from the server; on the connection's event loop. */
    void deliver(long seq, RecordFormat writer, byte[] bytes) {
        received(seq);
        T value;
        try {
            value = reader.apply(bytes);
        } catch (RuntimeException e) {
            failure(seq, "the event cannot be read as " + format, e);
            credit(1);
            return;
        }
        synchronized (this) {
            if (!live()) {
                return;
            }
            queue.add(new Event<>(channel, seq, writer, value));
            if (running) {
                return;
            }
            running = true;
        }
        space.workers().execute(this::drain);
    }

    private void drain() {
        ClientThreads.inHandler(this::drainSome);
    }

    private void drainSome() {
        for (int n = 0; n < 64; n++) {
            Event<T> e;
            synchronized (this) {
                e = queue.poll();
                if (e == null || !live()) {
                    running = false;
                    notifyAll();
                    return;
                }
            }
            try {
                handler.handle(e);
            } catch (Exception ex) {
                failure(e.seq(), "the handler failed: " + ex, ex);
            }
            handled++;
            credit(1);
        }
        space.workers().execute(this::drain);
    }

    /** The server could not send the event {@code seq}; on the connection's event loop. */
    void failedAt(long seq, String problem) {
        received(seq);
        failure(seq, problem, null);
        credit(1);
    }

    private synchronized void received(long seq) {
        lastReceived = Math.max(lastReceived, seq);
        owed++;
    }

    private void credit(int n) {
        int send;
        synchronized (this) {
            owed -= n;
            credit += n;
            if (credit <= 0 || credit < creditBatch && !queue.isEmpty()) {
                return;
            }
            send = credit;
            credit = 0;
        }
        try {
            space.link().sendOrDrop(new Msg.Out(Msg.SUB_CREDIT).i(id).i(send));
        } catch (RuntimeException e) {
            // The space is closed or lost: no more events come.
        }
    }

    private void failure(long seq, String problem, Throwable cause) {
        EventException e = new EventException(channel, name, seq, problem, cause);
        failures++;
        lastFailure = e;
        try {
            space.errors().onError(this, seq, e);
        } catch (RuntimeException ex) {
            LOG.warn("the error listener failed on {}", e.getMessage(), ex);
        }
    }

    /** The server ended it, or the space was lost or closed. */
    void ended(String reason) {
        synchronized (this) {
            if (!live()) {
                return;
            }
            state = reason.startsWith("disconnected") ? SubscriptionState.DISCONNECTED : SubscriptionState.CANCELLED;
            queue.clear();
            notifyAll();
        }
        LOG.debug("channel '{}', subscription '{}' ended: {}", channel, name, reason);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String channel() {
        return channel;
    }

    @Override
    public RecordFormat format() {
        return format;
    }

    @Override
    public SubscriptionState state() {
        return state;
    }

    @Override
    public void updateHandler(EventHandler<T> handler) {
        this.handler = java.util.Objects.requireNonNull(handler, "handler");
    }

    @Override
    public void updateFilter(String expression) {
        long req = space.calls().nextRequest();
        space.calls().call(req, new Msg.Out(Msg.SUB_FILTER).l(req).i(id).s(expression));
        this.filter = expression;
    }

    @Override
    public String filter() {
        return filter;
    }

    @Override
    public void block(String formatName) {
        long req = space.calls().nextRequest();
        space.calls().call(req, new Msg.Out(Msg.SUB_BLOCK).l(req).i(id).s(formatName));
        blocked.add(formatName);
    }

    @Override
    public void unblock(String formatName) {
        long req = space.calls().nextRequest();
        space.calls().call(req, new Msg.Out(Msg.SUB_UNBLOCK).l(req).i(id).s(formatName));
        blocked.remove(formatName);
    }

    @Override
    public Set<String> blocked() {
        return Set.copyOf(blocked);
    }

    @Override
    public void acknowledge(long seq) {
        if (seq < 0) {
            throw new IllegalArgumentException("channel '" + channel + "', subscription '" + name + "': cannot acknowledge a negative seq: "
                    + seq);
        }
        acknowledged = Math.max(acknowledged, seq);
        space.link().sendOrDrop(new Msg.Out(Msg.SUB_ACK).i(id).l(seq)); // sent again when registered again
    }

    @Override
    public long acknowledged() {
        return acknowledged;
    }

    @Override
    public long handled() {
        return handled;
    }

    /** Drops happen at the server; this side does not know of them. */
    @Override
    public long dropped() {
        return 0;
    }

    @Override
    public long failures() {
        return failures;
    }

    @Override
    public Optional<Throwable> lastFailure() {
        return Optional.ofNullable(lastFailure);
    }

    @Override
    public synchronized boolean awaitIdle(Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while ((running || !queue.isEmpty()) && live()) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return true;
    }

    @Override
    public void cancel() {
        boolean reconnecting;
        synchronized (this) {
            if (!live()) {
                return;
            }
            reconnecting = state == SubscriptionState.RECONNECTING;
            state = SubscriptionState.CANCELLED;
            queue.clear();
            notifyAll();
        }
        space.registry().forget(id);
        if (reconnecting || !space.link().isOnline()) {
            return; // the server dropped it with the connection; a re-registration under way cancels it
        }
        try {
            long req = space.calls().nextRequest();
            Msg.Out out = new Msg.Out(Msg.SUB_CANCEL).l(req).i(id);
            if (ClientThreads.onConnectionThread()) {
                space.link().sendOrDrop(out); // e.g. from an error listener there: its answer is not awaited
            } else {
                space.calls().call(req, out);
            }
        } catch (RuntimeException e) {
            // The space is closed or lost: the server dropped the subscription with it.
        }
    }

    @Override
    public String toString() {
        return "subscription '" + name + "' to event channel '" + channel + "' of space " + space.uri();
    }
}
