package io.sluice.composite.replicas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.director.Directors;
import io.sluice.run.RunConfig;
import io.sluice.workflow.ActorRegistry;
import io.sluice.workflow.ReplicatedActor;
import io.sluice.workflow.Workflow;
import io.sluice.workflow.WorkflowDefinitionException;
import io.sluice.workflow.json.WorkflowJson;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The JSON field {@code "replicas"}: read, run to the unreplicated result, written back, refused where wrong. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ReplicatedJsonTest {
    @TempDir
    Path dir;

    private static String json(String replicas, String type) {
        return """
                {"name": "filter", "actors": [
                  {"name": "src", "type": "word-source", "params": {"tokens": 5000, "seed": 3}},
                  {"name": "filter", "type": "%s"%s%s},
                  {"name": "sink", "type": "line-sink"}],
                 "channels": [{"from": "src.out", "to": "filter.in"}, {"from": "filter.out", "to": "sink.in"}]}
                """.formatted(type, type.equals("prefix-filter") ? ", \"params\": {\"prefix\": \"b\"}" : "", replicas == null ? "" : ", \"replicas\": " + replicas);
    }

    private static Workflow read(String json) {
        return WorkflowJson.read(new StringReader(json), "filter.json", Path.of("."),
                ActorRegistry.discover(ReplicatedJsonTest.class.getClassLoader()));
    }

    private byte[] run(Workflow workflow, String name) throws Exception {
        Path work = Files.createDirectories(dir.resolve(name));
        Directors.dataDriven().run(workflow, RunConfig.builder().workDirectory(work).build());
        return Files.readAllBytes(work.resolve("result.txt"));
    }

    @Test
    void aWorkflowWithReplicasRunsToTheUnreplicatedResultAndIsWrittenBack() throws Exception {
        Workflow replicated = read(json("3", "prefix-filter"));
        assertThat(replicated.actor("filter").orElseThrow().actor()).isInstanceOfSatisfying(ReplicatedActor.class,
                r -> assertThat(r.replicas()).isEqualTo(3));
        byte[] expected = run(read(json(null, "prefix-filter")), "plain");
        assertThat(expected).isNotEmpty();
        assertThat(run(replicated, "replicated")).isEqualTo(expected);
        assertThat(ReplicatedActor.readCopyLog(dir.resolve("replicated"), "filter"))
                .extracting(ReplicatedActor.CopySlice::copy).contains(0, 1, 2);

        StringWriter written = new StringWriter();
        WorkflowJson.write(read(json("3", "prefix-filter")), written);
        assertThat(written.toString()).contains("\"replicas\"");
        assertThat(read(written.toString()).actor("filter").orElseThrow().actor()).isInstanceOf(ReplicatedActor.class);
    }

    @Test
    void aReplicatedActorNotMadeFromARegisteredTypeIsNotWritten() throws Exception {
        java.util.Map<String, Object> params = java.util.Map.of("tokens", 1);
        io.sluice.actor.Actor source = ActorRegistry.discover(ReplicatedJsonTest.class.getClassLoader()).factory("word-source")
                .orElseThrow().create(io.sluice.workflow.Parameters.of(params));
        Workflow w = Workflow.builder("w").actor("src", source, "word-source", params)
                .replicated("sort", 2, SortRun::new).connect("src.out", "sort.in").build();
        assertThatThrownBy(() -> WorkflowJson.write(w, new StringWriter())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("actor 'sort' was not made from a registered actor type");
    }

    @Test
    void replicasOfAnActorThatCannotBeReplicatedAreRefusedNamingIt() {
        assertThatThrownBy(() -> read(json("0", "prefix-filter"))).isInstanceOf(WorkflowDefinitionException.class)
                .hasMessageContaining("\"replicas\" of actor 'filter' must be a whole number of at least 1");
        for (String absurd : new String[] {"257", "4294967297", "2.5", "\"4\""}) {
            assertThatThrownBy(() -> read(json(absurd, "prefix-filter"))).as(absurd).isInstanceOf(WorkflowDefinitionException.class)
                    .hasMessageStartingWith("filter.json:3: ")
                    .hasMessageContaining("\"replicas\" of actor 'filter' must be a whole number of at least 1 and at most "
                            + ReplicatedActor.MAX_REPLICAS + ", not " + absurd);
        }
        assertThatThrownBy(() -> read(json("2", "line-sink"))).isInstanceOf(WorkflowDefinitionException.class)
                .hasMessageContaining("filter");
        assertThatThrownBy(() -> read(json("2", "split"))).isInstanceOf(WorkflowDefinitionException.class)
                .hasMessageContaining("actor 'filter' cannot be replicated");
    }
}
