package io.sluice.actors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.run.ActorFailedException;
import io.sluice.run.Director;
import io.sluice.run.OutsideWorkDirectoryException;
import io.sluice.testing.NoLeakedThreads;
import io.sluice.workflow.Workflow;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** LineReader puts a file's lines and LineWriter writes tokens as lines, under both directors. */
@ExtendWith(NoLeakedThreads.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LineFilesTest {
    private static final String TEXT = "first line\n\nthird, with ünïcode ✓\n  indented\tand tabbed  \nlast\n";

    @TempDir
    Path tmp;

    private Path input(String text) throws Exception {
        Path file = tmp.resolve("input.txt");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    private static Workflow copy(LineReader reader, LineWriter writer) {
        return Workflow.builder("copy").actor("reader", reader).actor("writer", writer)
                .connect("reader.output", "writer.input").build();
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aLineReaderIntoALineWriterCopiesAFile(Director director) throws Exception {
        Path input = input(TEXT);
        Path work = tmp.resolve("work");
        Runs.run(director, copy(new LineReader(input), new LineWriter("copy.txt", false)), work);
        assertThat(Files.readString(work.resolve("copy.txt"), StandardCharsets.UTF_8)).isEqualTo(TEXT);
        OpenFiles.assertNoneOpen(input);
        OpenFiles.assertNoneOpen(work.resolve("copy.txt"));
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void eachLineIsAStringWithoutItsTerminator(Director director) throws Exception {
        Path input = input("a\r\nb\rc\n\nd");
        assertThat(Runs.collect(director, new LineReader(input), "output")).containsExactly("a", "b", "c", "", "d");
        assertThat(LineReader.OUTPUT.type()).isEqualTo(String.class);
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void linesAreSkippedThenLimited(Director director) throws Exception {
        Path input = input("header\n1\n2\n3\n4\n");
        assertThat(Runs.collect(director, new LineReader(input, 1, 2), "output")).containsExactly("1", "2");
        assertThat(Runs.collect(director, new LineReader(input, 3, 0), "output")).containsExactly("3", "4");
        assertThat(Runs.collect(director, new LineReader(input, 0, 10), "output")).containsExactly("header", "1", "2", "3", "4");
        assertThat(Runs.collect(director, new LineReader(input, 5, 0), "output")).isEmpty();
        assertThat(Runs.collect(director, new LineReader(input, 9, 1), "output")).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void anEmptyFilePutsNothing(Director director) throws Exception {
        assertThat(Runs.collect(director, new LineReader(input("")), "output")).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aMissingFileFailsInitializeNamingIt(Director director) {
        Path absent = tmp.resolve("absent.txt");
        assertThatThrownBy(() -> Runs.collect(director, new LineReader(absent), "output"))
                .isInstanceOfSatisfying(ActorFailedException.class,
                        e -> assertThat(e.phase()).isEqualTo(ActorFailedException.Phase.INITIALIZE))
                .hasMessageContaining("actor 'actor' failed in initialize")
                .hasMessageContaining("cannot read file " + absent + " (parameter 'file'): it does not exist");
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aDirectoryFailsInitializeNamingIt(Director director) {
        assertThatThrownBy(() -> Runs.collect(director, new LineReader(tmp), "output"))
                .isInstanceOf(ActorFailedException.class)
                .hasMessageContaining("cannot read file " + tmp + " (parameter 'file'): it is a directory");
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void bytesThatAreNotUtf8FailNamingTheLine(Director director) throws Exception {
        Path input = tmp.resolve("latin1.txt");
        Files.write(input, "ok\nalso ok\ncaf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> Runs.collect(director, new LineReader(input), "output"))
                .isInstanceOf(ActorFailedException.class)
                .hasMessageContaining("file " + input + ", line 3: it is not UTF-8 text");
        OpenFiles.assertNoneOpen(input);
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aLineWriterWritesEachTokensTextAndReplacesOrAppends(Director director) throws Exception {
        Path work = tmp.resolve("work");
        Files.createDirectories(work);
        Files.writeString(work.resolve("out.txt"), "old\n");
        List<Object> tokens = List.of(1, 2.5, 3L, "two\nlines", true, List.of(1, "a"));
        Runs.run(director, written(tokens, new LineWriter("out.txt", false)), work);
        assertThat(Files.readAllLines(work.resolve("out.txt"))).containsExactly("1", "2.5", "3", "two", "lines", "true", "[1, a]");
        Runs.run(director, written(List.of("more"), new LineWriter("out.txt", true)), work);
        assertThat(Files.readAllLines(work.resolve("out.txt")))
                .containsExactly("1", "2.5", "3", "two", "lines", "true", "[1, a]", "more");
    }

    private static Workflow written(List<?> tokens, LineWriter writer) {
        return Workflow.builder("written").actor("source", new Sequence(tokens, false, 0)).actor("writer", writer)
                .connect("source.output", "writer.input").build();
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aLineWriterFileOutsideTheWorkDirectoryIsRefusedBeforeTheRunWrites(Director director) {
        Path work = tmp.resolve("work");
        assertThatThrownBy(() -> Runs.run(director, written(List.of(1), new LineWriter("../outside.txt", false)), work))
                .isInstanceOf(OutsideWorkDirectoryException.class).hasMessageContaining("parameter 'file'");
        assertThat(Files.exists(tmp.resolve("outside.txt"))).isFalse();
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void whatAWriterTookIsKeptAndItsFileClosedWhenTheRunFails(Director director) throws Exception {
        Path work = tmp.resolve("work");
        // The sequence's third token is refused by the scale, which fails the run.
        Workflow workflow = Workflow.builder("failing").actor("source", new Sequence(List.of(1, 2, "x", 4), false, 0))
                .actor("scale", new Scale(1)).actor("writer", new LineWriter("out.txt", false))
                .connect("source.output", "scale.input").connect("scale.output", "writer.input").build();
        assertThatThrownBy(() -> Runs.run(director, workflow, work)).isInstanceOf(ActorFailedException.class)
                .hasMessageContaining("actor 'scale'");
        // The writer may be stopped before it takes what the scale put.
        List<String> lines = Files.readAllLines(work.resolve("out.txt"));
        assertThat(lines).hasSizeLessThanOrEqualTo(2).isEqualTo(List.of("1", "2").subList(0, lines.size()));
        OpenFiles.assertNoneOpen(work.resolve("out.txt"));
    }

    @Test
    void invalidParametersAreNamed() {
        assertThatThrownBy(() -> new LineReader(null)).isInstanceOf(NullPointerException.class).hasMessage("file");
        assertThatThrownBy(() -> new LineReader(Path.of("x"), -1, 0))
                .hasMessage("parameter 'numberOfLinesToSkip' must be 0 or more, got -1");
        assertThatThrownBy(() -> new LineReader(Path.of("x"), 0, -1))
                .hasMessage("parameter 'firingCountLimit' must be 0 or more, got -1");
        assertThatThrownBy(() -> new LineWriter(null, false)).isInstanceOf(NullPointerException.class).hasMessage("file");
    }

    @Test
    void theWriterDeclaresItsFile() {
        assertThat(new LineWriter("a/b.txt", true).outputFiles()).isEqualTo(Map.of("file", "a/b.txt"));
        assertThat(new LineWriter("a/b.txt", true)).hasToString("LineWriter[a/b.txt, appending]");
        assertThat(new LineReader(Path.of("in.txt"), 1, 2)).hasToString("LineReader[in.txt, skip 1, limit 2]");
    }
}
