package io.sluice.workflow.internal;

/**
 * The speed of each copy of a replicated actor and the proportional split of a round among them
 * (the greedy rule of the composite-endpoint paper: each gets work in proportion to its measured
 * rate). Copies are numbered as the replicated actor numbers them, local ones first, then those
 * that joined from elsewhere; a split is made among the copies still active. Called by the
 * replicated actor's firing thread only.
 */
final class CopyRates {
    /** Weight of the newest measure in the smoothed rate. */
    private static final double NEWEST = 0.5;
    private final double[] tokensPerNano;

    /** Rates of up to {@code copies} copies. */
    CopyRates(int copies) {
        tokensPerNano = new double[copies];
    }

    /** Takes in that {@code copy} handled {@code tokens} tokens in {@code nanos} nanoseconds. */
    void measured(int copy, int tokens, long nanos) {
        if (tokens <= 0) {
            return;
        }
        double rate = tokens / (double) Math.max(1, nanos);
        double old = tokensPerNano[copy];
        tokensPerNano[copy] = old == 0 ? rate : NEWEST * rate + (1 - NEWEST) * old;
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
     * all equally while none is), at least one each when there are as many tokens as copies,
     * summing to {@code tokens}.
     */
    int[] split(int tokens, int[] active) {
        int k = active.length;
        double[] rate = new double[k];
        double sum = 0;
        int measuredCopies = 0;
        for (int i = 0; i < k; i++) {
            rate[i] = tokensPerNano[active[i]];
            if (rate[i] > 0) {
                sum += rate[i];
                measuredCopies++;
            }
        }
        double mean = measuredCopies == 0 ? 1 : sum / measuredCopies;
        sum = 0;
        for (int i = 0; i < k; i++) {
            rate[i] = rate[i] > 0 ? rate[i] : mean;
            sum += rate[i];
        }
        int[] shares = new int[k];
        int floor = tokens >= k ? 1 : 0;
        int rest = tokens - floor * k;
        double[] exact = new double[k];
        int given = 0;
        for (int i = 0; i < k; i++) {
            exact[i] = rest * rate[i] / sum;
            shares[i] = floor + (int) Math.floor(exact[i]);
            given += shares[i];
        }
        while (given < tokens) { // largest remainders first; ties to the lower copy
            int best = 0;
            double bestFraction = -1;
            for (int i = 0; i < k; i++) {
                double fraction = exact[i] - Math.floor(exact[i]);
                if (fraction > bestFraction) {
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
