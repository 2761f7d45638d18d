package io.sluice.channel.local;

import io.sluice.channel.internal.Parking;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * A condition that threads wait for and others announce changes to, without a lock: waiters push
 * themselves on a stack and park; {@link #signal()} takes the whole stack and unparks it, and
 * costs one volatile read when nobody waits.
 *
 * <p>A waiter pushes itself (a volatile write) and then re-checks its condition; a signaller
 * changes the state and then reads the stack (a volatile read). Either the waiter sees the new
 * state or the signaller sees the waiter, so no wake-up is lost. The state a condition reads must
 * therefore be volatile too. A woken waiter whose condition still does not hold pushes itself
 * again before it parks; a stale entry only causes a harmless extra unpark.
 */
final class Signal {
    private final AtomicReference<Waiter> waiters = new AtomicReference<>();

    private static final class Waiter {
        final Thread thread;
        final Waiter next;

        Waiter(Thread thread, Waiter next) {
            this.thread = thread;
            this.next = next;
        }
    }

    /**
     * Blocks until the condition holds: a few yields ({@link Parking#YIELDS}), then parking.
     *
     * @throws InterruptedException if interrupted while waiting
     */
    void await(BooleanSupplier condition) throws InterruptedException {
        if (condition.getAsBoolean() || Parking.awaitBriefly(condition)) {
            return;
        }
        Thread me = Thread.currentThread();
        while (true) {
            push(me);
            if (condition.getAsBoolean()) {
                return;
            }
            Parking.park(this);
        }
    }

    /**
     * Blocks until the condition holds or about {@code nanos} have passed, parking at once (no
     * yields: a caller that can wait a while does not need them).
     *
     * @return whether the condition holds
     * @throws InterruptedException if interrupted while waiting
     */
    boolean await(BooleanSupplier condition, long nanos) throws InterruptedException {
        long deadline = System.nanoTime() + nanos;
        Thread me = Thread.currentThread();
        while (!condition.getAsBoolean()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            push(me);
            if (condition.getAsBoolean()) {
                return true;
            }
            Parking.parkNanos(this, left);
        }
        return true;
    }

    private void push(Thread me) {
        Waiter head;
        do {
            head = waiters.get();
        } while (!waiters.compareAndSet(head, new Waiter(me, head)));
    }

    /** Wakes every waiter so that it re-checks its condition. */
    void signal() {
        if (waiters.get() != null) {
            for (Waiter w = waiters.getAndSet(null); w != null; w = w.next) {
                LockSupport.unpark(w.thread);
            }
        }
    }
}
