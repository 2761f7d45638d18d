package io.sluice.workflow.internal;

/**
 * The speed of each copy of a replicated actor and the proportional split of a round among them
 * (the greedy rule of the composite-endpoint paper: each gets work in proportion to its measured
 * rate). A copy that fires in another process also has a latency, the time a slice spends on the
 * way to it and back: the split then gives each copy as many tokens as it can fire in the time
 * the round takes after its latency, so that all finish together, and none to a copy whose
 * latency alone is longer than the round would take without it (such a copy still gets one token
 * every {@link #PROBE_EVERY} rounds, so that it is measured again). Copies are numbered as the
 * replicated actor numbers them, local ones first, then those that joined from elsewhere; a split
 * is made among the copies still active. Called by the replicated actor's firing thread only.
 */
final class CopyRates {
    /** Weight of the newest measure in the smoothed rate. */
    private static final double NEWEST = 0.5;
    /** How often a copy left out for its latency is given a token anyway. */
    static final int PROBE_EVERY = 16;
    private final double[] tokensPerNano;
    private final double[] latencyNanos;
    private long splits;

    /** Rates of up to {@code copies} copies. */
    CopyRates(int copies) {
        tokensPerNano = new double[copies];
        latencyNanos = new double[copies];
    }

    /** Takes in that {@code copy} handled {@code tokens} tokens in {@code nanos} nanoseconds, all of them busy. */
    void measured(int copy, int tokens, long nanos) {
        measured(copy, tokens, nanos, nanos);
    }

    /**
     * Takes in that {@code copy} handled {@code tokens} tokens in {@code busyNanos} nanoseconds of
     * its own, and had them back {@code totalNanos} after they were sent.
     */
    void measured(int copy, int tokens, long busyNanos, long totalNanos) {
        if (tokens <= 0) {
            return;
        }
        double rate = tokens / (double) Math.max(1, busyNanos);
        double latency = Math.max(0, totalNanos - busyNanos);
        double old = tokensPerNano[copy];
        tokensPerNano[copy] = old == 0 ? rate : NEWEST * rate + (1 - NEWEST) * old;
        latencyNanos[copy] = old == 0 ? latency : NEWEST * latency + (1 - NEWEST) * latencyNanos[copy];
    }

    /** As {@link #split(int, int[])} among copies {@code 0 .. copies - 1}. */
    int[] split(int tokens) {
        int[] all = new int[tokensPerNano.length];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        return split(tokens, all);
    }

    /**
     * How many of {@code tokens} each of {@code active} gets, indexed as {@code active}: in
     * proportion to its rate (a copy not yet measured counts at the mean of those that are, and
     * all equally while none is) over the time the round has left after its latency, at least one
     * each of those whose latency leaves them time when there are as many tokens as them, summing
     * to {@code tokens}.
     */
    int[] split(int tokens, int[] active) {
        int k = active.length;
        double[] rate = new double[k];
        double[] latency = new double[k];
        double sum = 0;
        int measuredCopies = 0;
        for (int i = 0; i < k; i++) {
            rate[i] = tokensPerNano[active[i]];
            latency[i] = latencyNanos[active[i]];
            if (rate[i] > 0) {
                sum += rate[i];
                measuredCopies++;
            }
        }
        double mean = measuredCopies == 0 ? 1 : sum / measuredCopies;
        for (int i = 0; i < k; i++) {
            rate[i] = rate[i] > 0 ? rate[i] : mean;
        }
        // The round's time T if every copy with latency below it works until T: sum r_i (T - l_i) = tokens.
        boolean[] in = new boolean[k];
        java.util.Arrays.fill(in, true);
        double time = 0;
        for (boolean changed = true; changed; ) {
            double rates = 0;
            double lag = 0;
            for (int i = 0; i < k; i++) {
                if (in[i]) {
                    rates += rate[i];
                    lag += rate[i] * latency[i];
                }
            }
            time = (tokens + lag) / rates;
            changed = false;
            for (int i = 0; i < k; i++) {
                if (in[i] && latency[i] > 0 && latency[i] >= time) {
                    in[i] = false;
                    changed = true;
                }
            }
        }
        boolean probe = ++splits % PROBE_EVERY == 0;
        double[] weight = new double[k];
        int members = 0;
        double total = 0;
        for (int i = 0; i < k; i++) {
            in[i] |= probe; // now and then a copy left out is measured again
            if (in[i]) {
                weight[i] = Math.max(rate[i] * (time - latency[i]), 0);
                total += weight[i];
                members++;
            }
        }
        int[] shares = new int[k];
        int floor = tokens >= members ? 1 : 0;
        int rest = tokens - floor * members;
        double[] exact = new double[k];
        int given = 0;
        for (int i = 0; i < k; i++) {
            if (in[i]) {
                exact[i] = total > 0 ? rest * weight[i] / total : rest / (double) members;
                shares[i] = floor + (int) Math.floor(exact[i]);
                given += shares[i];
            }
        }
        while (given < tokens) { // largest remainders first; ties to the lower copy
            int best = -1;
            double bestFraction = -1;
            for (int i = 0; i < k; i++) {
                double fraction = exact[i] - Math.floor(exact[i]);
                if (in[i] && fraction > bestFraction) {
                    best = i;
                    bestFraction = fraction;
                }
            }
            shares[best]++;
            exact[best] = Math.floor(exact[best]);
            given++;
        }
        return shares;
    }
}
