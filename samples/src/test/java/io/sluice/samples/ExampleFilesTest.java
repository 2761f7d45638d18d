package io.sluice.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.memory.MemoryChannels;
import io.sluice.director.Directors;
import io.sluice.run.DeadlockException;
import io.sluice.run.RunConfig;
import io.sluice.testing.NoLeakedThreads;
import io.sluice.workflow.ActorRegistry;
import io.sluice.workflow.Workflow;
import io.sluice.workflow.json.WorkflowJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The JSON workflows in {@code examples/}, which docs/workflow-json.md refers to, do what they say. */
@ExtendWith(NoLeakedThreads.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ExampleFilesTest {
    private static final Path EXAMPLES = Path.of("").toAbsolutePath().getParent().resolve("examples");
    private static final ActorRegistry REGISTRY = ActorRegistry.discover(ExampleFilesTest.class.getClassLoader());

    @TempDir
    Path work;

    private static Workflow load(String file) throws Exception {
        return WorkflowJson.read(EXAMPLES.resolve(file), REGISTRY);
    }

    private void run(String file, String director) throws Exception {
        Directors.named(director).run(load(file), RunConfig.builder().channels(MemoryChannels.factory()).workDirectory(work).build());
    }

    private static List<String> sorted(List<String> words) {
        List<String> copy = new ArrayList<>(words);
        Collections.sort(copy);
        return copy;
    }

    @ParameterizedTest
    @ValueSource(strings = {"data", "demand"})
    void mergesortSorts(String director) throws Exception {
        run("mergesort.json", director);
        assertThat(Files.readAllLines(work.resolve("result.txt"))).isEqualTo(sorted(WordSource.generatedWords(100_000, 1)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"data", "demand"})
    void insertionSortSorts(String director) throws Exception {
        run("insertion-sort.json", director);
        assertThat(Files.readAllLines(work.resolve("result.txt"))).isEqualTo(sorted(WordSource.generatedWords(2000, 7)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"data", "demand"})
    void oneSourceFeedsTwoBranches(String director) throws Exception {
        run("filter-fanout.json", director);
        List<String> words = WordSource.generatedWords(10_000, 1);
        assertThat(Files.readAllLines(work.resolve("all.txt"))).isEqualTo(words);
        assertThat(Files.readAllLines(work.resolve("c.txt"))).isEqualTo(words.stream().filter(w -> w.startsWith("c")).toList());
    }

    @ParameterizedTest
    @ValueSource(strings = {"data", "demand"})
    void theDeadlockIsReported(String director) {
        assertThatThrownBy(() -> run("deadlock.json", director))
                .isInstanceOf(DeadlockException.class)
                .hasMessageContaining("'a' waits to read channel 'b.out'")
                .hasMessageContaining("'b' waits to read channel 'a.out'");
    }
}
