package io.sluice.channels;

import java.util.concurrent.locks.LockSupport;

/**
 * How a channel endpoint waits: a short spin, in case the other side is about to act, then
 * parking until woken. The machines Sluice targets have few cores, so the spin is kept short
 * (a few microseconds); see {@code docs/tuning.md}.
 */
final class Parking {
    /** Spins before parking; chosen by the channel micro-benchmark. */
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
}
