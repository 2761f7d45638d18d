package io.sluice.provenance;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.local.PersistentChannels;
import io.sluice.director.Directors;
import io.sluice.run.RunConfig;
import io.sluice.testing.TestActors;
import io.sluice.workflow.Workflow;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** PROV-N, PROV-JSON and DOT of the run of {@link ProvenanceRecorderTest}: 1..10 summed in pairs. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ProvExportTest {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    @TempDir
    Path work;

    @BeforeEach
    void runPairs() throws Exception {
        Workflow workflow = Workflow.builder("pairs")
                .actor("src", TestActors.emit(Integer.class, IntStream.rangeClosed(1, 10).boxed().toList()))
                .actor("pair", new ProvenanceRecorderTest.PairSum())
                .actor("sink", TestActors.collect(Integer.class))
                .connect("src.out", "pair.in")
                .connect("pair.out", "sink.in")
                .build();
        RunConfig config = RunConfig.builder()
                .channels(PersistentChannels.builder(work.resolve("channels")).policy(ChannelPolicy.DIRECT).build())
                .workDirectory(work).listener(ProvenanceRecorder.create()).build();
        Directors.dataDriven().run(workflow, config);
    }

    @Test
    void provNOfALineageStatesWhatTheFiringsUsedAndGenerated() {
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            Lineage lineage = store.lineage(new TokenRef("pair.out", 2), Lineage.Direction.BACKWARD, 2);
            StringWriter out = new StringWriter();
            ProvExport.ofLineage(store, lineage).provN(out);
            String text = out.toString();
            assertThat(text).startsWith("document\n  prefix run <urn:sluice:run:" + store.run().runId() + ":>\n").endsWith("endDocument\n")
                    .contains("  agent(run:a-pair, [prov:type='prov:SoftwareAgent', prov:label=\"pair\"])\n")
                    .containsPattern("  activity\\(run:f-pair-2, \\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z, \\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z\\)\n")
                    .contains("  wasAssociatedWith(run:f-pair-2, run:a-pair, -)\n")
                    .contains("  used(run:f-pair-2, run:t-src.out-4, -)\n", "  used(run:f-pair-2, run:t-src.out-5, -)\n")
                    .contains("  wasGeneratedBy(run:t-pair.out-2, run:f-pair-2, -)\n")
                    .contains("  wasDerivedFrom(run:t-pair.out-2, run:t-src.out-5, run:f-pair-2, -, -)\n")
                    .contains("  wasGeneratedBy(run:t-src.out-4, run:f-src-4, -)\n")
                    .doesNotContain("run:f-pair-3");
        }
    }

    @Test
    void provJsonOfARunDeclaresEveryStatementAndEveryIdItUses() throws Exception {
        String json;
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            StringWriter out = new StringWriter();
            ProvExport.ofRun(store).provJson(out);
            json = out.toString();
        }
        JsonNode doc = JsonMapper.builder().build().readTree(json);
        assertThat(doc.propertyNames()).containsExactly("prefix", "agent", "activity", "entity", "wasAssociatedWith",
                "wasGeneratedBy", "used", "wasDerivedFrom");
        assertThat(doc.get("agent").propertyNames()).containsExactly("run:a-src", "run:a-pair", "run:a-sink");
        JsonNode agentType = doc.get("agent").get("run:a-pair").get("prov:type");
        assertThat(agentType.get("$").asString() + " " + agentType.get("type").asString()).as("a qualified name, typed")
                .isEqualTo("prov:SoftwareAgent xsd:QName");
        // src: 10 firings that put and one that finished; pair: 5 and one that met the end; sink: 5 and one.
        assertThat(doc.get("activity").size()).isBetween(5 + 5 + 10, 6 + 6 + 11);
        assertThat(doc.get("entity").size()).as("10 numbers and 5 sums").isEqualTo(15);
        assertThat(doc.get("used").size()).as("pair took 10, sink 5").isEqualTo(15);
        assertThat(doc.get("wasGeneratedBy").size()).isEqualTo(15);
        assertThat(doc.get("wasDerivedFrom").size()).as("each sum from its two numbers").isEqualTo(10);
        assertThat(doc.get("activity").get("run:f-pair-0").get("prov:startTime").asString()).endsWith("Z");

        Set<String> ids = new HashSet<>();
        for (String kind : List.of("agent", "activity", "entity")) {
            doc.get(kind).propertyNames().forEach(ids::add);
        }
        for (String relation : List.of("wasAssociatedWith", "wasGeneratedBy", "used", "wasDerivedFrom")) {
            for (Map.Entry<String, JsonNode> statement : doc.get(relation).properties()) {
                assertThat(statement.getKey()).startsWith("_:");
                for (Map.Entry<String, JsonNode> role : statement.getValue().properties()) {
                    assertThat(ids).as("%s %s %s", relation, statement.getKey(), role.getKey()).contains(role.getValue().asString());
                }
            }
        }
    }

    @Test
    void provJsonOfARunIsValidUnderTheW3cSchema() {
        assertThat(ProvJsonSchema.validate(runProvJson())).isEmpty();
    }

    @Test
    void provJsonOfLineagesIsValidUnderTheW3cSchema() {
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            for (Lineage lineage : List.of(
                    store.lineage(new TokenRef("pair.out", 2), Lineage.Direction.BACKWARD, 2),
                    store.lineage(new TokenRef("src.out", 4), Lineage.Direction.FORWARD, 3))) {
                StringWriter out = new StringWriter();
                ProvExport.ofLineage(store, lineage).provJson(out);
                JsonNode doc = MAPPER.readTree(out.toString());
                assertThat(doc.get("used").size()).as("the lineage is not empty").isPositive();
                assertThat(ProvJsonSchema.validate(doc)).as("%s", lineage.token()).isEmpty();
            }
        }
    }

    @Test
    void theSchemaCheckRejectsWhatTheW3cSchemaForbids() {
        ObjectNode doc = (ObjectNode) runProvJson();
        doc.put("sluice:notAProvKey", "x");
        String generation = doc.get("wasGeneratedBy").propertyNames().iterator().next();
        ((ObjectNode) doc.get("wasGeneratedBy").get(generation)).remove("prov:entity");
        ((ObjectNode) doc.get("used").values().iterator().next()).put("prov:entity", "not a uri");

        List<String> messages = ProvJsonSchema.validate(doc);
        assertThat(messages).hasSize(3);
        assertThat(messages).anySatisfy(m -> assertThat(m).contains("sluice:notAProvKey"));
        assertThat(messages).anySatisfy(m -> assertThat(m).contains("/wasGeneratedBy/" + generation, "prov:entity"));
        assertThat(messages).anySatisfy(m -> assertThat(m).contains("/used/", "prov:entity", "uri"));
    }

    private JsonNode runProvJson() {
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            StringWriter out = new StringWriter();
            ProvExport.ofRun(store).provJson(out);
            return MAPPER.readTree(out.toString());
        }
    }

    @Test
    void theGraphOfALineageHoldsItsFiringsAndTokensWithWhatTheyUsedAndGenerated() {
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            Lineage lineage = store.lineage(new TokenRef("pair.out", 2), Lineage.Direction.BACKWARD, 2);
            ProvExport.Graph graph = ProvExport.ofLineage(store, lineage).graph();
            assertThat(graph.nodes()).first().isEqualTo(new ProvExport.Entity("run:t-pair.out-2", new TokenRange("pair.out", 2, 3)));
            assertThat(graph.nodes()).containsExactlyInAnyOrder(
                    new ProvExport.Entity("run:t-pair.out-2", new TokenRange("pair.out", 2, 3)),
                    new ProvExport.Activity("run:f-pair-2", "pair", 2, 2, false),
                    new ProvExport.Entity("run:t-src.out-4..5", new TokenRange("src.out", 4, 6)),
                    new ProvExport.Activity("run:f-src-4", "src", 4, 4, false),
                    new ProvExport.Entity("run:t-src.out-4", new TokenRange("src.out", 4, 5)),
                    new ProvExport.Activity("run:f-src-5", "src", 5, 5, false),
                    new ProvExport.Entity("run:t-src.out-5", new TokenRange("src.out", 5, 6)));
            assertThat(graph.edges()).containsExactlyInAnyOrder(
                    new ProvExport.Edge("run:t-pair.out-2", "run:f-pair-2", ProvExport.Relation.WAS_GENERATED_BY, null),
                    new ProvExport.Edge("run:f-pair-2", "run:t-src.out-4..5", ProvExport.Relation.USED, null),
                    new ProvExport.Edge("run:t-src.out-4", "run:f-src-4", ProvExport.Relation.WAS_GENERATED_BY, null),
                    new ProvExport.Edge("run:t-src.out-5", "run:f-src-5", ProvExport.Relation.WAS_GENERATED_BY, null));
        }
    }

    @Test
    void theStoreTellsTheRunsChannelsWithTheirWritersAndReaders() {
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            assertThat(store.channels()).containsExactly(
                    new RecordedChannel("src.out", "java.lang.Integer", "src.out", List.of("pair.in"), 0),
                    new RecordedChannel("pair.out", "java.lang.Integer", "pair.out", List.of("sink.in"), 0));
        }
    }

    @Test
    void dotOfALineageDrawsFiringsAndTokenRangesWithValues() {
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            Lineage lineage = store.lineage(new TokenRef("pair.out", 2), Lineage.Direction.BACKWARD, 2);
            StringWriter out = new StringWriter();
            ProvExport.ofLineage(store, lineage).dot(out);
            String dot = out.toString();
            assertThat(dot).startsWith("digraph lineage {\n").endsWith("}\n")
                    .contains("\"run:f-pair-2\" [shape=box")
                    .contains("\"run:t-pair.out-2\" [shape=ellipse, label=\"pair.out #2\\n11\"]")
                    .contains("\"run:t-src.out-4..5\" [shape=ellipse, label=\"src.out #4-5\\n(2 tokens)\"]")
                    .contains("\"run:f-pair-2\" -> \"run:t-src.out-4..5\" [label=\"used\"]")
                    .contains("\"run:t-pair.out-2\" -> \"run:f-pair-2\" [label=\"wasGeneratedBy\"]");
        }
    }
}
