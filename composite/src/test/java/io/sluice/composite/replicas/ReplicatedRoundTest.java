package io.sluice.composite.replicas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.workflow.ActorRegistry;
import io.sluice.workflow.ReplicatedActor;
import io.sluice.workflow.Workflow;
import io.sluice.workflow.WorkflowDefinitionException;
import io.sluice.workflow.json.WorkflowJson;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The JSON field {@code "round"} of a replicated actor: read, written back, refused where wrong. */
class ReplicatedRoundTest {
    private static String json(String fields) {
        return """
                {"name": "filter", "actors": [
                  {"name": "src", "type": "word-source", "params": {"tokens": 50, "seed": 3}},
                  {"name": "filter", "type": "prefix-filter", "params": {"prefix": "b"}%s},
                  {"name": "sink", "type": "line-sink"}],
                 "channels": [{"from": "src.out", "to": "filter.in"}, {"from": "filter.out", "to": "sink.in"}]}
                """.formatted(fields);
    }

    private static Workflow read(String json) {
        return WorkflowJson.read(new StringReader(json), "filter.json", Path.of("."),
                ActorRegistry.discover(ReplicatedRoundTest.class.getClassLoader()));
    }

    private static int round(Workflow w) {
        return ((ReplicatedActor) w.actor("filter").orElseThrow().actor()).roundTokens();
    }

    @Test
    void aRoundIsReadAndWrittenBackAndTheDefaultIsNotWritten() throws Exception {
        Workflow w = read(json(", \"replicas\": 2, \"round\": 1000"));
        assertThat(round(w)).isEqualTo(1000);
        StringWriter written = new StringWriter();
        WorkflowJson.write(w, written);
        assertThat(round(read(written.toString()))).isEqualTo(1000);

        Workflow plain = read(json(", \"replicas\": 2"));
        assertThat(round(plain)).isEqualTo(2 * ReplicatedActor.ROUND_TOKENS_PER_COPY);
        StringWriter again = new StringWriter();
        WorkflowJson.write(plain, again);
        assertThat(again.toString()).doesNotContain("\"round\"");
    }

    @Test
    void aWrongRoundIsRefusedNamingTheActor() {
        assertThatThrownBy(() -> read(json(", \"round\": 100"))).isInstanceOf(WorkflowDefinitionException.class)
                .hasMessageContaining("\"round\" of actor 'filter' needs \"replicas\"");
        for (String wrong : new String[] {"1", "65537", "2.5", "\"64\""}) {
            assertThatThrownBy(() -> read(json(", \"replicas\": 2, \"round\": " + wrong))).as(wrong)
                    .isInstanceOf(WorkflowDefinitionException.class).hasMessageStartingWith("filter.json:3: ")
                    .hasMessageContaining("\"round\" of actor 'filter' must be a whole number of tokens of at least its 2 replicas"
                            + " and at most 65536, not " + wrong);
        }
    }
}
