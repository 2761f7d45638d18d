package io.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class RecordsWorkflowBenchmarkTest {
    @TempDir
    Path scratch;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void everyVariantRunsTheWholeWorkflowAndTheSectionHasARowForEach() throws Exception {
        // section() fails if a run passes on another number of records than the filter keeps.
        String section = RecordsWorkflowBenchmark.section(2_000, 1, 0, scratch);

        for (RecordsWorkflowBenchmark.Variant v : RecordsWorkflowBenchmark.variants()) {
            assertThat(section).contains("| " + v.name() + " |");
        }
        assertThat(RecordsWorkflowBenchmark.variants()).hasSize(6);
        assertThat(section).contains("2,000 records", "The machine was shared", "### Machine");
        assertThat(scratch).isEmptyDirectory();
    }
}
