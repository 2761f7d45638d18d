package io.sluice.actors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.actor.Actor;
import io.sluice.actor.Port;
import io.sluice.workflow.ActorRegistry;
import io.sluice.workflow.Parameters;
import io.sluice.workflow.Workflow;
import io.sluice.workflow.WorkflowDefinitionException;
import io.sluice.workflow.json.WorkflowJson;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The registry's types read their parameters as documented, from Java maps and from JSON. */
class StandardActorTypesTest {
    private static final ActorRegistry REGISTRY = ActorRegistry.builder().include(new StandardActorTypes()).build();

    private static Actor create(String type, Map<String, ?> values) throws Exception {
        Parameters p = Parameters.of(values);
        Actor actor = REGISTRY.factory(type).orElseThrow().create(p);
        assertThat(p.unread()).as("parameters " + type + " did not read").isEmpty();
        return actor;
    }

    private static Map<String, Object> params(Object... namesAndValues) {
        Map<String, Object> map = new HashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            map.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return map;
    }

    private static List<String> portNames(Actor actor) {
        return actor.ports().stream().map(Port::name).toList();
    }

    /** The actor a one-actor JSON workflow creates from {@code params}. */
    private static Actor fromJson(String type, String params) {
        String json = "{\"name\": \"w\", \"actors\": [{\"name\": \"a\", \"type\": \"" + type + "\", \"params\": " + params + "}]}";
        Workflow workflow = WorkflowJson.read(new StringReader(json), "w.json", Path.of("."), REGISTRY);
        return workflow.actor("a").orElseThrow().actor();
    }

    @Test
    void discoveryFindsEveryStandardType() {
        assertThat(ActorRegistry.discover(getClass().getClassLoader()).types()).contains(Ramp.TYPE, Const.TYPE,
                Sequence.TYPE, Scale.TYPE, AddSubtract.TYPE, MultiplyDivide.TYPE, SampleDelay.TYPE, BooleanSwitch.TYPE,
                BooleanSelect.TYPE, io.sluice.actors.Test.TYPE, Display.TYPE, LineReader.TYPE, LineWriter.TYPE,
                CsvReader.TYPE, CsvWriter.TYPE);
        assertThat(REGISTRY.types()).containsExactlyInAnyOrder("ramp", "const", "sequence", "scale", "add-subtract",
                "multiply-divide", "sample-delay", "boolean-switch", "boolean-select", "test", "display", "expression",
                "line-reader", "line-writer", "csv-reader", "csv-writer", "absolute-value", "down-sample", "up-sample", "repeat",
                "sequence-to-array", "array-to-sequence", "accumulator", "pulse", "commutator", "token-to-expression",
                "distributor", "sleep", "equals", "comparator", "logical-not", "logic-function", "switch", "select",
                "ordered-merge");
    }

    @Test
    void defaultsAreThoseOfPtolemy() throws Exception {
        assertThat(create("ramp", Map.of())).hasToString("Ramp[from 0 by 1]");
        assertThat(create("scale", Map.of())).hasToString("Scale[1]");
        assertThat(portNames(create("add-subtract", Map.of()))).containsExactly("plus_0", "output");
        assertThat(portNames(create("multiply-divide", Map.of()))).containsExactly("multiply_0", "output");
        assertThat(create("sample-delay", Map.of())).hasToString("SampleDelay[[0]]");
        assertThat(create("sequence", Map.of("values", List.of()))).hasToString("Sequence[[]]");
        assertThat(create("test", Map.of("correctValues", List.of()))).hasToString("Test[0 values, tolerance 1.0E-9]");
        assertThat(((Display) create("display", Map.of())).fileName()).isEqualTo("display.txt");
        assertThat(portNames(create("boolean-switch", Map.of()))).containsExactly("input", "control", "trueOutput", "falseOutput");
        assertThat(portNames(create("boolean-select", Map.of()))).containsExactly("trueInput", "falseInput", "control", "output");
        assertThat(create("line-reader", Map.of("file", "in.txt"))).hasToString("LineReader[in.txt]");
        assertThat(create("line-writer", Map.of("file", "out.txt"))).hasToString("LineWriter[out.txt]");
        assertThat(create("csv-reader", Map.of("file", "in.csv"))).hasToString("CsvReader[in.csv]");
        assertThat(create("csv-writer", Map.of("file", "out.csv"))).hasToString("CsvWriter[out.csv]");
    }

