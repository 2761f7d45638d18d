package io.sluice.actors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.run.ActorFailedException;
import io.sluice.run.Director;
import io.sluice.run.RunResult;
import io.sluice.run.RunStatus;
import io.sluice.testing.NoLeakedThreads;
import io.sluice.workflow.ActorRegistry;
import io.sluice.workflow.Workflow;
import io.sluice.workflow.json.WorkflowJson;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A JSON workflow of standard actors, found on the class path by {@link ActorRegistry#discover}:
 * Ramp, Scale, AddSubtract (its plus_0 and plus_1 from two ramps) and Test, and a LineReader
 * feeding a CsvWriter, under both directors.
 */
@ExtendWith(NoLeakedThreads.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class WorkflowJsonTest {
    private static final ActorRegistry REGISTRY = ActorRegistry.discover(WorkflowJsonTest.class.getClassLoader());

    private static Path file() throws Exception {
        return Path.of(WorkflowJsonTest.class.getResource("ramp-scale-add.json").toURI());
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void rampScaleAddAndTestPass(Director director) throws Exception {
        Workflow workflow = WorkflowJson.read(file(), REGISTRY);
        assertThat(workflow.actor("sum").orElseThrow().actor()).isInstanceOf(AddSubtract.class);
        RunResult result = Runs.run(director, workflow);
        assertThat(result.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(result.channel("sum.output").orElseThrow().tokensWritten()).isEqualTo(5);
    }

    @Test
    void theActorsPageShowsThisFileUnchanged() throws Exception {
        // Tests run in the module's directory; the page is in the project's docs/.
        Path page = Path.of("").toAbsolutePath().getParent().resolve("docs/actors.md");
        String json = Files.readString(file(), StandardCharsets.UTF_8).strip();
        assertThat(Files.readString(page, StandardCharsets.UTF_8)).contains("```json\n" + json + "\n```");
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aLineReaderFeedsACsvWriterByTypeName(Director director, @TempDir Path dir) throws Exception {
        // The file to read is named relative to the workflow file; the file written, to the work directory.
        Path flows = Files.createDirectories(dir.resolve("flows"));
        Files.writeString(flows.resolve("lines.txt"), "# a comment line, skipped\nplain\nwith, a comma\n\"quoted\"\n42\n",
                StandardCharsets.UTF_8);
        Path flow = flows.resolve("lines-to-csv.json");
        Files.writeString(flow, """
                {
                  "name": "lines-to-csv",
                  "actors": [
                    {"name": "lines", "type": "line-reader", "params": {"file": "lines.txt", "numberOfLinesToSkip": 1}},
                    {"name": "table", "type": "csv-writer",  "params": {"file": "lines.csv", "columns": ["line"]}}
                  ],
                  "channels": [{"from": "lines.output", "to": "table.input"}]
                }
                """, StandardCharsets.UTF_8);
        Workflow workflow = WorkflowJson.read(flow, REGISTRY);
        assertThat(workflow.actor("lines").orElseThrow().actor()).isInstanceOf(LineReader.class);
        Path work = dir.resolve("work");
        RunResult result = Runs.run(director, workflow, work);
        assertThat(result.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(Files.readString(work.resolve("lines.csv"), StandardCharsets.UTF_8))
                .isEqualTo("line\nplain\n\"with, a comma\"\n\"\"\"quoted\"\"\"\n42\n");
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aWrongCorrectValueFailsTheRun(Director director) throws Exception {
        String json = Files.readString(file(), StandardCharsets.UTF_8).replace("[10, 23, 36, 49, 62]", "[10, 23, 36, 50, 62]");
        Workflow workflow = WorkflowJson.read(new StringReader(json), "wrong.json", file().getParent(), REGISTRY);
        assertThatThrownBy(() -> Runs.run(director, workflow))
                .isInstanceOf(ActorFailedException.class)
                .hasMessageContaining("actor 'test' failed in firing 3")
                .hasMessageContaining("token 3 is 49, but correctValues[3] is 50");
    }
}
