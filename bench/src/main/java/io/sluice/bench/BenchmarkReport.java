package io.sluice.bench;

import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.List;

/**
 * Everything a harness run found, for the markdown report and the chart.
 *
 * @param options how the harness ran
 * @param startedAt when it started
 * @param took how long it took, warm-up included, report writing excluded
 * @param machine where it ran
 * @param groups the variants' summaries, one list per workflow, its baseline among them
 * @param loadAverageAtEnd the system load average over the last minute when it ended, negative if
 *     unknown
 */
record BenchmarkReport(BenchmarkOptions options, ZonedDateTime startedAt, Duration took, MachineInfo machine,
        List<List<VariantSummary>> groups, double loadAverageAtEnd) {

    BenchmarkReport {
        groups = groups.stream().map(List::copyOf).toList();
    }
}
