package io.sluice.bench;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * What the report says about one variant: statistics over its measured rounds, and its ratio to
 * the baseline of its workflow measured in the same harness run.
 *
 * @param variant the variant
 * @param runs its measured runs, in round order
 * @param baseline the baseline's summary, or null if this is the baseline
 */
record VariantSummary(Variant variant, List<Measurement> runs, VariantSummary baseline) {

    VariantSummary {
        runs = List.copyOf(runs);
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("variant " + variant.name() + " has no measured run");
        }
    }

    double medianTokensPerSecond() {
        return median(runs.stream().mapToDouble(Measurement::tokensPerSecond).toArray());
    }

    double minTokensPerSecond() {
        return runs.stream().mapToDouble(Measurement::tokensPerSecond).min().orElseThrow();
    }

    double maxTokensPerSecond() {
        return runs.stream().mapToDouble(Measurement::tokensPerSecond).max().orElseThrow();
    }

    double medianWallSeconds() {
        return median(runs.stream().mapToDouble(m -> Measurement.seconds(m.wall())).toArray());
    }

    double medianCoresBusy() {
        return median(runs.stream().mapToDouble(Measurement::coresBusy).toArray());
    }

    /** The run whose peak channel depth was the largest. */
    Measurement deepest() {
        return runs.stream().max(Comparator.comparingLong(Measurement::peakDepth)).orElseThrow();
    }

    long maxDiskBytes() {
        return runs.stream().mapToLong(Measurement::diskBytes).max().orElseThrow();
    }

    long maxDiskAllocatedBytes() {
        return runs.stream().mapToLong(Measurement::diskAllocatedBytes).max().orElseThrow();
    }

    /** Median tokens/s over the baseline's median tokens/s; 1 for the baseline itself. */
    double ratio() {
        return baseline == null ? 1.0 : medianTokensPerSecond() / baseline.medianTokensPerSecond();
    }

    /**
     * The ratio to the baseline within each round (this variant's run over the baseline's run in
     * the same round, measured minutes apart at most), for a feel of how much the ratio moves.
     */
    double[] pairedRatios() {
        return baseline == null ? new double[] {1.0} : pairedRatios(baseline);
    }

    /** This variant's speed over {@code other}'s within each round in which both ran. */
    double[] pairedRatios(VariantSummary other) {
        return runs.stream().flatMapToDouble(m -> other.runs.stream().filter(o -> o.round() == m.round())
                .mapToDouble(o -> m.tokensPerSecond() / o.tokensPerSecond())).toArray();
    }

    /** The median; for an even count, the mean of the middle two. */
    static double median(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        double[] v = values.clone();
        Arrays.sort(v);
        int mid = v.length / 2;
        return v.length % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
    }
}
