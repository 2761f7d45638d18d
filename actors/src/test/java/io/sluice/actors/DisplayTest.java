package io.sluice.actors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.run.Director;
import io.sluice.run.OutsideWorkDirectoryException;
import io.sluice.run.RunConfig;
import io.sluice.run.RunTimeoutException;
import io.sluice.testing.NoLeakedThreads;
import io.sluice.workflow.Workflow;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Display writes each token's text on a line of its file in the work directory, under both directors. */
@ExtendWith(NoLeakedThreads.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DisplayTest {
    @TempDir
    Path tmp;

    private static Workflow shown(List<?> tokens, Display display) {
        return Workflow.builder("display").actor("source", new Sequence(tokens, false, 0)).actor("display", display)
                .connect("source.output", "display.input").build();
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void eachTokenIsALineOfDisplayTxt(Director director) throws Exception {
        Path work = tmp.resolve(director.name());
        Runs.run(director, shown(List.of(1, 2.5, 3L, "text with ünïcode", true, List.of(1, "a")), new Display()), work);
        assertThat(Files.readAllLines(work.resolve("display.txt"), StandardCharsets.UTF_8))
                .containsExactly("1", "2.5", "3", "text with ünïcode", "true", "[1, a]");
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void theFileIsNamedByItsParameterAndReplaced(Director director) throws Exception {
        Path work = tmp.resolve(director.name());
        Files.createDirectories(work);
        Files.writeString(work.resolve("shown.txt"), "old content\nold\nold\n");
        Runs.run(director, shown(List.of("new"), new Display("shown.txt")), work);
        assertThat(Files.readAllLines(work.resolve("shown.txt"))).containsExactly("new");
        assertThat(Files.exists(work.resolve(Display.DEFAULT_FILE))).isFalse();
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aFileOutsideTheWorkDirectoryIsRefusedBeforeTheRunWrites(Director director) {
        Path work = tmp.resolve("work");
        assertThatThrownBy(() -> Runs.run(director, shown(List.of(1), new Display("../outside.txt")), work))
                .isInstanceOf(OutsideWorkDirectoryException.class).hasMessageContaining("parameter 'file'");
        assertThat(Files.exists(tmp.resolve("outside.txt"))).isFalse();
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void whatWasTakenIsKeptWhenTheRunStops(Director director) throws Exception {
        Path work = tmp.resolve(director.name());
        Workflow workflow = Workflow.builder("endless").actor("ramp", new Ramp(0, 1, 0)).actor("display", new Display())
                .connect("ramp.output", "display.input").build();
        assertThatThrownBy(() -> director.run(workflow, RunConfig.builder().workDirectory(work)
                .timeout(Duration.ofMillis(300)).build())).isInstanceOf(RunTimeoutException.class);
        List<String> lines = Files.readAllLines(work.resolve("display.txt"));
        assertThat(lines).isNotEmpty();
        for (int i = 0; i < lines.size(); i++) {
            assertThat(lines.get(i)).isEqualTo(Integer.toString(i));
        }
    }

    @Test
    void itDeclaresItsFile() {
        assertThat(new Display().outputFiles()).isEqualTo(Map.of("file", "display.txt"));
        assertThat(new Display("a/b.txt").fileName()).isEqualTo("a/b.txt");
    }
}
