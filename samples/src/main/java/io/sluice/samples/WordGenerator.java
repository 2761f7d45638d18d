package io.sluice.samples;

/**
 * The pseudo-random generator of {@link WordSource}: SplitMix64, the algorithm of
 * {@link java.util.SplittableRandom}, whose {@code new SplittableRandom(seed)} draws the same
 * numbers. Unlike it, this one shows its state, a single {@code long} ({@link #state()}), and
 * starts from one ({@link #at}), so that a resumed source goes on from its checkpoint at once
 * instead of drawing past every word it had emitted. Not thread-safe.
 */
final class WordGenerator {
    /** The increment of the state per draw: the odd number nearest to 2^64 divided by the golden ratio. */
    private static final long GAMMA = 0x9e3779b97f4a7c15L;
    private long state;

    private WordGenerator(long state) {
        this.state = state;
    }

    /** The generator that draws what {@code new SplittableRandom(seed)} draws. */
    static WordGenerator seeded(long seed) {
        return new WordGenerator(seed);
    }

    /** The generator whose {@link #state()} was {@code state}: it goes on drawing from there. */
    static WordGenerator at(long state) {
        return new WordGenerator(state);
    }

    /** Where the generator is: {@link #at} with this value draws the same numbers from here on. */
    long state() {
        return state;
    }

    /** A number in {@code [0, bound)}, as {@code SplittableRandom.nextInt(bound)} draws it; {@code bound > 0}. */
    int nextInt(int bound) {
        int r = nextInt();
        int m = bound - 1;
        if ((bound & m) == 0) {
            return r & m;
        }
        // Rejects the top of the range that a modulo would make uneven.
        for (int u = r >>> 1; u + m - (r = u % bound) < 0; u = nextInt() >>> 1) {
            // draws again
        }
        return r;
    }

    private int nextInt() {
        state += GAMMA;
        long z = state;
        z = (z ^ (z >>> 33)) * 0x62a9d9ed799705f5L;
        return (int) (((z ^ (z >>> 28)) * 0xcb24d0a5c88c35b3L) >>> 32);
    }
}
