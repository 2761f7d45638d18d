package io.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.samples.WordSource;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class PipelineBenchmarkTest {

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void everyVariantPassesTheFilteredWordsAndThePageHasARowForEach() throws Exception {
        String[] words = WordSource.generatedWords(20_000, 3).toArray(String[]::new);

        // measure() fails if any variant passes another number of words than the filter keeps.
        String page = PipelineBenchmark.report(words, 1, 0);

        assertThat(page).contains("## 3 stages", "## 11 stages", "20,000 words flow");
        for (PipelineBenchmark.Variant v : PipelineBenchmark.variants()) {
            assertThat(page).contains("| " + v.name() + " |");
        }
    }
}
