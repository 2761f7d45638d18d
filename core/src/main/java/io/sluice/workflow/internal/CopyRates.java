package io.sluice.workflow.internal;

/**
 * The speed of each copy of a replicated actor and the proportional split of a round among them
 * (the greedy rule of the composite-endpoint paper: each gets work in proportion to its measured
 * rate). Called by the replicated actor's firing thread only.
 */
final class CopyRates {
    /** Weight of the newest measure in the smoothed rate. */
    private static final double NEWEST = 0.5;
    private final double[] tokensPerNano;

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

    /**
     * How many of {@code tokens} each copy gets: in proportion to its rate (equal shares while a
     * rate is unknown), at least one each when there are as many tokens as copies, summing to
     * {@code tokens}.
     */
    int[] split(int tokens) {
        int k = tokensPerNano.length;
        int[] shares = new int[k];
        boolean known = true;
        double sum = 0;
        for (double r : tokensPerNano) {
            known &= r > 0;
            sum += r;
        }
        int floor = tokens >= k ? 1 : 0;
        int rest = tokens - floor * k;
        double[] exact = new double[k];
        int given = 0;
        for (int i = 0; i < k; i++) {
            exact[i] = known ? rest * tokensPerNano[i] / sum : rest / (double) k;
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
