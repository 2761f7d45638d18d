package io.sluice.events.internal.remote;

import io.sluice.events.Event;
import io.sluice.events.EventException;
import io.sluice.events.EventHandler;
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
 * taken; here they wait in a queue for the space's workers, one at a time.
 */
final class RemoteSubscription<T> implements Subscription<T> {
    private static final Logger LOG = LoggerFactory.getLogger(RemoteSubscription.class);

    private final RemoteEventSpace space;
    private final int id;
    private final String channel;
    private final RecordFormat format;
    private final Function<byte[], T> reader;
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
    private boolean running;
    private int credit;

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
        this.creditBatch = Math.max(1, options.capacity() / 4);
    }

    void named(String name) {
        this.name = name;
    }

    /** An event from the server; on the connection's event loop. */
    void deliver(long seq, RecordFormat writer, byte[] bytes) {
        T value;
        try {
            value = reader.apply(bytes);
        } catch (RuntimeException e) {
            failure(seq, "the event cannot be read as " + format, e);
            credit(1);
            return;
        }
        synchronized (this) {
            if (state != SubscriptionState.ACTIVE) {
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
        RemoteEventSpace.IN_HANDLER.set(Boolean.TRUE);
        try {
            drainSome();
        } finally {
            RemoteEventSpace.IN_HANDLER.remove();
        }
    }

    private void drainSome() {
        for (int n = 0; n < 64; n++) {
            Event<T> e;
            synchronized (this) {
                e = queue.poll();
                if (e == null || state != SubscriptionState.ACTIVE) {
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
        failure(seq, problem, null);
        credit(1);
    }

    private void credit(int n) {
        int send;
        synchronized (this) {
            credit += n;
            if (credit < creditBatch && !queue.isEmpty()) {
                return;
            }
            send = credit;
            credit = 0;
        }
        try {
            space.send(new Msg.Out(Msg.SUB_CREDIT).i(id).i(send));
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
            if (state != SubscriptionState.ACTIVE) {
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
        long req = space.nextRequest();
        space.call(req, new Msg.Out(Msg.SUB_FILTER).l(req).i(id).s(expression));
        this.filter = expression;
    }

    @Override
    public String filter() {
        return filter;
    }

    @Override
    public void block(String formatName) {
        long req = space.nextRequest();
        space.call(req, new Msg.Out(Msg.SUB_BLOCK).l(req).i(id).s(formatName));
        blocked.add(formatName);
    }

    @Override
    public void unblock(String formatName) {
        long req = space.nextRequest();
        space.call(req, new Msg.Out(Msg.SUB_UNBLOCK).l(req).i(id).s(formatName));
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
        space.send(new Msg.Out(Msg.SUB_ACK).i(id).l(seq));
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
        while ((running || !queue.isEmpty()) && state == SubscriptionState.ACTIVE) {
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
        synchronized (this) {
            if (state != SubscriptionState.ACTIVE) {
                return;
            }
            state = SubscriptionState.CANCELLED;
            queue.clear();
            notifyAll();
        }
        space.forget(id);
        try {
            long req = space.nextRequest();
            space.call(req, new Msg.Out(Msg.SUB_CANCEL).l(req).i(id));
        } catch (RuntimeException e) {
            // The space is closed or lost: the server dropped the subscription with it.
        }
    }

    @Override
    public String toString() {
        return "subscription '" + name + "' to event channel '" + channel + "' of space " + space.uri();
    }
}
