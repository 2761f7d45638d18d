package io.sluice.workflow.json;

import static io.sluice.testing.TestActors.collect;
import static io.sluice.testing.TestActors.emit;
import static io.sluice.testing.TestActors.map;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.ChannelPolicy;
import io.sluice.workflow.ActorNode;
import io.sluice.workflow.ActorRegistry;
import io.sluice.workflow.ChannelDefinition;
import io.sluice.workflow.SourceLocation;
import io.sluice.workflow.Workflow;
import io.sluice.workflow.WorkflowDefinitionException;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkflowJsonTest {
    private static final ActorRegistry REGISTRY = ActorRegistry.builder()
            .register("emit", p -> emit(String.class, List.of(p.string("word", "w"))))
            .register("length", p -> map(String.class, Integer.class, String::length))
            .register("inc", p -> {
                int by = p.intValue("by", 1);
                return map(Integer.class, Integer.class, i -> i + by);
            })
            .register("collect-ints", p -> collect(Integer.class))
            .register("broken", p -> {
                throw new IllegalStateException("no disk");
            })
            .build();

    private static final String VALID = """
            {
              "name": "lengths",
              "description": "ignored",
              "actors": [
                {"name": "src", "type": "emit", "params": {"word": "hello"}},
                {"name": "len", "type": "length"},
                {"name": "loop", "type": "inc", "params": {"by": 2}},
                {"name": "sink", "type": "collect-ints"}
              ],
              "channels": [
                {"from": "src.out", "to": "len.in", "capacity": 8},
                {"from": "len.out", "to": ["sink.in"], "name": "lengths-ch"},
                {"from": "loop.out", "to": "loop.in", "initialTokens": [1, 2]}
              ]
            }
            """;

    private static Workflow read(String json) {
        return WorkflowJson.read(new StringReader(json), "wf.json", Path.of("."), REGISTRY);
    }

    private static AbstractThrowableAssert<?, ? extends Throwable> assertError(String json, int line, String problem) {
        return assertThatThrownBy(() -> read(json))
                .isInstanceOf(WorkflowDefinitionException.class)
                .hasMessageStartingWith("wf.json:" + line + ": ")
                .hasMessageContaining(problem)
                .satisfies(e -> assertThat(((WorkflowDefinitionException) e).location())
                        .contains(new SourceLocation("wf.json", line)));
    }

    @Test
    void readsTheSameGraphTheBuilderWouldBuild() {
        Workflow wf = read(VALID);
        assertThat(wf.name()).isEqualTo("lengths");
        assertThat(wf.actors()).extracting(ActorNode::name).containsExactly("src", "len", "loop", "sink");
        assertThat(wf.actor("src").orElseThrow().type()).isEqualTo("emit");
        assertThat(wf.actor("src").orElseThrow().parameters()).containsEntry("word", "hello");
        assertThat(wf.channels()).extracting(ChannelDefinition::name).containsExactly("src.out", "lengths-ch", "loop.out");
        assertThat(wf.channel("src.out").orElseThrow().capacity()).isEqualTo(8);
        assertThat(wf.channel("loop.out").orElseThrow().initialTokens()).containsExactly(1, 2);
    }

    @Test
    void readsAFileAndNamesItInErrors(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("my.json");
        Files.writeString(file, VALID);
        assertThat(WorkflowJson.read(file, REGISTRY).name()).isEqualTo("lengths");
        Files.writeString(file, "{\"name\": \"x\",\n \"actors\": [\n {\"name\": \"a\", \"type\": \"nope\"}]}");
        assertThatThrownBy(() -> WorkflowJson.read(file, REGISTRY)).hasMessageStartingWith(file + ":3: ");
        assertThatThrownBy(() -> WorkflowJson.read(dir.resolve("missing.json"), REGISTRY)).isInstanceOf(IOException.class);
    }

    @Test
    void unknownActorTypeNamesTheActorTheTypeAndTheLine() {
        assertError(VALID.replace("\"type\": \"length\"", "\"type\": \"lenght\""), 6,
                "unknown actor type 'lenght' for actor 'len'; known types: [broken, collect-ints, emit, inc, length]");
    }

    @Test
    void unknownPortNamesTheChannelLine() {
        assertError(VALID.replace("\"to\": \"len.in\"", "\"to\": \"len.input\""), 11, "unknown port 'input' of actor 'len'");
    }

    @Test
    void typeMismatchNamesTheLine() {
        assertError(VALID.replace("\"from\": \"len.out\"", "\"from\": \"src.out\""), 12,
                "type mismatch from 'src.out' to 'sink.in'");
    }

    @Test
    void unconnectedInputNamesTheActorLine() {
        assertError(VALID.replace("{\"from\": \"len.out\", \"to\": [\"sink.in\"], \"name\": \"lengths-ch\"},", ""), 8,
                "input port 'sink.in' (actor at wf.json:8) is not connected");
    }

    @Test
    void duplicateActorNameNamesBothLines() {
        assertError(VALID.replace("{\"name\": \"len\", \"type\": \"length\"}", "{\"name\": \"src\", \"type\": \"length\"}"), 6,
                "duplicate actor name 'src'; first defined at wf.json:5");
    }

    @Test
    void aChannelPolicyIsReadTypedAndAnUnknownOneNamesTheLine() {
        Workflow wf = read(VALID.replace("\"to\": \"len.in\", \"capacity\": 8", "\"to\": \"len.in\", \"capacity\": 8, \"policy\": \"direct\""));
        assertThat(wf.channel("src.out").orElseThrow().policy()).isEqualTo(ChannelPolicy.DIRECT);
        assertError(VALID.replace("\"to\": \"len.in\", \"capacity\": 8", "\"to\": \"len.in\", \"capacity\": 8, \"policy\": \"disk\""), 11,
                "\"policy\" of the channel from 'src.out': unknown channel policy 'disk'; known: [memory, direct, cached, fast-track]");
    }

    @Test
    void aByteCapacityIsReadWrittenAndCheckedPerChannel() throws IOException {
        Workflow wf = read(VALID.replace("\"capacity\": 8", "\"capacity\": 8, \"capacityBytes\": 1048576"));
        assertThat(wf.channel("src.out").orElseThrow().capacityBytes()).isEqualTo(1_048_576L);
        assertThat(wf.channel("loop.out").orElseThrow().boundedInBytes()).isFalse();
        StringWriter written = new StringWriter();
        WorkflowJson.write(wf, written);
        assertThat(written.toString()).contains("\"capacityBytes\" : 1048576");
        assertThat(read(written.toString()).channel("src.out").orElseThrow().capacityBytes()).isEqualTo(1_048_576L);
        assertError(VALID.replace("\"capacity\": 8", "\"capacity\": 8, \"capacityBytes\": 0"), 11,
                "\"capacityBytes\" of the channel from 'src.out' must be an integer of at least 1, got 0");
        assertError(VALID.replace("\"capacity\": 8", "\"capacity\": 8, \"capacityBytes\": \"1MiB\""), 11,
                "\"capacityBytes\" of the channel from 'src.out' must be an integer of at least 1");
    }

    @Test
    void aSpaceIsEveryChannelsDefaultUnlessAChannelNamesItsOwn() {
        assertThat(read(VALID).channels()).allSatisfy(c -> assertThat(c.space()).isNull());
        Workflow wf = read(VALID.replace("\"description\": \"ignored\",", "\"space\": \"sluice://hub:7000\",")
                .replace("\"name\": \"lengths-ch\"", "\"name\": \"lengths-ch\", \"space\": \"sluice://other:7001\""));
        assertThat(wf.channel("src.out").orElseThrow().space()).isEqualTo(URI.create("sluice://hub:7000"));
        assertThat(wf.channel("loop.out").orElseThrow().space()).isEqualTo(URI.create("sluice://hub:7000"));
        assertThat(wf.channel("lengths-ch").orElseThrow().space()).isEqualTo(URI.create("sluice://other:7001"));
        assertError(VALID.replace("\"to\": \"len.in\", \"capacity\": 8", "\"to\": \"len.in\", \"space\": \"hub:7000\""), 11,
                "\"space\" of the channel from 'src.out' must be a space's address such as sluice://host:7000, got \"hub:7000\"");
        assertError(VALID.replace("\"description\": \"ignored\",", "\"space\": 7000,"), 3, "\"space\" of the workflow");
    }

    @Test
    void aWorkflowWrittenAndReadBackIsTheSameWorkflow() throws IOException {
        Workflow first = read(VALID.replace("\"description\": \"ignored\",", "\"space\": \"sluice://hub:7000\","
                        + " \"ui\": {\"zoom\": 1.5, \"notes\": [{\"text\": \"hi\", \"at\": [10, 20]}]},")
                .replace("\"capacity\": 8", "\"capacity\": 8, \"policy\": \"direct\", \"ui\": {\"colour\": \"#c00\"}")
                .replace("\"params\": {\"by\": 2}", "\"params\": {\"by\": 2}, \"ui\": {\"location\": [85.0, 220.0], \"hidden\": null}"));
        assertThat(first.ui()).containsEntry("zoom", 1.5);
        assertThat(first.actor("loop").orElseThrow().ui()).containsEntry("location", List.of(85.0, 220.0));
        assertThat(first.channel("src.out").orElseThrow().ui()).containsEntry("colour", "#c00");
        StringWriter written = new StringWriter();
        WorkflowJson.write(first, written);
        Workflow second = read(written.toString());
        assertThat(describe(second)).isEqualTo(describe(first));
        StringWriter again = new StringWriter();
        WorkflowJson.write(second, again);
        assertThat(again.toString()).isEqualTo(written.toString());
    }

    /** JSON numbers have no kind: a Long that fits in an int is written tagged, and read back a Long. */
    @Test
    void aLongParameterOrInitialTokenIsStillALongWhenReadBack() throws IOException {
        Workflow built = Workflow.builder("longs")
                .actor("loop", map(Long.class, Long.class, i -> i + 1), "inc-long",
                        java.util.Map.of("by", 1L, "more", List.of(2L, 3, 4_000_000_000L), "nested", java.util.Map.of("n", 5L)))
                .connect("loop.out", "loop.in", io.sluice.workflow.ChannelOptions.defaults().initialTokens(List.of(7L)))
                .build();
        StringWriter written = new StringWriter();
        WorkflowJson.write(built, written);
        assertThat(written.toString()).contains("\"by\" : {\n").contains("\"$long\" : 1").contains("4000000000");
        ActorRegistry longs = ActorRegistry.builder().register("inc-long", p -> {
            p.longValue("by");
            p.names().forEach(p::has);
            return map(Long.class, Long.class, i -> i + 1);
        }).build();
        Workflow read = WorkflowJson.read(new StringReader(written.toString()), "longs.json", Path.of("."), longs);
        java.util.Map<String, Object> params = read.actor("loop").orElseThrow().parameters();
        assertThat(params.get("by")).isEqualTo(1L);
        assertThat(params.get("more")).isEqualTo(List.of(2L, 3, 4_000_000_000L));
        assertThat(params.get("nested")).isEqualTo(java.util.Map.of("n", 5L));
        assertThat(read.channel("loop.out").orElseThrow().initialTokens()).containsExactly(7L);
    }

    @Test
    void anActorWithoutARegisteredTypeCannotBeWritten() {
        Workflow built = Workflow.builder("java").actor("src", emit(String.class, List.of("x"))).build();
        assertThatThrownBy(() -> WorkflowJson.write(built, new StringWriter()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("actor 'src' was not made from a registered actor type");
    }

    /** What a workflow is, as text: actors with types and parameters, channels with their options. */
    private static List<String> describe(Workflow wf) {
        List<String> out = new java.util.ArrayList<>();
        out.add(wf.name() + " " + wf.ui());
        wf.actors().forEach(a -> out.add(a.name() + " " + a.type() + " " + a.parameters() + " " + a.ui()));
        wf.channels().forEach(c -> out.add(c.name() + " " + c.writer() + " " + c.readers() + " " + c.capacity() + " " + c.initialTokens()
                + " " + c.policy() + " " + c.space() + " " + c.ui()));
        return out;
    }

    @Test
    void malformedJsonNamesTheLine() {
        assertError(VALID.replace("\"len.in\", \"capacity\"", "\"len.in\" \"capacity\""), 11, "malformed JSON");
        assertThatThrownBy(() -> read("[]")).hasMessageContaining("a workflow definition is a JSON object");
        assertError("{\"name\": \"a\",\n\"name\": \"b\"}", 2, "Duplicate Object property \"name\"");
    }

    @Test
    void contentAfterTheWorkflowObjectIsRefusedWithItsLine() {
        assertError(VALID + "\n{\"name\": \"other\"}\n", 17, "after the workflow object");
        assertError(VALID + "\n\n  garbage", 18, "malformed JSON");
        assertError(VALID + "}", 16, "malformed JSON");
        assertError(VALID + "\"x\"", 16, "after the workflow object");
        assertThat(read(VALID + "\n  \n").name()).isEqualTo("lengths");
    }

    @Test
    void deeplyNestedJsonIsRefusedWithALineAndNoStackOverflow() {
        int depth = 100_000;
        String arrays = "[".repeat(depth) + "]".repeat(depth);
        String objects = "{\"a\":".repeat(depth) + "1" + "}".repeat(depth);
        assertError("{\"name\": \"deep\",\n\"description\": " + arrays + "}", 2, "JSON beyond a limit: Document nesting depth");
        assertError("{\"name\": \"deep\",\n\"actors\": [\n{\"name\": \"src\", \"type\": \"emit\", \"params\": {\"word\": "
                + objects + "}}]}", 3, "JSON beyond a limit: Document nesting depth");
        assertError("{\"name\": \"deep\",\n\"channels\": [{\"from\": \"a.out\", \"to\": \"b.in\",\n\"initialTokens\": "
                + arrays + "}]}", 3, "JSON beyond a limit: Document nesting depth");
        assertError(arrays, 1, "a workflow definition is a JSON object");
    }

    @Test
    void unknownFieldsAreRejectedToCatchTypos() {
        assertError(VALID.replace("\"channels\":", "\"chanels\":"), 10, "unknown field 'chanels' in the workflow");
        assertError(VALID.replace("\"params\": {\"by\": 2}", "\"param\": {\"by\": 2}"), 7, "unknown field 'param' in an actor");
        assertError(VALID.replace("\"capacity\": 8", "\"capacty\": 8"), 11, "unknown field 'capacty' in a channel");
    }

    @Test
    void badParametersNameTheActorAndParameter() {
        assertError(VALID.replace("\"by\": 2", "\"by\": \"two\""), 7, "actor 'loop' (type inc): parameter 'by' must be an integer, got \"two\"");
        assertError(VALID.replace("\"by\": 2", "\"by\": 2, \"bye\": 3"), 7, "actor 'loop' (type inc): unknown parameter [bye]");
        assertError(VALID.replace("\"type\": \"length\"", "\"type\": \"broken\""), 6,
                "actor 'len' (type broken) could not be created: java.lang.IllegalStateException: no disk");
    }

    @Test
    void badChannelOptionsAreNamed() {
        assertError(VALID.replace("\"capacity\": 8", "\"capacity\": 0"), 11, "\"capacity\" of the channel from 'src.out' must be an integer of at least 1");
        assertError(VALID.replace("[1, 2]", "[1, \"two\"]"), 13, "initial token #1 of the channel from 'loop.out' is not a java.lang.Integer");
        assertError(VALID.replace("[1, 2]", "[null]"), 13, "is null; channels carry no nulls");
        assertError(VALID.replace("\"to\": [\"sink.in\"]", "\"to\": []"), 12, "must be a port");
        assertError(VALID.replace("\"name\": \"lengths-ch\"", "\"name\": \"../x\""), 12, "channel name '../x' is invalid");
    }

    @Test
    void missingNameIsReported() {
        assertError(VALID.replace("\"name\": \"lengths\",", ""), 1, "the workflow has no \"name\"");
        assertError(VALID.replace("{\"name\": \"len\", \"type\": \"length\"}", "{\"type\": \"length\"}"), 6, "actor \"name\" must be a string, and is missing");
    }
}
