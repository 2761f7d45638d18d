package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.local.PersistentChannels;
import io.sluice.channel.local.Resumption;
import io.sluice.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sluice run --resume}: a run stopped half-way (here by its timeout, which leaves its
 * channels cut off as a killed process does, without their end) is continued, and its result and
 * every channel equal those of a run that was never stopped.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ResumeRunTest {
    @TempDir
    Path dir;

    /**
     * Runs {@code args} (a run in the work directory {@code w}) cut off by {@code --timeout}, so
     * that it stops half-way as a killed process would. The timeout starts at 0.2 s and doubles,
     * the directory cleared, while the run stopped before any channel held a token: a loaded
     * machine can take that long to start a run.
     */
    private Sluice.Outcome stopHalfWay(String... args) throws IOException {
        for (double timeout = 0.2; ; timeout *= 2) {
            String[] cut = Arrays.copyOf(args, args.length + 2);
            cut[args.length] = "--timeout";
            cut[args.length + 1] = Double.toString(timeout);
            Sluice.Outcome stopped = Sluice.run(dir, cut);
            if (stopped.code() != Main.FAILED || timeout >= 3.2 || holdsTokens(dir.resolve("w/channels"))) {
                return stopped;
            }
            TestFiles.deleteRecursively(dir.resolve("w"));
        }
    }

    private static boolean holdsTokens(Path channels) throws IOException {
        if (!Files.isDirectory(channels)) {
            return false;
        }
        try (Stream<Path> list = Files.list(channels)) {
            return list.anyMatch(c -> Files.isRegularFile(c.resolve("channel.json")) && PersistentChannels.describe(c).tokens() > 0);
        }
    }

    @Test
    void aStoppedMergesortResumesToTheResultOfAnUninterruptedOne() throws Exception {
        Sluice.run(dir, "run", "mergesort", "--tokens", "200000", "--work", "ref").summary();
        Sluice.Outcome stopped = stopHalfWay("run", "mergesort", "--tokens", "200000", "--work", "w");
        assertThat(stopped.code()).as("the first run is cut off; stderr: %s", stopped.err()).isEqualTo(Main.FAILED);
        assertThat(Files.exists(dir.resolve("w/result.txt")) ? Files.readAllLines(dir.resolve("w/result.txt")).size() : 0)
                .as("lines of result.txt after the cut-off run").isLessThan(200_000);

        Sluice.Outcome resumed = Sluice.run(dir, "run", "mergesort", "--tokens", "200000", "--work", "w", "--resume");
        assertThat(resumed.code()).as("stderr: %s", resumed.err()).isEqualTo(Main.OK);
        List<String> out = resumed.out().lines().toList();
        assertThat(out).hasSize(2);
        assertThat(out.get(0)).startsWith("resumed: ").contains("actors restarted from checkpoints")
                .containsPattern("[0-9,]+ firings replayed and [0-9,]+ run anew").contains("verified against a replay");
        assertThat(out.get(1)).contains("mergesort: 200000 tokens");

        RunDirectories.assertSameAs(dir, "ref", "w", 4242);
    }

    @Test
    void withoutProvenanceTheResumeSaysItCannotTellReplayedFromNewFirings() throws Exception {
        Sluice.Outcome stopped = stopHalfWay("run", "mergesort", "--tokens", "200000", "--work", "w", "--no-provenance");
        assertThat(stopped.code()).as("the first run is cut off; stderr: %s", stopped.err()).isEqualTo(Main.FAILED);

        Sluice.Outcome resumed = Sluice.run(dir, "run", "mergesort", "--tokens", "200000", "--work", "w", "--resume",
                "--no-provenance");
        assertThat(resumed.code()).as("stderr: %s", resumed.err()).isEqualTo(Main.OK);
        assertThat(resumed.out().lines().findFirst().orElseThrow()).startsWith("resumed: ")
                .containsPattern("[0-9,]+ firings ran \\(replayed or new: without the killed run's provenance they are not told apart\\)");
    }

    @Test
    void theProvenanceOfARecorderKilledWhileItStartedIsReplaced() throws Exception {
        // What a kill between creating the provenance directory and moving run.json in place leaves.
        Files.createDirectories(dir.resolve("w/provenance/index"));
        Files.writeString(dir.resolve("w/provenance/run.json.tmp"), "{\"runId\":");

        Sluice.Outcome resumed = Sluice.run(dir, "run", "filter", "--tokens", "1000", "--work", "w", "--resume");
        assertThat(resumed.code()).as("stderr: %s", resumed.err()).isEqualTo(Main.OK);
        assertThat(dir.resolve("w/provenance/run.json.tmp")).doesNotExist();
        assertThat(Sluice.run(dir, "prov", "stats", "w").out()).contains("filter");
    }

    @Test
    void aProvenanceDirectoryHoldingOtherFilesIsLeftAlone() throws Exception {
        Files.createDirectories(dir.resolve("w/provenance"));
        Files.writeString(dir.resolve("w/provenance/notes.txt"), "mine");

        Sluice.run(dir, "run", "filter", "--tokens", "1000", "--work", "w", "--resume").isUsageError();
        assertThat(Files.readString(dir.resolve("w/provenance/notes.txt"))).isEqualTo("mine");
    }

    @Test
    void aRunWhoseChannelsAreStillWrittenIsNotResumed() throws Exception {
        Sluice.run(dir, "run", "filter", "--tokens", "1000", "--work", "w").summary();
        // A writer of the channel alive in this process, as the run's would be if it still ran.
        try (Channel<String> alive = PersistentChannels.builder(dir.resolve("w/channels")).resume(Resumption.create()).build()
                .open(ChannelSpec.unbounded("source.out", String.class))) {
            Sluice.Outcome resumed = Sluice.run(dir, "run", "filter", "--tokens", "1000", "--work", "w", "--resume").isUsageError();
            assertThat(resumed.err()).contains("source.out").contains("still being written");
        }
        assertThat(dir.resolve("w/provenance/run.json")).as("the provenance was not set aside").exists();
    }

    @Test
    void resumingMemoryChannelsIsAUsageError() {
        Sluice.run(dir, "run", "filter", "--tokens", "10", "--channels", "memory", "--resume").isUsageError();
    }

    @Test
    void aResumeAskedToComputeSomethingElseIsRefusedNamingTheOptionAndChangesNothing() throws Exception {
        Sluice.Outcome stopped = stopHalfWay("run", "filter", "--tokens", "2000000", "--work", "w");
        assertThat(stopped.code()).as("the first run is cut off; stderr: %s", stopped.err()).isEqualTo(Main.FAILED);
        var before = Workspace.fingerprint(dir.resolve("w"));

        assertThat(Sluice.run(dir, "run", "filter", "--tokens", "3000000", "--work", "w", "--resume").isUsageError().err())
                .contains("the run in w was started with --tokens 2000000, not 3000000");
        assertThat(Sluice.run(dir, "run", "filter", "--tokens", "2000000", "--seed", "7", "--work", "w", "--resume").isUsageError()
                .err()).contains("--seed 1, not 7");
        assertThat(Sluice.run(dir, "run", "mergesort", "--tokens", "2000000", "--work", "w", "--resume").isUsageError().err())
                .contains("workflow filter, not mergesort");
        assertThat(Workspace.fingerprint(dir.resolve("w"))).as("nothing changed").isEqualTo(before);

        // The defaults count as given: --seed 1 is the default seed.
        Sluice.Outcome resumed = Sluice.run(dir, "run", "filter", "--tokens", "2000000", "--seed", "1", "--work", "w", "--resume");
        assertThat(resumed.code()).as("stderr: %s", resumed.err()).isEqualTo(Main.OK);
    }

    @Test
    void aResumeOfAnEditedJsonWorkflowIsRefused() throws Exception {
        Path json = dir.resolve("w.json");
        Files.writeString(json, """
                {"name": "w",
                 "actors": [
                   {"name": "words", "type": "word-source", "params": {"tokens": 2000000, "seed": 3}},
                   {"name": "sink", "type": "line-sink"}],
                 "channels": [{"from": "words.out", "to": "sink.in"}]}
                """);
        Sluice.Outcome stopped = stopHalfWay("run", "w.json", "--work", "w");
        assertThat(stopped.code()).as("the first run is cut off; stderr: %s", stopped.err()).isEqualTo(Main.FAILED);
        Files.writeString(json, Files.readString(json).replace("\"seed\": 3", "\"seed\": 4"));
        assertThat(Sluice.run(dir, "run", "w.json", "--work", "w", "--resume").isUsageError().err())
                .contains("was started with workflow file content (SHA-256)");
    }

    @Test
    void aResumeWithNothingToResumeSaysSoAndStartsANewRun() {
        Sluice.Outcome fresh = Sluice.run(dir, "run", "filter", "--tokens", "100", "--work", "w", "--resume");
        assertThat(fresh.code()).as("stderr: %s", fresh.err()).isEqualTo(Main.OK);
        assertThat(fresh.err()).isEqualTo("sluice: --resume: w holds no earlier run to resume; starting a new run" + System.lineSeparator());
        assertThat(fresh.out().lines()).hasSize(1);
    }
}
