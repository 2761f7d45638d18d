package io.sluice.samples;

/**
 * The configurable "work per token" of the paper's pass-through filter: a busy loop that the JIT
 * cannot remove, so that a delay costs CPU the way real computation does.
 */
final class BusyWork {
    private BusyWork() {}

    /** Spins {@code iterations} times and returns a value that depends on every iteration. */
    static long spin(long iterations, long seed) {
        long x = seed | 1;
        for (long i = 0; i < iterations; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }
}
