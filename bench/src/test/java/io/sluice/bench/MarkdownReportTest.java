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
    void chartStepsAreOneTwoOrFiveTimesAPowerOfTen() {
        assertThat(BarChart.niceStep(0.7e6)).isEqualTo(1e6);
        assertThat(BarChart.niceStep(1.3e5)).isEqualTo(2e5);
        assertThat(BarChart.niceStep(3e3)).isEqualTo(5e3);
        assertThat(BarChart.tick(1.5e6)).isEqualTo("1.5 M");
        assertThat(BarChart.tick(200e3)).isEqualTo("200 k");
        assertThat(BarChart.tick(0)).isEqualTo("0");
    }
}
