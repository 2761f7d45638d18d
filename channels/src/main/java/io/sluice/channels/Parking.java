package io.sluice.channels;

import java.util.concurrent.locks.LockSupport;

/**
 * How a channel endpoint waits: a short spin, in case the other side is about to act, then
 * parking until woken. The machines Sluice targets have two cores and are shared, so the spin is
 * kept to about a microsecond and no endpoint busy-waits for long; see {@code docs/tuning.md}.
 */
final class Parking {
    /**
     * Spins before parking. A fixed internal constant, not yet tuned against alternatives: the
     * channel micro-benchmark measures the channel with this value only.
     */
    static final int SPINS = 128;

    private Parking() {}

    /** One spin step. */
    static void spin() {
        Thread.onSpinWait();
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
