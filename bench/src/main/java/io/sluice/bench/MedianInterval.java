package io.sluice.bench;

import java.util.Arrays;
import java.util.Optional;

/**
 * A confidence interval for the median of a sample that assumes nothing about its distribution:
 * two of the sample's own values, the {@code k}-th smallest and the {@code k}-th largest, with
 * {@code k} as large as the confidence allows. The true median lies below the {@code k}-th
 * smallest of {@code n} values only if fewer than {@code k} of them fall below it, which has
 * the binomial probability {@code P(B(n, 1/2) < k)}; the same holds above. The harness uses it on
 * the per-round ratios of two variants, which are paired (measured in the same round), so that a
 * target is called met only when the whole interval is on its side.
 *
 * @param low the {@code k}-th smallest value
 * @param high the {@code k}-th largest value
 * @param coverage the probability that the interval holds the median: at least the confidence
 *     asked for, more when the sample is small (the next smaller {@code k} would fall short)
 */
record MedianInterval(double low, double high, double coverage) {

    /** The confidence the harness asks for. */
    static final double CONFIDENCE = 0.95;

    /**
     * The interval for the median of {@code values} at {@link #CONFIDENCE}, or empty if there are
     * too few values for it (5 or fewer: even the smallest and largest leave more than 5% out).
     */
    static Optional<MedianInterval> of(double[] values) {
        return of(values, CONFIDENCE);
    }

    /**
     * The interval at {@code confidence} (between 0 and 1), or empty if there are too few values.
     *
     * @throws IllegalArgumentException if {@code confidence} is not between 0 and 1
     */
    static Optional<MedianInterval> of(double[] values, double confidence) {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be between 0 and 1, was " + confidence);
        }
        int n = values.length;
        double tail = (1 - confidence) / 2;
        // The largest k with P(B < k) <= tail: cumulative binomial probabilities of 0, 1, ... values below.
        int k = 0;
        double below = 0;
        for (int i = 0; i < n; i++) {
            double next = below + binomialHalf(n, i);
            if (next > tail) {
                break;
            }
            below = next;
            k = i + 1;
        }
        if (k == 0) {
            return Optional.empty();
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return Optional.of(new MedianInterval(sorted[k - 1], sorted[n - k], 1 - 2 * below));
    }

    /** P(B(n, 1/2) = i), computed in logarithms so that large n does not overflow. */
    private static double binomialHalf(int n, int i) {
        double logChoose = 0;
        for (int j = 1; j <= i; j++) {
            logChoose += Math.log(n - i + j) - Math.log(j);
        }
        return Math.exp(logChoose - n * Math.log(2));
    }

    /** Where {@code target} lies against the interval, for a target the value must reach ({@code >=}). */
    Verdict atLeast(double target) {
        return low >= target ? Verdict.MET : high < target ? Verdict.NOT_MET : Verdict.UNCLEAR;
    }

    /** What a run's interval says about a target. */
    enum Verdict {
        /** The whole interval is on the target's side. */
        MET,
        /** The whole interval misses it. */
        NOT_MET,
        /** The interval holds the target: this run cannot tell. */
        UNCLEAR
    }
}
