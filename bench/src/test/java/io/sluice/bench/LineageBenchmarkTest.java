package io.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The lineage benchmark at a small size: it runs, probes, reports and cleans up. */
class LineageBenchmarkTest {

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aSmallRunIsReportedWithItsLineageTimesAndItsDirectoryIsDeleted(@TempDir Path tmp) throws Exception {
        Path scratch = tmp.resolve("scratch");
        Path out = tmp.resolve("docs");

        LineageBenchmark.main(new String[] {"--tokens", "20000", "--scratch", scratch.toString(), "--output", out.toString()});

        String report = Files.readString(out.resolve("benchmarks-lineage.md"), StandardCharsets.UTF_8);
        assertThat(report).startsWith("# Lineage benchmark").contains("`filter` over 20,000 words")
                .containsPattern("\\| 20,000 \\| [0-9,]+ \\| [0-9.]+ s \\| .+ \\| [0-9.]+ ms \\| [0-9.]+ ms \\| [0-9]+ \\| \\*\\*(met|not met)\\*\\* \\|")
                .contains("bench/run-benchmarks.sh --lineage --tokens 20000");
        try (Stream<Path> left = Files.list(scratch)) {
            assertThat(left).as("the run's directory is deleted").isEmpty();
        }
    }
}
