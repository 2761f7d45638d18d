package io.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
