package io.sluice.events.internal;

import io.sluice.events.EventHandler;
import io.sluice.events.Overflow;
import io.sluice.events.SubscriptionState;
import io.sluice.records.RecordFormat;
import io.sluice.records.RecordValue;
import java.util.ArrayDeque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A subscription to a transient channel: publishers put events in its bounded queue (after its
 * filter, on their own threads), and a worker takes them out in order. The queue's
 * {@link Overflow} decides what a publisher does when it is full.
 */
final class QueuedSubscription<T> extends AbstractSubscription<T> {
    /** An event as published: shared by every subscription it is queued for, never changed. */
    record Delivery(long seq, RecordFormat writer, byte[] bytes) {}

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition notFull = lock.newCondition();
    private final ArrayDeque<Delivery> queue;
    /** Publishers waiting in {@link #offer}; read by the worker to know whether to signal. */
    private volatile int waiting;

    QueuedSubscription(LocalEventSpace space, LocalChannel channel, String name, EventReader<T> reader,
            EventReader<RecordValue> filterReader, EventHandler<T> handler, CelFilter filter, int capacity, Overflow overflow) {
        super(space, channel, name, reader, filterReader, handler, filter, capacity, overflow);
        this.queue = new ArrayDeque<>(Math.min(capacity, 1024));
    }

    /**
     * Queues an event for this subscription, unless its filter or blocked formats leave it out;
     * on the publisher's thread.
     *
     * @throws InterruptedException if interrupted while waiting for room ({@link Overflow#BLOCK})
     */
    void offer(Delivery d) throws InterruptedException {
        if (state != SubscriptionState.ACTIVE || !wants(d.writer(), d.bytes(), 0, d.bytes().length, d.seq())) {
            return;
        }
        boolean disconnect = false;
        lock.lock();
        try {
            while (queue.size() >= capacity && state == SubscriptionState.ACTIVE) {
                if (overflow == Overflow.BLOCK) {
                    waiting++;
                    try {
                        notFull.await();
                    } finally {
                        waiting--;
                    }
                } else if (overflow == Overflow.DROP_OLDEST) {
                    queue.pollFirst();
                    dropped.incrementAndGet();
                } else {
                    disconnect = true;
                    break;
                }
            }
            if (state != SubscriptionState.ACTIVE || disconnect) {
                queue.clear();
            } else {
                queue.addLast(d);
            }
        } finally {
            lock.unlock();
        }
        if (disconnect) {
            disconnect(d.seq());
        } else {
            schedule();
        }
    }

    private Delivery take() {
        lock.lock();
        try {
            Delivery d = queue.pollFirst();
            if (d != null && waiting > 0) {
                notFull.signal();
            }
            return d;
        } finally {
            lock.unlock();
        }
    }

    @Override
    void drainBatch(int max) {
        for (int i = 0; i < max && state == SubscriptionState.ACTIVE; i++) {
            if (paused()) {
                return; // resumed by its handler
            }
            Delivery d = take();
            if (d == null) {
                return;
            }
            deliver(d.seq(), d.writer(), d.bytes(), 0, d.bytes().length);
        }
    }

    @Override
    boolean hasWaiting() {
        lock.lock();
        try {
            return !queue.isEmpty();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void acknowledge(long seq) {
        if (seq < 0) {
            throw new IllegalArgumentException(where() + ": cannot acknowledge a negative seq: " + seq);
        }
        synchronized (this) {
            acknowledged = Math.max(acknowledged, seq);
        }
    }

    @Override
    void wakePublishers() {
        lock.lock();
        try {
            queue.clear();
            notFull.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    void closeResources() {
        // Nothing but memory.
    }
}
