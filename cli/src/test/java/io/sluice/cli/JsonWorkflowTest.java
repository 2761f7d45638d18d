package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.samples.WordSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Workflows given as JSON files: they run, and their definition and run errors exit with 1. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JsonWorkflowTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "under {0}")
    @ValueSource(strings = {"data", "demand"})
    void jsonWorkflowRuns(String director) throws Exception {
        Files.writeString(dir.resolve("cwords.json"), """
                {
                  "name": "cwords",
                  "actors": [
                    {"name": "words", "type": "word-source", "params": {"tokens": 2000, "seed": 7}},
                    {"name": "keep", "type": "prefix-filter", "params": {"prefix": "c"}},
                    {"name": "sort", "type": "mergesort"},
                    {"name": "split", "type": "split"},
                    {"name": "sink", "type": "line-sink", "params": {"file": "sorted.txt"}}
                  ],
                  "channels": [
                    {"from": "words.out", "to": "keep.in", "capacity": 16},
                    {"from": "keep.out", "to": "split.in"},
                    {"from": "split.out", "to": "sort.in"},
                    {"from": "sort.a", "to": "sort.aIn"},
                    {"from": "sort.b", "to": "sort.bIn"},
                    {"from": "sort.t", "to": "sort.tIn"},
                    {"from": "sort.out", "to": "sink.in"}
                  ]
                }
                """);
        String summary = Sluice.run(dir, "run", "cwords.json", "--director", director).summary();

        assertThat(summary).startsWith("cwords: 2000 tokens in ")
                .contains("director " + director)
                .endsWith(", result " + Path.of("sluice-work", "cwords", "sorted.txt"));
        assertThat(Sluice.lines(dir.resolve("sluice-work/cwords/sorted.txt"))).isEqualTo(
                WordSource.generatedWords(2000, 7).stream().filter(w -> w.startsWith("c")).sorted().toList());
    }

    @Test
    void workflowWithoutLineSinkNamesNoResult() throws Exception {
        Files.writeString(dir.resolve("drop.json"), """
                {"name": "drop",
                 "actors": [{"name": "words", "type": "word-source", "params": {"tokens": 50}},
                            {"name": "pass", "type": "passthrough"}],
                 "channels": [{"from": "words.out", "to": "pass.in"}]}
                """);
        assertThat(Sluice.run(dir, "run", "drop.json", "--work", "w").summary())
                .startsWith("drop: 50 tokens in ")
                .endsWith("director data, channels fast-track");
    }

    @Test
    void unknownActorTypeIsAnInvalidWorkflowNamingFileAndLine() throws Exception {
        Files.writeString(dir.resolve("bad.json"), """
                {
                  "name": "bad",
                  "actors": [
                    {"name": "words", "type": "word-source", "params": {"tokens": 5}},
                    {"name": "magic", "type": "teleport"}
                  ],
                  "channels": [{"from": "words.out", "to": "magic.in"}]
                }
                """);
        Sluice.Outcome outcome = Sluice.run(dir, "run", "bad.json").isFailure("sluice: invalid workflow: bad.json:5: ");
        assertThat(outcome.err()).contains("unknown actor type 'teleport'", "'magic'");
        assertThat(dir.resolve("sluice-work")).doesNotExist();
    }

    @Test
    void malformedJsonIsAnInvalidWorkflowNamingFileAndLine() throws Exception {
        Files.writeString(dir.resolve("broken.json"), "{\n  \"name\": \"broken\",\n  \"actors\": [\n}\n");
        Sluice.run(dir, "run", "broken.json").isFailure("sluice: invalid workflow: broken.json:4: malformed JSON");
    }

    @Test
    void contentAfterTheWorkflowObjectIsAnInvalidWorkflowNamingFileAndLine() throws Exception {
        Files.writeString(dir.resolve("twice.json"), """
                {"name": "twice", "actors": [{"name": "words", "type": "word-source", "params": {"tokens": 5}}]}
                {"name": "again"}
                """);
        Sluice.run(dir, "run", "twice.json").isFailure("sluice: invalid workflow: twice.json:2: content after the workflow object");
        Files.writeString(dir.resolve("garbage.json"), "{\"name\": \"garbage\"}\n\n]]] trailing");
        Sluice.run(dir, "run", "garbage.json").isFailure("sluice: invalid workflow: garbage.json:3: malformed JSON");
        assertThat(dir.resolve("sluice-work")).doesNotExist();
    }

    @Test
    void deeplyNestedJsonIsAnInvalidWorkflowNamingFileAndLine() throws Exception {
        int depth = 100_000;
        Files.writeString(dir.resolve("deep.json"), "{\"name\": \"deep\",\n \"actors\": [{\"name\": \"words\", \"type\": \"word-source\",\n"
                + " \"params\": {\"tokens\": " + "[".repeat(depth) + "]".repeat(depth) + "}}]}\n");
        Sluice.Outcome outcome = Sluice.run(dir, "run", "deep.json").isFailure("sluice: invalid workflow: deep.json:3: JSON beyond a limit: ");
        assertThat(outcome.err()).contains("nesting depth");
        assertThat(dir.resolve("sluice-work")).doesNotExist();
    }

    /** Writes {@code sinks.json}: five words to a line sink that writes {@code file}. */
    private void sinkTo(String file) throws Exception {
        Files.writeString(dir.resolve("sinks.json"), """
                {"name": "sinks",
                 "actors": [{"name": "words", "type": "word-source", "params": {"tokens": 5}},
                            {"name": "sink", "type": "line-sink", "params": {"file": "%s"}}],
                 "channels": [{"from": "words.out", "to": "sink.in"}]}
                """.formatted(file));
    }

    @Test
    void aLineSinkFileOutsideTheWorkDirectoryIsRefusedBeforeAnythingIsWritten() throws Exception {
        Path work = dir.resolve("w");
        String absolute = dir.resolve("absolute.txt").toString();
        sinkTo(absolute);
        Sluice.run(dir, "run", "sinks.json", "--work", "w").isFailure("sluice: run refused: actor 'sink' would write outside the"
                + " work directory " + work + ": parameter 'file' is \"" + absolute + "\", and this run does not allow writes"
                + " outside its work directory; --allow-writes-outside-work allows it");
        sinkTo("../up.txt");
        Sluice.run(dir, "run", "sinks.json", "--work", "w").isFailure("sluice: run refused: actor 'sink' would write outside the"
                + " work directory " + work + ": parameter 'file' is \"../up.txt\", which is " + dir.toRealPath().resolve("up.txt"));
        assertThat(work).doesNotExist();
        assertThat(dir.resolve("absolute.txt")).doesNotExist();
        assertThat(dir.resolve("up.txt")).doesNotExist();
    }

    @Test
    void aSymbolicLinkOutOfTheWorkDirectoryIsRefusedAndAnEarlierRunKept() throws Exception {
        sinkTo("result.txt");
        Sluice.run(dir, "run", "sinks.json", "--work", "w").summary();
        Path work = dir.resolve("w");
        List<Path> earlier;
        try (Stream<Path> files = Files.walk(work)) {
            earlier = files.sorted().toList();
        }
        Path elsewhere = Files.createDirectory(dir.resolve("elsewhere"));
        Files.createSymbolicLink(work.resolve("link"), elsewhere);

        sinkTo("link/x.txt");
        Sluice.Outcome outcome = Sluice.run(dir, "run", "sinks.json", "--work", "w").isFailure("sluice: run refused: actor 'sink' ");
        assertThat(outcome.err()).contains("parameter 'file' is \"link/x.txt\", which leads through a symbolic link to "
                + elsewhere.toRealPath().resolve("x.txt"), "--allow-writes-outside-work");
        assertThat(elsewhere).isEmptyDirectory();
        try (Stream<Path> files = Files.walk(work)) {
            assertThat(files.filter(f -> !f.equals(work.resolve("link"))).sorted().toList()).isEqualTo(earlier);
        }
        assertThat(Sluice.lines(work.resolve("result.txt"))).isEqualTo(WordSource.generatedWords(5, 1));
    }

    @Test
    void filesOutsideTheWorkDirectoryAreWrittenWhenAllowed() throws Exception {
        sinkTo("../up.txt");
        assertThat(Sluice.run(dir, "run", "sinks.json", "--work", "w", "--allow-writes-outside-work").summary())
                .startsWith("sinks: 5 tokens in ");
        assertThat(Sluice.lines(dir.resolve("up.txt"))).isEqualTo(WordSource.generatedWords(5, 1));
    }

    @ParameterizedTest(name = "under {0}")
    @ValueSource(strings = {"data", "demand"})
    void deadlockFailsQuicklyNamingActorsAndChannels(String director) throws Exception {
        Files.writeString(dir.resolve("ring.json"), """
                {"name": "ring",
                 "actors": [{"name": "a", "type": "passthrough"}, {"name": "b", "type": "passthrough"}],
                 "channels": [{"from": "a.out", "to": "b.in"}, {"from": "b.out", "to": "a.in"}]}
                """);
        // The run's own timeout turns a missed deadlock into a failure that says "timed out";
        // the deadlock must be found well before it, however loaded the machine.
        long start = System.nanoTime();
        Sluice.Outcome outcome = Sluice.run(dir, "run", "ring.json", "--director", director, "--timeout", "60");
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        outcome.isFailure("sluice: run failed: ");
        assertThat(outcome.err()).contains("deadlock", "'a'", "'b'", "'a.out'", "'b.out'").doesNotContain("timed out");
        assertThat(took).isLessThan(Duration.ofSeconds(30));
    }

    @Test
    void failingActorFailsTheRunNamingIt() throws Exception {
        Files.writeString(dir.resolve("nofile.json"), """
                {"name": "nofile",
                 "actors": [{"name": "words", "type": "word-source", "params": {"file": "absent.txt"}},
                            {"name": "sink", "type": "line-sink"}],
                 "channels": [{"from": "words.out", "to": "sink.in"}]}
                """);
        Sluice.run(dir, "run", "nofile.json").isFailure("sluice: run failed: actor 'words' failed in initialize");
    }

    @Test
    void timeoutFailsTheRun() {
        // Insertion sort of 100000 words moves about 5e9 tokens: far longer than the timeout.
        long start = System.nanoTime();
        Sluice.run(dir, "run", "insertion-sort", "--tokens", "100000", "--timeout", "0.2", "--work", "w")
                .isFailure("sluice: run failed: run timed out after 200 ms");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(30));
    }
}
