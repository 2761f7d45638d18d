package io.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MarkdownReportTest {

    @Test
    void fillsEveryPlaceholder() {
        assertThat(MarkdownReport.fill("a {{x}} b {{y-2}} c", Map.of("x", "1\n", "y-2", "$2"))).isEqualTo("a 1 b $2 c");
    }

    @Test
    void aPlaceholderWithoutASectionIsAnError() {
        assertThatThrownBy(() -> MarkdownReport.fill("{{x}} {{missing}}", Map.of("x", "1")))
                .hasMessageContaining("{{missing}}");
    }

    @Test
    void aSectionWithoutAPlaceholderIsAnError() {
        assertThatThrownBy(() -> MarkdownReport.fill("{{x}}", Map.of("x", "1", "extra", "2")))
                .hasMessageContaining("extra");
    }

    @Test
    void theShippedTemplateHasAPlaceholderForEveryGeneratedSectionName() {
        String template = MarkdownReport.template();
        for (String name : new String[] {"command", "run", "machine", "summary", "workflow-tables", "chart", "targets",
            "failures", "codecs", "jmh", "heap-limited", "timings"}) {
            assertThat(template).contains("{{" + name + "}}");
        }
    }

    @Test
    void aWorkflowTableLinksItsRoundsInsteadOfAColumnPerRound() {
        String tables = MarkdownReport.tables(threeRounds(), "rounds.csv");

        assertThat(tables).contains("### filter (1,000 words)", "| `filter/data/memory` (baseline) | 10,000 |",
                "| `filter/data/cached` | 5,000 | 5,000 | 5,000 | 0.50× | 0.50×–0.50× |")
                .contains("Every run of these variants, round by round (words/s and cores busy): the rows of `filter` in "
                        + "[rounds.csv](rounds.csv) (3 measured rounds; 1 run kept fewer than 0.8 cores busy, marked `starved` there).")
                .doesNotContain("round 1", "⚠");
        assertThat(tables.lines().filter(l -> l.startsWith("|")))
                .as("every row of the workflow's table has its 11 columns, however many rounds ran")
                .allMatch(l -> l.split(" \\| ", -1).length == 11);
    }

    @Test
    void theRoundsCsvHasARowPerRun() {
        assertThat(MarkdownReport.roundsCsv(threeRounds())).isEqualTo("""
                workflow,words,variant,round,words_per_second,cores_busy,starved
                filter,1000,filter/data/memory,1,10000,1.50,false
                filter,1000,filter/data/memory,2,10000,1.50,false
                filter,1000,filter/data/memory,3,10000,1.50,false
                filter,1000,filter/data/cached,1,5000,1.00,false
                filter,1000,filter/data/cached,2,5000,0.50,true
                filter,1000,filter/data/cached,3,5000,1.00,false
                """);
    }

    @Test
    void theSummaryIsATableOfVerdicts() {
        assertThat(MarkdownReport.summary(threeRounds())).isEqualTo("""
                | variant | baseline | speed vs baseline | per-round ratio | verdict |
                | --- | --- | ---: | ---: | --- |
                | `filter/data/cached` | `filter/data/memory` | **0.50×** | 0.50×–0.50× | more than 5 % slower in every round; \
                1 of these runs was starved of CPU (`starved` in the rounds' CSV) |
                """);
    }

    /**
     * The data-driven filter over memory channels (the baseline, 10,000 words/s) and cached ones
     * (5,000 words/s, starved of CPU in its second round), three measured rounds each.
     */
    private static BenchmarkReport threeRounds() {
        List<Variant> variants = Variants.select(List.of("filter"), List.of("data"), List.of("memory", "cached"));
        Variant memory = variants.get(0);
        Variant cached = variants.get(1);
        VariantSummary baseline = new VariantSummary(memory,
                List.of(run(memory, 1, 100, 150), run(memory, 2, 100, 150), run(memory, 3, 100, 150)), null);
        VariantSummary other = new VariantSummary(cached,
                List.of(run(cached, 1, 200, 200), run(cached, 2, 200, 100), run(cached, 3, 200, 200)), baseline);
        return new BenchmarkReport(null, null, Duration.ZERO, null, List.of(List.of(baseline, other)), -1, List.of(),
                Duration.ZERO, null, Duration.ZERO, null, List.of());
    }

    /** A run of 1,000 words taking {@code wallMillis}, with {@code cpuMillis} of CPU. */
    private static Measurement run(Variant variant, int round, long wallMillis, long cpuMillis) {
        return new Measurement(variant, round, 1_000, Duration.ofMillis(wallMillis), Duration.ofMillis(cpuMillis), 1, "source.out",
                100, 100, null);
    }

    @Test
    void medianOfOddAndEvenCounts() {
        assertThat(VariantSummary.median(new double[] {3, 1, 2})).isEqualTo(2);
        assertThat(VariantSummary.median(new double[] {4, 1, 3, 2})).isEqualTo(2.5);
    }

    @Test
    void aTargetIsMetOnlyWhenTheIntervalOfThePerRoundRatiosReachesIt() {
        double[] lucky = {0.38, 0.45, 0.47, 0.49, 0.51, 0.53, 0.55, 0.58, 0.63, 0.72};

        assertThat(MarkdownReport.pairedVerdict(lucky, 0.5))
                .isEqualTo(" (per round 0.38×–0.72×; median 0.52×, 98% interval 0.45×–0.63×) | **unclear**");
        assertThat(MarkdownReport.pairedVerdict(lucky, 0.45)).endsWith("| **met**");
        assertThat(MarkdownReport.pairedVerdict(lucky, 0.64)).endsWith("| **no**");
        assertThat(MarkdownReport.pairedVerdict(new double[] {0.9, 1.0, 1.1}, 0.95))
                .isEqualTo(" (per round 0.90×–1.10×; too few rounds for an interval) | **met** in the median");
        assertThat(MarkdownReport.pairedVerdict(new double[0], 0.95)).isEqualTo(" (no round measured both) | –");
    }

    @Test
    void chartStepsAreOneTwoOrFiveTimesAPowerOfTen() {
        assertThat(BarChart.niceStep(0.7e6)).isEqualTo(1e6);
        assertThat(BarChart.niceStep(1.3e5)).isEqualTo(2e5);
        assertThat(BarChart.niceStep(3e3)).isEqualTo(5e3);
        assertThat(BarChart.tick(1.5e6)).isEqualTo("1.5 M");
        assertThat(BarChart.tick(200e3)).isEqualTo("200 k");
        assertThat(BarChart.tick(0)).isEqualTo("0");
    }
}
