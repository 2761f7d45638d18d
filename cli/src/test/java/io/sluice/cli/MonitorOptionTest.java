package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code sluice run --monitor [PORT]}: a live page on loopback for the run's time. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MonitorOptionTest {
    @TempDir
    Path dir;

    @Test
    void aMonitoredRunSaysWhereItsPageIsOnStderrAndStillPrintsItsOneSummaryLine() {
        Sluice.Outcome outcome = Sluice.run(dir, "run", "filter", "--tokens", "2000", "--work", "w", "--monitor");

        assertThat(outcome.code()).as("stderr: %s", outcome.err()).isZero();
        assertThat(outcome.err()).matches("sluice: monitor at http://127\\.0\\.0\\.1:\\d+/\\R");
        assertThat(outcome.out().lines()).singleElement().asString().startsWith("filter: 2000 tokens in ");
    }

    @Test
    void aTakenPortFailsBeforeTheRunNamingTheOption() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Sluice.Outcome outcome = Sluice.run(dir, "run", "filter", "--tokens", "10", "--work", "w", "--monitor",
                    String.valueOf(taken.getLocalPort()));

            outcome.isFailure("sluice: cannot start: --monitor: ");
            assertThat(outcome.err()).contains(String.valueOf(taken.getLocalPort()));
            assertThat(dir.resolve("w")).as("the work directory is not touched").doesNotExist();
        }
    }
}
