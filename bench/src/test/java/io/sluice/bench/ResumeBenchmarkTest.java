package io.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The resume benchmark's report: per size the medians, and each round's times and ratios. */
class ResumeBenchmarkTest {
    private static ResumeBenchmark.Child child(double wallSeconds, String... out) {
        return new ResumeBenchmark.Child(0, (long) (wallSeconds * 1e9), List.of(out), "");
    }

    @Test
    void theReportGivesEachSizeItsMediansAndEachRoundItsRatios() {
        List<ResumeBenchmark.Round> rounds = List.of(
                new ResumeBenchmark.Round(child(10, "filter: 100 tokens in 8.00 s (12 tokens/s), ..."), 0.91,
                        child(4, "resumed: 3 of 3 actors restarted", "filter: 100 tokens in 2.00 s (50 tokens/s), ..."), 150L << 20),
                new ResumeBenchmark.Round(child(10, "filter: 100 tokens in 8.00 s (12 tokens/s), ..."), 0.90,
                        child(2, "resumed: 2 of 3 actors restarted", "filter: 100 tokens in 1.00 s (100 tokens/s), ..."), 150L << 20),
                new ResumeBenchmark.Round(child(10, "filter: 100 tokens in 8.00 s (12 tokens/s), ..."), 0.92,
                        child(3, "resumed: 1 of 3 actors restarted", "filter: 100 tokens in 4.00 s (25 tokens/s), ..."), 150L << 20));

        List<ResumeBenchmark.Round> larger = List.of(
                new ResumeBenchmark.Round(child(100, "filter: 1000 tokens in 98.00 s (10 tokens/s), ..."), 0.9,
                        child(12, "resumed: 3 of 3 actors restarted", "filter: 1000 tokens in 9.00 s (111 tokens/s), ..."), 1L << 30));

        String report = ResumeBenchmark.report(0.9, List.of(new ResumeBenchmark.Size(100, rounds),
                new ResumeBenchmark.Size(1000, larger)));

        assertThat(report).contains("| 1 | 10.00 s / 8.00 s | 91% | 4.00 s / 2.00 s | 0.40 | 0.25 | 150 MiB |")
                .contains("| 2 | 10.00 s / 8.00 s | 90% | 2.00 s / 1.00 s | 0.20 | 0.13 | 150 MiB |")
                .contains("2. resumed: 2 of 3 actors restarted")
                .contains("bench/run-benchmarks.sh --resume --tokens 100,1000 --rounds 3");
        // Per size: the medians of the ratios, of the full run's wall time, and of the time outside the runs.
        assertThat(report).contains("| 100 | 3 | 10.00 s | 0.30 | 0.25 | 2.00 s / 1.00 s |")
                .contains("| 1,000 | 1 | 100.00 s | 0.12 | 0.09 | 2.00 s / 3.00 s |")
                .contains("## 1,000 words")
                .contains("| 1 | 100.00 s / 98.00 s | 90% | 12.00 s / 9.00 s | 0.12 | 0.09 | 1024 MiB |");
    }
}
