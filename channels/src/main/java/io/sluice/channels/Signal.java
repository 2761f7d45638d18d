package io.sluice.channels;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

/**
 * A condition that threads wait for and others announce changes to. {@link #signal()} costs one
 * volatile read when nobody waits.
 *
 * <p>The waiter counts itself in {@code waiters} and then re-checks its condition; the signaller
 * changes the state and then reads {@code waiters}. Both are volatile accesses, so either the
 * waiter sees the new state or the signaller sees the waiter, and no wake-up is lost. The state a
 * condition reads must therefore be volatile too.
 */
final class Signal {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private volatile int waiters;

    /**
     * Blocks until the condition holds.
     *
     * @throws InterruptedException if interrupted while waiting
     */
    void await(BooleanSupplier condition) throws InterruptedException {
        if (condition.getAsBoolean()) {
            return;
        }
        for (int i = 0; i < Parking.SPINS; i++) {
            Parking.spin();
            if (condition.getAsBoolean()) {
                return;
            }
        }
        lock.lockInterruptibly();
        try {
            waiters++;
            try {
                while (!condition.getAsBoolean()) {
                    changed.await();
                }
            } finally {
                waiters--;
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Blocks until the condition holds or the time is up.
     *
     * @return whether the condition holds
     * @throws InterruptedException if interrupted while waiting
     */
    boolean await(BooleanSupplier condition, long timeout, TimeUnit unit) throws InterruptedException {
        if (condition.getAsBoolean()) {
            return true;
        }
        long nanos = unit.toNanos(timeout);
        lock.lockInterruptibly();
        try {
            waiters++;
            try {
                while (!condition.getAsBoolean()) {
                    if (nanos <= 0) {
                        return false;
                    }
                    nanos = changed.awaitNanos(nanos);
                }
                return true;
            } finally {
                waiters--;
            }
        } finally {
            lock.unlock();
        }
    }

    /** Wakes every waiter so that it re-checks its condition. */
    void signal() {
        if (waiters > 0) {
            lock.lock();
            try {
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }
}
