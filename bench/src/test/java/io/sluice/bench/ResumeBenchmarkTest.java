package io.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The resume benchmark's report: its table, ratios and median from the rounds it ran. */
class ResumeBenchmarkTest {
    private static ResumeBenchmark.Child child(double wallSeconds, String... out) {
        return new ResumeBenchmark.Child(0, (long) (wallSeconds * 1e9), List.of(out), "");
    }

    @Test
    void theReportGivesEachRoundItsRatiosAndTheMedian() {
        List<ResumeBenchmark.Round> rounds = List.of(
                new ResumeBenchmark.Round(child(10, "filter: 100 tokens in 8.00 s (12 tokens/s), ..."), 0.91,
                        child(4, "resumed: 3 of 3 actors restarted", "filter: 100 tokens in 2.00 s (50 tokens/s), ..."), 150L << 20),
                new ResumeBenchmark.Round(child(10, "filter: 100 tokens in 8.00 s (12 tokens/s), ..."), 0.90,
                        child(2, "resumed: 2 of 3 actors restarted", "filter: 100 tokens in 1.00 s (100 tokens/s), ..."), 150L << 20),
                new ResumeBenchmark.Round(child(10, "filter: 100 tokens in 8.00 s (12 tokens/s), ..."), 0.92,
                        child(3, "resumed: 1 of 3 actors restarted", "filter: 100 tokens in 4.00 s (25 tokens/s), ..."), 150L << 20));

        String report = ResumeBenchmark.report(100, 0.9, rounds);

        assertThat(report).contains("| 1 | 10.00 s / 8.00 s | 91% | 4.00 s / 2.00 s | 0.40 | 0.25 | 150 MiB |")
                .contains("| 2 | 10.00 s / 8.00 s | 90% | 2.00 s / 1.00 s | 0.20 | 0.13 | 150 MiB |")
                .contains("Median resume / full: 0.30 (wall), 0.25 (run).")
                .contains("2. resumed: 2 of 3 actors restarted")
                .contains("bench/run-benchmarks.sh --resume --tokens 100 --rounds 3");
    }
}
