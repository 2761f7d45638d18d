package io.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class MedianIntervalTest {

    @Test
    void tenValuesGiveTheSecondSmallestAndTheSecondLargest() {
        // P(B(10, 1/2) <= 1) = 11/1024 is within 2.5%, P(B <= 2) = 56/1024 is not.
        MedianInterval i = MedianInterval.of(new double[] {9, 1, 8, 2, 7, 3, 6, 4, 5, 10}).orElseThrow();

        assertThat(i.low()).isEqualTo(2);
        assertThat(i.high()).isEqualTo(9);
        assertThat(i.coverage()).isCloseTo(1 - 22.0 / 1024, within(1e-12));
    }

    @Test
    void sixValuesAreTheFewestThatGiveAnInterval() {
        assertThat(MedianInterval.of(new double[] {1, 2, 3, 4, 5})).isEmpty();
        MedianInterval six = MedianInterval.of(new double[] {6, 5, 4, 3, 2, 1}).orElseThrow();
        assertThat(six.low()).isEqualTo(1);
        assertThat(six.high()).isEqualTo(6);
        assertThat(six.coverage()).isCloseTo(1 - 2.0 / 64, within(1e-12));
        assertThat(MedianInterval.of(new double[0])).isEmpty();
    }

    @Test
    void aLargeSampleNarrowsToTheMiddle() {
        // k for n = 100 is 40 (the normal approximation: 50 - 1.96 * 5 = 40.2).
        double[] values = IntStream.rangeClosed(1, 100).asDoubleStream().toArray();
        MedianInterval i = MedianInterval.of(values).orElseThrow();

        assertThat(i.low()).isEqualTo(40);
        assertThat(i.high()).isEqualTo(61);
        assertThat(i.coverage()).isBetween(0.95, 0.97);
        assertThat(MedianInterval.of(IntStream.range(0, 5000).asDoubleStream().toArray())).isPresent();
    }

    @Test
    void theIntervalHoldsTheMedianAsOftenAsItSays() {
        Random random = new Random(42);
        int trials = 4000;
        int held = 0;
        for (int t = 0; t < trials; t++) {
            // Skewed values whose median is 1: e^N(0, 1).
            double[] sample = IntStream.range(0, 10).mapToDouble(x -> Math.exp(random.nextGaussian())).toArray();
            MedianInterval i = MedianInterval.of(sample).orElseThrow();
            if (i.low() <= 1 && 1 <= i.high()) {
                held++;
            }
        }
        assertThat((double) held / trials).isCloseTo(1 - 22.0 / 1024, within(0.01));
    }

    @Test
    void theVerdictIsMetOnlyWhenTheWholeIntervalReachesTheTarget() {
        MedianInterval i = new MedianInterval(0.42, 0.62, 0.98);

        assertThat(i.atLeast(0.4)).isEqualTo(MedianInterval.Verdict.MET);
        assertThat(i.atLeast(0.42)).isEqualTo(MedianInterval.Verdict.MET);
        assertThat(i.atLeast(0.5)).isEqualTo(MedianInterval.Verdict.UNCLEAR);
        assertThat(i.atLeast(0.62)).isEqualTo(MedianInterval.Verdict.UNCLEAR);
        assertThat(i.atLeast(0.63)).isEqualTo(MedianInterval.Verdict.NOT_MET);
    }

    @Test
    void aConfidenceOutsideZeroToOneIsRefused() {
        assertThatThrownBy(() -> MedianInterval.of(new double[] {1, 2, 3}, 1.0)).hasMessageContaining("was 1.0");
        assertThatThrownBy(() -> MedianInterval.of(new double[] {1, 2, 3}, Double.NaN)).hasMessageContaining("NaN");
    }
}