    @Test
    void everyParameterIsRead() throws Exception {
        assertThat(create("ramp", params("init", 1, "step", 2L, "firingCountLimit", 3))).hasToString("Ramp[from 1L by 2L, limit 3]");
        assertThat(create("const", params("value", "x", "firingCountLimit", 2))).hasToString("Const[\"x\", limit 2]");
        assertThat(create("sequence", params("values", List.of(1, 2), "repeat", true, "firingCountLimit", 4)))
                .hasToString("Sequence[[1, 2], repeated, limit 4]");
        assertThat(create("scale", params("factor", new BigDecimal("0.5")))).hasToString("Scale[0.5]");
        assertThat(portNames(create("add-subtract", params("plusWidth", 0, "minusWidth", 2))))
                .containsExactly("minus_0", "minus_1", "output");
        assertThat(portNames(create("multiply-divide", params("multiplyWidth", 2, "divideWidth", 1))))
                .containsExactly("multiply_0", "multiply_1", "divide_0", "output");
        assertThat(create("sample-delay", params("initialOutputs", List.of("a", 1.5)))).hasToString("SampleDelay[[\"a\", 1.5]]");
        assertThat(create("test", params("correctValues", List.of(1), "tolerance", 0.5))).hasToString("Test[1 values, tolerance 0.5]");
        assertThat(((Display) create("display", params("file", "d.txt"))).fileName()).isEqualTo("d.txt");
        assertThat(create("line-reader", params("file", "in.txt", "numberOfLinesToSkip", 1, "firingCountLimit", 2)))
                .hasToString("LineReader[in.txt, skip 1, limit 2]");
        assertThat(create("line-writer", params("file", "out.txt", "append", true))).hasToString("LineWriter[out.txt, appending]");
        assertThat(create("csv-reader", params("file", "in.csv", "separator", ";", "header", false, "firingCountLimit", 4)))
                .hasToString("CsvReader[in.csv, separator \";\", no header, limit 4]");
        assertThat(create("csv-writer", params("file", "out.csv", "separator", ";", "columns", List.of("a", "b"))))
                .hasToString("CsvWriter[out.csv, separator \";\", columns [a, b]]");
    }

    @Test
    void aRelativeFileToReadIsResolvedAgainstTheWorkflowFilesDirectory() {
        String json = "{\"name\": \"w\", \"actors\": [{\"name\": \"a\", \"type\": \"line-reader\", \"params\": {\"file\": \"in.txt\"}}]}";
        Path base = Path.of("/data/flows");
        Workflow workflow = WorkflowJson.read(new StringReader(json), "w.json", base, REGISTRY);
        assertThat(((LineReader) workflow.actor("a").orElseThrow().actor()).file()).isEqualTo(base.resolve("in.txt"));
    }

    @Test
    void jsonNumbersKeepTheirKind() {
        assertThat(((Ramp) fromJson("ramp", "{\"init\": 1, \"step\": 2}")).output().type()).isEqualTo(Integer.class);
        assertThat(((Ramp) fromJson("ramp", "{\"init\": 10000000000}")).output().type()).isEqualTo(Long.class);
        assertThat(((Ramp) fromJson("ramp", "{\"step\": 0.5}")).output().type()).isEqualTo(Double.class);
        assertThat(((Ramp) fromJson("ramp", "{\"step\": 1e2}")).output().type()).isEqualTo(Double.class);
        assertThat(((Const) fromJson("const", "{\"value\": true}")).output().type()).isEqualTo(Boolean.class);
        assertThat(((Sequence) fromJson("sequence", "{\"values\": [[1, 2], [3]]}")).output().type()).isEqualTo(List.class);
        assertThatThrownBy(() -> fromJson("ramp", "{\"init\": 100000000000000000000}"))
                .isInstanceOf(WorkflowDefinitionException.class)
                .hasMessageContaining("actor 'a' (type ramp): parameter 'init': the integer 100000000000000000000 is beyond the long range");
    }

