package io.sluice.channel.internal;

import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * How a channel endpoint waits: a few yields of the core, in case the other side is about to
 * act, then parking until woken. The machines Sluice targets have two cores and are shared, so
 * no endpoint busy-waits; see {@code docs/tuning.md}.
 */
public final class Parking {
    /**
     * Yields the core this many times before parking. On two cores shared by more runnable
     * threads, a yield lets the thread that will satisfy the waiter run at once, and the waiter
     * then usually finds several tokens; a parked reader costs its writer an unpark (a futex
     * call) for the next token, and itself a wake-up, both far dearer than a yield. On an idle
     * core a yield returns at once, so the extra wait before parking stays a few microseconds.
     * The count is a tuning knob, measured in docs/tuning.md (yield before parking).
     *
     * <p>There is no spin before the yields: a waiter that spins on the writer's count takes its
     * cache line from the writer at every check, and a core from the actors that have work
     * (docs/tuning.md, spin before parking).
     */
    public static final int YIELDS = 16;

    private Parking() {}

    /**
     * Waits a little for {@code ready}, without parking: {@link #YIELDS} yields, checking it after
     * each. The caller parks if this returns false.
     */
    public static boolean awaitBriefly(BooleanSupplier ready) {
        for (int i = 0; i < YIELDS; i++) {
            Thread.yield();
            if (ready.getAsBoolean()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Parks the current thread until unparked (or spuriously woken).
     *
     * @throws InterruptedException if the thread is interrupted; the flag is cleared
     */
    public static void park(Object blocker) throws InterruptedException {
        LockSupport.park(blocker);
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
    }

    /**
     * Waits for {@code thread} to end, even if the current thread is interrupted meanwhile: a
     * thread that stops a channel's own thread must not leave it running. The interrupt, if any,
     * is kept for the caller (its flag set again once the thread has ended).
     */
    public static void joinUninterruptibly(Thread thread) {
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Parks the current thread for at most {@code nanos}, until unparked (or spuriously woken).
     *
     * @throws InterruptedException if the thread is interrupted; the flag is cleared
     */
    public static void parkNanos(Object blocker, long nanos) throws InterruptedException {
        LockSupport.parkNanos(blocker, nanos);
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
    }
}
