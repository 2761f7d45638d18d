package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sluice run --space URI [--actors ...]} in one process: every channel in a space, and the
 * mistakes a user makes with spaces and parts, each a clear error that touches nothing.
 */
class SplitRunTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void everyChannelInASpaceGivesTheResultOfLocalChannels() throws Exception {
        String local = Sluice.run(dir, "run", "filter", "--tokens", "5000", "--work", "local").summary();
        assertThat(local).contains("channels fast-track");
        try (Sluice.Running serve = Sluice.start(dir, "serve", "--dir", "space", "--port", "0")) {
            String address = serve.firstLine(Duration.ofSeconds(60));
            String remote = Sluice.run(dir, "run", "filter", "--tokens", "5000", "--work", "remote", "--space", address).summary();
            assertThat(remote).contains("channels space " + address);
            assertThat(Files.mismatch(dir.resolve("remote/result.txt"), dir.resolve("local/result.txt"))).isEqualTo(-1);
            assertThat(dir.resolve("remote/channels")).as("no channel is kept in the work directory").doesNotExist();
            assertThat(Sluice.run(dir, "space", "ls", address).out().lines()).containsExactly("filter.out", "source.out");

            // Run again into the same space: the stale tokens are refused, not appended to.
            String err = Sluice.run(dir, "run", "filter", "--tokens", "5000", "--work", "again", "--space", address)
                    .isFailure("sluice: run failed: ").err();
            assertThat(err).contains("source.out").contains("sluice space rm " + address + " source.out");
            assertThat(Sluice.run(dir, "channel", "info", dir.resolve("space/source.out").toString()).out()).contains("5000");
        }
    }

    /** A JSON workflow whose channels live in the space at {@code address} (none if null). */
    private Path flow(String name, String address) throws IOException {
        String space = address == null ? "" : "\"space\": \"" + address + "\",\n  ";
        return Files.writeString(dir.resolve(name + ".json"), """
                {
                  %s"name": "%s",
                  "actors": [
                    {"name": "source", "type": "word-source", "params": {"tokens": 3000, "seed": 5}},
                    {"name": "filter", "type": "prefix-filter", "params": {"prefix": "c"}},
                    {"name": "sink", "type": "line-sink", "params": {"file": "result.txt"}}
                  ],
                  "channels": [
                    {"from": "source.out", "to": "filter.in"},
                    {"from": "filter.out", "to": "sink.in"}
                  ]
                }
                """.formatted(space, name));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aJsonWorkflowNamesItsSpaceAndItsPartsNeedNoSpaceOption() throws Exception {
        Sluice.run(dir, "run", flow("local", null).toString(), "--work", "local").summary();
        try (Sluice.Running serve = Sluice.start(dir, "serve", "--dir", "space", "--port", "0");
                Sluice.Running other = Sluice.start(dir, "serve", "--dir", "other", "--port", "0")) {
            String address = serve.firstLine(Duration.ofSeconds(60));
            String summary = Sluice.run(dir, "run", flow("whole", address).toString(), "--work", "whole").summary();
            assertThat(summary).contains("channels space " + address);
            assertThat(Files.mismatch(dir.resolve("whole/result.txt"), dir.resolve("local/result.txt"))).isEqualTo(-1);
            assertThat(Sluice.run(dir, "space", "ls", address).out().lines()).containsExactly("filter.out", "source.out");

            // Split in two, one after the other: the writer's part needs no reader to finish.
            String second = other.firstLine(Duration.ofSeconds(60));
            Path split = flow("split", second);
            Sluice.run(dir, "run", split.toString(), "--actors", "source", "--work", "a").summary();
            assertThat(Sluice.run(dir, "run", split.toString(), "--actors", "filter,sink", "--work", "b").summary())
                    .startsWith("split [filter,sink]: ");
            assertThat(Files.mismatch(dir.resolve("b/result.txt"), dir.resolve("local/result.txt"))).isEqualTo(-1);
        }
    }

    @Test
    void aPartNeedsASpaceAndActorsOfTheWorkflow() {
        assertThat(Sluice.run(dir, "run", "filter", "--actors", "sink").isUsageError().err()).contains("--actors needs --space");
        String err = Sluice.run(dir, "run", "filter", "--actors", "sink,nope", "--space", "sluice://127.0.0.1:1").isUsageError().err();
        assertThat(err).contains("'filter' has no actor nope").contains("[source, filter, sink]");
        assertThat(Sluice.run(dir, "run", "filter", "--space", "sluice://127.0.0.1:1", "--resume").isUsageError().err())
                .as("a run with every channel in the space keeps no checkpoints to resume from")
                .contains("--resume does not resume a run whose every channel lives in the --space");
        assertThat(Sluice.run(dir, "run", "filter", "--actors", "sink", "--space", "http://x:1").isUsageError().err())
                .contains("sluice://host:port");
        assertThat(dir.resolve("sluice-work")).as("nothing was touched").doesNotExist();
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aSpaceThatCannotBeReachedIsNamed() {
        String err = Sluice.run(dir, "run", "filter", "--actors", "sink", "--space", "sluice://127.0.0.1:1")
                .isFailure("sluice: cannot start: ").err();
        assertThat(err).contains("127.0.0.1:1");
    }
}