    @Test
    void wrongAndMissingParametersAreNamed() {
        assertThatThrownBy(() -> create("ramp", params("init", "zero"))).hasMessage("parameter 'init' must be a number, got \"zero\"");
        assertThatThrownBy(() -> create("ramp", params("firingCountLimit", 1.5)))
                .hasMessage("parameter 'firingCountLimit' must be an integer, got 1.5");
        assertThatThrownBy(() -> create("const", Map.of())).hasMessage("parameter 'value' is required");
        assertThatThrownBy(() -> create("const", params("value", null)))
                .hasMessage("parameter 'value' must be a number, a string or true or false, got null");
        assertThatThrownBy(() -> create("sequence", Map.of())).hasMessage("parameter 'values' is required");
        assertThatThrownBy(() -> create("sequence", params("values", 3))).hasMessage("parameter 'values' must be an array, got 3");
        assertThatThrownBy(() -> create("sequence", params("values", List.of(1), "repeat", "yes")))
                .hasMessage("parameter 'repeat' must be true or false, got \"yes\"");
        assertThatThrownBy(() -> create("add-subtract", params("plusWidth", 1L << 40))).hasMessageContaining("'plusWidth'");
        assertThatThrownBy(() -> create("sample-delay", params("initialOutputs", "0")))
                .hasMessage("parameter 'initialOutputs' must be an array, got \"0\"");
        assertThatThrownBy(() -> create("test", Map.of())).hasMessage("parameter 'correctValues' is required");
        assertThatThrownBy(() -> create("test", params("correctValues", List.of(), "tolerance", "small")))
                .hasMessage("parameter 'tolerance' must be a number, got \"small\"");
        assertThatThrownBy(() -> create("display", params("file", 3))).hasMessage("parameter 'file' must be a string, got 3");
        assertThatThrownBy(() -> create("line-reader", Map.of())).hasMessage("parameter 'file' is required");
        assertThatThrownBy(() -> create("line-reader", params("file", "a", "numberOfLinesToSkip", -1)))
                .hasMessage("parameter 'numberOfLinesToSkip' must be 0 or more, got -1");
        assertThatThrownBy(() -> create("line-writer", Map.of())).hasMessage("parameter 'file' is required");
        assertThatThrownBy(() -> create("line-writer", params("file", "a", "append", "yes")))
                .hasMessage("parameter 'append' must be true or false, got \"yes\"");
        assertThatThrownBy(() -> create("csv-reader", Map.of())).hasMessage("parameter 'file' is required");
        assertThatThrownBy(() -> create("csv-reader", params("file", "a", "separator", "")))
                .hasMessage("parameter 'separator' must be one or more characters, got \"\"");
        assertThatThrownBy(() -> create("csv-reader", params("file", "a", "header", 1)))
                .hasMessage("parameter 'header' must be true or false, got 1");
        assertThatThrownBy(() -> create("csv-writer", Map.of())).hasMessage("parameter 'file' is required");
        assertThatThrownBy(() -> create("csv-writer", params("file", "a", "columns", "a,b")))
                .hasMessage("parameter 'columns' must be an array, got \"a,b\"");
        assertThatThrownBy(() -> create("csv-writer", params("file", "a", "columns", List.of("a", 2))))
                .hasMessage("parameter 'columns' must list names (strings), got 2");
    }

    @Test
    void aMisspeltParameterIsRefusedByTheJsonLoader() {
        assertThatThrownBy(() -> fromJson("ramp", "{\"init\": 1, \"stpe\": 2}"))
                .isInstanceOf(WorkflowDefinitionException.class).hasMessageContaining("unknown parameter [stpe]");
        assertThatThrownBy(() -> fromJson("boolean-switch", "{\"width\": 2}"))
                .isInstanceOf(WorkflowDefinitionException.class).hasMessageContaining("unknown parameter [width]");
    }

    @Test
    void everyTypeIsDescribedForAPaletteAsItIs(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        ActorRegistry registry = ActorRegistry.builder().include(new StandardActorTypes()).build();
        java.nio.file.Files.writeString(dir.resolve("in.txt"), "a,b\n1,2\n");
        Map<String, Map<String, Object>> parameters = new HashMap<>();
        parameters.put("const", Map.of("value", 1));
        parameters.put("sequence", Map.of("values", List.of(1, 2)));
        parameters.put("test", Map.of("correctValues", List.of(1)));
        parameters.put("line-reader", Map.of("file", "in.txt"));
        parameters.put("csv-reader", Map.of("file", "in.txt"));
        parameters.put("line-writer", Map.of("file", "out.txt"));
        parameters.put("csv-writer", Map.of("file", "out.csv"));
        parameters.put("expression", Map.of("expression", "1 + 2"));
        for (String type : registry.types()) {
            io.sluice.testing.ActorTypeInfoChecks.assertDescribes(registry, type, parameters.getOrDefault(type, Map.of()), dir);
        }
        io.sluice.testing.ActorTypeInfoChecks.assertDescribes(registry, "add-subtract", Map.of("plusWidth", 3, "minusWidth", 2), dir);
        io.sluice.testing.ActorTypeInfoChecks.assertDescribes(registry, "ramp", Map.of("step", 0.5), dir);
    }
}
