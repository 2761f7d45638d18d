package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.testing.ChildJvm;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run owns its work directory for its whole life: a second run there, new or resumed, is refused
 * naming the directory and the process that holds it, and touches nothing; once the holder is
 * killed, the directory is free again.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SharedWorkDirectoryTest {
    @TempDir
    Path dir;

    @Test
    void aSecondRunIsRefusedWhileTheFirstLivesAndAcceptedOnceItIsKilled() throws Exception {
        Path work = dir.resolve("w");
        // Long enough to outlive the checks below: it is killed, not waited for.
        try (ChildJvm first = ChildJvm.start(Main.class, "run", "filter", "--tokens", "2000000000", "--channels", "direct",
                "--no-provenance", "--work", work.toString())) {
            long pid = first.pid();
            Path channel = work.resolve("channels").resolve("source.out");
            awaitHolder(work, pid, channel.resolve("channel.json"));
            long before = Files.size(channel.resolve("channel.json"));

            for (String[] second : new String[][] {
                    {"run", "filter", "--tokens", "1000", "--channels", "memory", "--no-provenance", "--work", "w"},
                    {"run", "filter", "--tokens", "1000", "--channels", "direct", "--work", "w"},
                    {"run", "filter", "--tokens", "2000000000", "--channels", "direct", "--work", "w", "--resume"}}) {
                Sluice.Outcome refused = Sluice.run(dir, second);
                refused.isFailure("sluice: cannot ");
                assertThat(refused.err()).contains("work directory " + work + " is in use by process " + pid).contains("run.lock");
            }
            assertThat(Files.size(channel.resolve("channel.json"))).as("the first run's channel is untouched").isEqualTo(before);
            assertThat(work.resolve("result.txt")).as("the refused runs wrote no result").satisfiesAnyOf(
                    p -> assertThat(p).doesNotExist(), p -> assertThat(first.isAlive()).isTrue());
            first.kill();
        }
        Sluice.Outcome after = Sluice.run(dir, "run", "filter", "--tokens", "1000", "--channels", "direct", "--work", "w");
        assertThat(after.code()).as("stderr: %s", after.err()).isEqualTo(Main.OK);
        assertThat(after.err()).isEqualTo("sluice: replacing the 2 channels of an earlier run in w/channels" + System.lineSeparator());
        assertThat(Sluice.lines(work.resolve("result.txt"))).hasSizeLessThan(1000);
    }

    @Test
    void twoRunsInOneJvmCannotShareADirectoryEither() throws Exception {
        Path work = dir.resolve("w");
        try (var held = io.sluice.durable.WorkDirectory.take(work)) {
            Sluice.run(dir, "run", "filter", "--tokens", "100", "--channels", "memory", "--work", "w")
                    .isFailure("sluice: cannot start: work directory " + work + " is in use by process " + ProcessHandle.current().pid());
        }
        Sluice.run(dir, "run", "filter", "--tokens", "100", "--channels", "memory", "--work", "w").summary();
    }

    /** Waits until the run of process {@code pid} holds {@code work} (its lock file names it) and has written {@code file}. */
    private static void awaitHolder(Path work, long pid, Path file) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        Path lock = work.resolve("run.lock");
        while (System.nanoTime() < deadline) {
            try {
                if (Files.readString(lock, StandardCharsets.UTF_8).startsWith("process " + pid + ",") && Files.exists(file)) {
                    return;
                }
            } catch (java.io.IOException e) {
                // not there yet
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the first run did not take " + work + " within a minute");
    }
}
