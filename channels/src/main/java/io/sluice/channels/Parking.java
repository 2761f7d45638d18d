package io.sluice.channels;

import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * How a channel endpoint waits: a short spin, in case the other side is about to act, a few
 * yields of the core, then parking until woken. The machines Sluice targets have two cores and
 * are shared, so the spin is kept to about a microsecond and no endpoint busy-waits for long;
 * see {@code docs/tuning.md}.
 */
final class Parking {
    /**
     * Spins before parking. A fixed internal constant, not yet tuned against alternatives: the
     * channel micro-benchmark measures the channel with this value only.
     */
    static final int SPINS = 128;

    /**
     * Then yields the core this many times before parking. On two cores shared by more runnable
     * threads, a yield lets the thread that will satisfy the waiter run at once, and the waiter
     * then usually finds several tokens; a parked reader costs its writer an unpark (a futex
     * call) for the next token, and itself a wake-up, both far dearer than a yield. On an idle
     * core a yield returns at once, so the extra wait before parking stays a few microseconds.
     * Measured on the 3M-word filter with 0, 8, 16 and 32 yields (docs/tuning.md); 8 already
     * takes most of the gain, 32 little more.
     */
    static final int YIELDS = 16;

    private Parking() {}

    /**
     * Waits a little for {@code ready}, without parking: {@link #SPINS} spins, then
     * {@link #YIELDS} yields, checking it after each. The caller parks if this returns false.
     */
    static boolean awaitBriefly(BooleanSupplier ready) {
        for (int i = 0; i < SPINS; i++) {
            Thread.onSpinWait();
            if (ready.getAsBoolean()) {
                return true;
            }
        }
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
    static void park(Object blocker) throws InterruptedException {
        LockSupport.park(blocker);
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
    }

    /**
     * Parks the current thread for at most {@code nanos}, until unparked (or spuriously woken).
     *
     * @throws InterruptedException if the thread is interrupted; the flag is cleared
     */
    static void parkNanos(Object blocker, long nanos) throws InterruptedException {
        LockSupport.parkNanos(blocker, nanos);
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
    }
}
