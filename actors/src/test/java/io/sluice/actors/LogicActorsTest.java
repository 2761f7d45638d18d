package io.sluice.actors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.director.Directors;
import io.sluice.run.Director;
import io.sluice.run.RunConfig;
import io.sluice.run.RunFailedException;
import io.sluice.testing.NoLeakedThreads;
import io.sluice.testing.TestActors;
import io.sluice.workflow.ActorRegistry;
import io.sluice.workflow.Workflow;
import io.sluice.workflow.json.WorkflowJson;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Equals, Comparator, LogicalNot, LogicFunction, Switch, Select, OrderedMerge, Sleep and a triggered Const. */
@ExtendWith(NoLeakedThreads.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LogicActorsTest {

    private static Sequence seq(Object... values) {
        return new Sequence(List.of(values), false, 0);
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void equalsComparesNumbersByValueAndOtherTokensAsThemselves(Director director) throws Exception {
        TestActors.Collect<Object> sink = TestActors.collect(Object.class);
        Equals equals = new Equals(3);
        Runs.run(director, Workflow.builder("equals")
                .actor("a", seq(1, 1, "x", List.of(1, 2), true))
                .actor("b", seq(1L, 2, "x", List.of(1.0, 2L), true))
                .actor("c", seq(1.0, 1, "y", List.of(1, 2), true))
                .actor("eq", equals).actor("sink", sink)
                .connect("a.output", "eq.input_0").connect("b.output", "eq.input_1").connect("c.output", "eq.input_2")
                .connect("eq.output", "sink.in").build());
        assertThat(sink.tokens).containsExactly(true, false, false, true, true);
        assertThat(equals.input(2).name()).isEqualTo("input_2");
        assertThatThrownBy(() -> new Equals(0)).hasMessageContaining("'inputWidth' must be at least 1");
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void comparatorComparesWithItsTolerance(Director director) throws Exception {
        assertThat(compared(director, new Comparator(">", 0))).containsExactly(false, false, true, false);
        assertThat(compared(director, new Comparator(">=", 0))).containsExactly(false, true, true, false);
        assertThat(compared(director, new Comparator("<", 0))).containsExactly(true, false, false, true);
        assertThat(compared(director, new Comparator("<=", 0))).containsExactly(true, true, false, true);
        assertThat(compared(director, new Comparator("==", 0))).containsExactly(false, true, false, false);
        // As in Ptolemy, the tolerance leans toward true: 1.95 == 2 within 0.1, and 2 > 2 and 1.95 > 2 hold with it.
        assertThat(compared(director, new Comparator("==", 0.1))).containsExactly(false, true, false, true);
        assertThat(compared(director, new Comparator(">", 0.1))).containsExactly(false, true, true, true);
        assertThat(compared(director, new Comparator("<", 0.1))).containsExactly(true, true, false, true);
    }

    /** The pairs (left, right): (1, 2), (2, 2.0), (3, 2L), (1.95, 2). */
    private static List<Object> compared(Director director, Comparator comparator) throws Exception {
        TestActors.Collect<Object> sink = TestActors.collect(Object.class);
        Runs.run(director, Workflow.builder("compare")
                .actor("l", seq(1, 2, 3, 1.95)).actor("r", seq(2, 2.0, 2L, 2))
                .actor("cmp", comparator).actor("sink", sink)
                .connect("l.output", "cmp.left").connect("r.output", "cmp.right").connect("cmp.output", "sink.in").build());
        return List.copyOf(sink.tokens);
    }

    @Test
    void comparatorRefusesAnUnknownComparison() {
        assertThatThrownBy(() -> new Comparator("!=", 0)).hasMessageContaining("parameter 'comparison' must be one of");
        assertThatThrownBy(() -> new Comparator(">", -1)).hasMessageContaining("parameter 'tolerance' must be 0 or more");
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void logicFunctionsAndNot(Director director) throws Exception {
        for (String f : List.of("and", "or", "xor", "nand", "nor", "XNOR")) {
            TestActors.Collect<Object> sink = TestActors.collect(Object.class);
            Runs.run(director, Workflow.builder("logic")
                    .actor("a", new Sequence(List.of(false, false, true, true), false, 0))
                    .actor("b", new Sequence(List.of(false, true, false, true), false, 0))
                    .actor("f", new LogicFunction(f, 2)).actor("not", new LogicalNot()).actor("sink", sink)
                    .connect("a.output", "f.input_0").connect("b.output", "f.input_1").connect("f.output", "not.input")
                    .connect("not.output", "sink.in").build());
            List<Boolean> expected = switch (f) {
                case "and" -> List.of(true, true, true, false);
                case "or" -> List.of(true, false, false, false);
                case "xor" -> List.of(true, false, false, true);
                case "nand" -> List.of(false, false, false, true);
                case "nor" -> List.of(false, true, true, true);
                default -> List.of(false, true, true, false);
            };
            assertThat(sink.tokens).as(f + ", negated").containsExactlyElementsOf(expected);
        }
        assertThatThrownBy(() -> new LogicFunction("implies", 2)).hasMessageContaining("parameter 'function' must be one of");
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aSwitchRoutesByIndexAndASelectMergesBack(Director director) throws Exception {
        TestActors.Collect<Object> sink = TestActors.collect(Object.class);
        TestActors.Collect<Object> dropped = TestActors.collect(Object.class);
        Runs.run(director, Workflow.builder("switch-select")
                .actor("data", seq("a", "b", "c", "d", "e"))
                .actor("control", seq(2, 0, 1, 2, 0))
                .actor("control2", seq(2, 0, 1, 2, 0))
                .actor("switch", new Switch(3)).actor("select", new Select(3)).actor("sink", sink)
                .connect("data.output", "switch.input").connect("control.output", "switch.control")
                .connect("switch.output_0", "select.input_0").connect("switch.output_1", "select.input_1")
                .connect("switch.output_2", "select.input_2").connect("control2.output", "select.control")
                .connect("select.output", "sink.in").build());
        assertThat(sink.tokens).containsExactly("a", "b", "c", "d", "e");
        // A control that names no output drops the token.
        Runs.run(director, Workflow.builder("drop")
                .actor("data", seq("a", "b", "c")).actor("control", seq(0, 5, -1))
                .actor("switch", new Switch(1)).actor("sink", dropped)
                .connect("data.output", "switch.input").connect("control.output", "switch.control")
                .connect("switch.output_0", "sink.in").build());
        assertThat(dropped.tokens).containsExactly("a");
    }

    @Test
    void aSelectWhoseControlNamesNoInputFailsTheRunNamingIt() {
        assertThatThrownBy(() -> Runs.run(Directors.dataDriven(), Workflow.builder("bad")
                .actor("data", seq("a")).actor("control", seq(3))
                .actor("select", new Select(1)).actor("sink", TestActors.collect(Object.class))
                .connect("data.output", "select.input_0").connect("control.output", "select.control")
                .connect("select.output", "sink.in").build()))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("port 'control' received 3, which names no input");
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void anOrderedMergeMergesTwoSortedStreams(Director director) throws Exception {
        TestActors.Collect<Object> out = TestActors.collect(Object.class);
        TestActors.Collect<Object> fromA = TestActors.collect(Object.class);
        Runs.run(director, merge(new OrderedMerge(false), out, fromA));
        // The 9 kept when inputB ends is not put, as in Ptolemy.
        assertThat(out.tokens).containsExactly(1, 2, 3, 3, 5, 7, 8);
        assertThat(fromA.tokens).containsExactly(true, false, true, false, true, true, false);
        TestActors.Collect<Object> unique = TestActors.collect(Object.class);
        Runs.run(director, merge(new OrderedMerge(true), unique, TestActors.collect(Object.class)));
        assertThat(unique.tokens).containsExactly(1, 2, 3, 5, 7, 8);
    }

    private static Workflow merge(OrderedMerge merge, TestActors.Collect<Object> out, TestActors.Collect<Object> fromA) {
        return Workflow.builder("merge")
                .actor("a", seq(1, 3, 5, 7, 9)).actor("b", seq(2, 3, 8))
                .actor("merge", merge).actor("out", out).actor("fromA", fromA)
                .connect("a.output", "merge.inputA").connect("b.output", "merge.inputB")
                .connect("merge.output", "out.in").connect("merge.selectedA", "fromA.in").build();
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aTriggeredConstPutsOncePerTriggerAndASleepPassesTokensOn(Director director) throws Exception {
        TestActors.Collect<Object> sink = TestActors.collect(Object.class);
        Const c = new Const("go", 0, 1);
        assertThat(c.trigger(0).name()).isEqualTo("trigger_0");
        Runs.run(director, Workflow.builder("trigger")
                .actor("ramp", new Ramp(0, 1, 3)).actor("sleep", new Sleep(1)).actor("const", c).actor("sink", sink)
                .connect("ramp.output", "sleep.input").connect("sleep.output", "const.trigger_0")
                .connect("const.output", "sink.in").build());
        assertThat(sink.tokens).containsExactly("go", "go", "go");
        assertThatThrownBy(() -> new Sleep(-1)).hasMessageContaining("sleepTime");
    }

    /** A run cancelled during a long pause ends at once, also with the sleep replicated: the pause is asked to end. */
    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aRunCancelledDuringALongSleepEnds(Director director) throws Exception {
        for (boolean replicated : new boolean[] {false, true}) {
            Workflow.Builder b = Workflow.builder("pause").actor("ramp", new Ramp(0, 1, 3)).actor("sink", TestActors.collect(Object.class));
            if (replicated) {
                b.replicated("sleep", 2, () -> new Sleep(600_000));
            } else {
                b.actor("sleep", new Sleep(600_000));
            }
            Workflow wf = b.connect("ramp.output", "sleep.input").connect("sleep.output", "sink.in").build();
            try (io.sluice.run.Run run = director.start(wf, RunConfig.builder().build())) {
                assertThat(run.await(java.time.Duration.ofMillis(300))).as("sleeping").isEmpty();
                run.cancel();
                assertThatThrownBy(() -> run.await(java.time.Duration.ofSeconds(10))).as("replicated: %s", replicated)
                        .isInstanceOf(io.sluice.run.RunCancelledException.class);
            }
        }
    }

    /**
     * Ptolemy's data-dependent loop (DDF LoopTest): a number is halved until it is below 0.5; the
     * select's control comes back through a sample delay of booleans, whose output is typed
     * Object, which a control port takes. The constant 0.5 is triggered once per halving, so that
     * it ends with the loop (Ptolemy's DDF fires an untriggered one only as often as needed).
     */
    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aSampleDelayOfBooleansDrivesASelectInADataDependentLoop(Director director) throws Exception {
        TestActors.Collect<Object> done = TestActors.collect(Object.class);
        Runs.run(director, Workflow.builder("loop")
                .actor("ramp", new Ramp(0, 1, 4)).actor("select", new BooleanSelect()).actor("half", new Scale(0.5))
                .actor("half-or-more", new Comparator(">=", 0)).actor("point-five", new Const(0.5, 0, 1))
                .actor("delay", new SampleDelay(List.of(false))).actor("switch", new BooleanSwitch()).actor("done", done)
                .connect("ramp.output", "select.falseInput").connect("select.output", "half.input")
                .connect("half.output", "switch.input").connect("half.output", "half-or-more.left")
                .connect("half.output", "point-five.trigger_0")
                .connect("point-five.output", "half-or-more.right").connect("half-or-more.output", "switch.control")
                .connect("half-or-more.output", "delay.input").connect("delay.output", "select.control")
                .connect("switch.trueOutput", "select.trueInput").connect("switch.falseOutput", "done.in")
                .build());
        assertThat(done.tokens).containsExactly(0.0, 0.25, 0.25, 0.375);
    }

    @Test
    void aControlThatIsNotABooleanFailsTheRunNamingThePort() {
        assertThatThrownBy(() -> Runs.run(Directors.dataDriven(), Workflow.builder("bad")
                .actor("data", seq("a")).actor("control", seq(1))
                .actor("switch", new BooleanSwitch())
                .connect("data.output", "switch.input").connect("control.output", "switch.control").build()))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("port 'control' received 1 (Integer), which is not a boolean");
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void anEnabledSequencePutsItsNextValueOnlyWhenEnabled(Director director) throws Exception {
        TestActors.Collect<Object> sink = TestActors.collect(Object.class);
        Sequence sequence = new Sequence(List.of("a", "b", "c"), true, 0, 1);
        Runs.run(director, Workflow.builder("enabled")
                .actor("enable", new Sequence(List.of(true, false, true, true, false, true), false, 0))
                .actor("seq", sequence).actor("sink", sink)
                .connect("enable.output", "seq.enable_0").connect("seq.output", "sink.in").build());
        assertThat(sink.tokens).containsExactly("a", "b", "c", "a");
        assertThatThrownBy(() -> new Sequence(List.of(1), false, 0, 2)).hasMessageContaining("'enableWidth' must be 0 or 1");
    }

    /** The new types by their JSON names, written back and read again to the same workflow. */
    @Test
    void theTypesHaveJsonNamesAndSurviveARoundTrip(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        String json = """
                {"name": "logic", "actors": [
                  {"name": "a", "type": "sequence", "params": {"values": [1, 5, 3]}},
                  {"name": "b", "type": "sequence", "params": {"values": [2, 5, 1]}},
                  {"name": "eq", "type": "equals", "params": {"inputWidth": 2}},
                  {"name": "gt", "type": "comparator", "params": {"comparison": ">", "tolerance": 0.5}},
                  {"name": "both", "type": "logic-function", "params": {"function": "or", "inputWidth": 2}},
                  {"name": "not", "type": "logical-not"},
                  {"name": "sw", "type": "switch", "params": {"outputWidth": 2}},
                  {"name": "sel", "type": "select", "params": {"inputWidth": 2}},
                  {"name": "idx", "type": "sequence", "params": {"values": [0, 1, 0]}},
                  {"name": "idx2", "type": "sequence", "params": {"values": [0, 1, 0]}},
                  {"name": "nap", "type": "sleep", "params": {"sleepTime": 0}},
                  {"name": "m", "type": "ordered-merge"},
                  {"name": "check", "type": "test", "params": {"correctValues": [true, false, false]}},
                  {"name": "check2", "type": "test", "params": {"correctValues": [1, 5, 3]}},
                  {"name": "check3", "type": "test", "params": {"correctValues": [1, 2, 5]}}
                ], "channels": [
                  {"from": "a.output", "to": ["eq.input_0", "gt.left", "sw.input", "m.inputA"]},
                  {"from": "b.output", "to": ["eq.input_1", "gt.right", "m.inputB"]},
                  {"from": "eq.output", "to": "both.input_0"},
                  {"from": "gt.output", "to": "both.input_1"},
                  {"from": "both.output", "to": "not.input"},
                  {"from": "not.output", "to": "check.input"},
                  {"from": "idx.output", "to": "sw.control"},
                  {"from": "idx2.output", "to": "sel.control"},
                  {"from": "sw.output_0", "to": "sel.input_0"},
                  {"from": "sw.output_1", "to": "nap.input"},
                  {"from": "nap.output", "to": "sel.input_1"},
                  {"from": "sel.output", "to": "check2.input"},
                  {"from": "m.output", "to": "check3.input"}
                ]}""";
        ActorRegistry registry = ActorRegistry.discover(getClass().getClassLoader());
        Workflow workflow = WorkflowJson.read(new StringReader(json), "logic.json", dir, registry);
        java.io.StringWriter written = new java.io.StringWriter();
        WorkflowJson.write(workflow, written);
        Workflow again = WorkflowJson.read(new StringReader(written.toString()), "again.json", dir, registry);
        Directors.dataDriven().run(again, RunConfig.builder().timeout(Runs.TIMEOUT).build());
        Directors.dataDriven().run(workflow, RunConfig.builder().timeout(Runs.TIMEOUT).build());
    }
}
