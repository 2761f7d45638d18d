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
 * @param failures variants that failed or gave a wrong result (they are in no group)
 * @param workflowsTook how long the workflow benchmarks took
 * @param jmh the JMH results, or null if JMH did not run
 * @param jmhTook how long JMH took
 * @param heapLimited the heap-limited section, or null if it did not run
 * @param codecs the codec of each token type, one line each
 */
record BenchmarkReport(BenchmarkOptions options, ZonedDateTime startedAt, Duration took, MachineInfo machine,
        List<List<VariantSummary>> groups, double loadAverageAtEnd, List<Failure> failures, Duration workflowsTook,
        List<JmhResults.Row> jmh, Duration jmhTook, HeapLimitedReport heapLimited, List<String> codecs) {

    BenchmarkReport {
        groups = groups.stream().map(List::copyOf).toList();
        failures = List.copyOf(failures);
        jmh = jmh == null ? null : List.copyOf(jmh);
        codecs = List.copyOf(codecs);
    }

    /**
     * A variant that did not give a measurement.
     *
     * @param variant its name
     * @param reason what happened, one line
     */
    record Failure(String variant, String reason) {}
}
