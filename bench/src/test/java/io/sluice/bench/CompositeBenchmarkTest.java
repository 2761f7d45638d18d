package io.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The composite benchmark runs in a tiny configuration and its page has a row for every variant; no figure is asserted. */
class CompositeBenchmarkTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aTinyRunWritesThePage() throws Exception {
        CompositeBenchmark.main(new String[] {"--rounds", "1", "--mib", "1", "--fast", "4096", "--slow", "1024", "--scratch", dir.toString(),
            "--output", dir.toString()});
        String page = Files.readString(dir.resolve("benchmarks-composite.md"), StandardCharsets.UTF_8);
        assertThat(page).contains("| sum of the senders' capacities, each measured alone |", "| composite, greedy schedule, full replicas |",
                "| uniform striping, full replicas |", "| composite, constrained replicas, LP schedule |", "shared with other builds");
        try (var left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactly("benchmarks-composite.md"); // the spaces are deleted
        }
    }
}
