package io.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.sluice.bench.HeapLimitedReport.Entry;
import io.sluice.bench.HeapLimitedReport.Status;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class HeapLimitedReportTest {
    private static final HeapLimitedOptions OPTIONS = HeapLimitedOptions.OFF.withSizes(List.of(1_000L, 10_000L))
            .withChannels(List.of("direct")).withRepeats(3);

    private static Entry ok(long tokens, long seconds, long heapPeak) {
        return new Entry("direct", tokens, Status.OK, Duration.ofSeconds(seconds), Duration.ofSeconds(2 * seconds), 100 * seconds,
                10 * seconds, heapPeak, "held " + seconds);
    }

    private static HeapLimitedReport report(Entry... entries) {
        return new HeapLimitedReport(OPTIONS, List.of(entries), Duration.ofMinutes(1), 1L << 40);
    }

    @Test
    void repeatedRunsThatCompletedShowTheirMedianTimeAndTheirLargestHeapAndDisk() {
        HeapLimitedReport r = report(ok(1_000, 3, 50), ok(1_000, 9, 70), ok(1_000, 4, 60));

        Entry row = r.entry("direct", 1_000).orElseThrow();

        assertThat(row.status()).isEqualTo(Status.OK);
        assertThat(row.wall()).isEqualTo(Duration.ofSeconds(4));
        assertThat(row.cpu()).isEqualTo(Duration.ofSeconds(8));
        assertThat(row.heapPeak()).isEqualTo(70);
        assertThat(row.diskBytes()).isEqualTo(900);
        assertThat(row.message()).isEqualTo("held 3");
        assertThat(r.runs("direct", 1_000)).hasSize(3);
    }

    @Test
    void theMedianOfAnEvenNumberOfRunsIsTheMeanOfTheMiddleTwo() {
        HeapLimitedReport r = report(ok(1_000, 3, 50), ok(1_000, 20, 50), ok(1_000, 5, 50), ok(1_000, 1, 50));

        assertThat(r.entry("direct", 1_000).orElseThrow().wall()).isEqualTo(Duration.ofSeconds(4));
    }

    @Test
    void oneRunThatFailedIsTheOutcomeOfItsSizeAndLeavesNoGrowth() {
        Entry oom = new Entry("direct", 10_000, Status.OOM, Duration.ofSeconds(7), Duration.ZERO, 0, 0, 99, "out of memory");
        Entry skipped = new Entry("direct", 10_000, Status.SKIPPED, Duration.ZERO, Duration.ZERO, -1, -1, 0, "ran out of memory");
        HeapLimitedReport r = report(ok(1_000, 3, 50), ok(10_000, 30, 50), oom, skipped);

        assertThat(r.entry("direct", 10_000).orElseThrow()).isEqualTo(oom);
        assertThat(r.growth("direct")).isEmpty();
    }

    @Test
    void growthComparesTheMediansOfTheSmallestAndLargestSizes() {
        HeapLimitedReport r = report(ok(1_000, 2, 50), ok(1_000, 1, 50), ok(1_000, 9, 50),
                ok(10_000, 30, 50), ok(10_000, 20, 50), ok(10_000, 25, 50));

        // 25 s for 10,000 words against 2 s for 1,000: 2.5 ms against 2 ms per word.
        assertThat(r.growth("direct").orElseThrow()).isCloseTo(1.25, within(1e-9));
    }

    @Test
    void theTableNamesEachRunsTimeBeforeTheMessage() {
        String table = MarkdownReport.heapLimitedTable(report(ok(1_000, 3, 50), ok(1_000, 9, 70), ok(1_000, 4, 60)));

        assertThat(table).contains("3 runs: 3.00 s, 9.00 s, 4.00 s (the median shown); held 3");
    }

    @Test
    void allRunsSkippedShowTheFirstSkip() {
        Entry skipped = new Entry("direct", 1_000, Status.SKIPPED, Duration.ZERO, Duration.ZERO, -1, -1, 0, "not enough disk");
        Entry again = new Entry("direct", 1_000, Status.SKIPPED, Duration.ZERO, Duration.ZERO, -1, -1, 0, "not enough disk either");

        assertThat(report(skipped, again).entry("direct", 1_000)).contains(skipped);
    }
}
