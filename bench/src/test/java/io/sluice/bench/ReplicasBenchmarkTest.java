package io.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The replicas benchmark runs in a tiny configuration and its page has a row for every variant; no figure is asserted. */
class ReplicasBenchmarkTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aTinyRunWritesThePage() throws Exception {
        ReplicasBenchmark.main(new String[] {"--tokens", "500", "--work", "10", "--rounds", "1", "--warmup", "0",
            "--output", dir.toString()});
        String page = Files.readString(dir.resolve("benchmarks-replicas.md"), StandardCharsets.UTF_8);
        assertThat(page).contains("| unreplicated |", "| 1 replica |", "| 2 replicas |", "| 4 replicas |", "cores**");
    }
}
