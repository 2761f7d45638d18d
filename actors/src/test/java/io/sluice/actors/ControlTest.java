package io.sluice.actors;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.run.Director;
import io.sluice.run.RunResult;
import io.sluice.testing.NoLeakedThreads;
import io.sluice.testing.TestActors;
import io.sluice.workflow.Workflow;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** SampleDelay, BooleanSwitch and BooleanSelect, alone and in loops and branches, under both directors. */
@ExtendWith(NoLeakedThreads.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ControlTest {

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aSampleDelayPutsItsInitialOutputsThenItsInput(Director director) throws Exception {
        assertThat(delayed(director, new SampleDelay(), List.of(1, 2, 3))).containsExactly(0, 1, 2, 3);
        assertThat(delayed(director, new SampleDelay(List.of("a", List.of(1L))), List.of(1))).containsExactly("a", List.of(1L), 1);
        assertThat(delayed(director, new SampleDelay(List.of()), List.of(1, 2))).containsExactly(1, 2);
        assertThat(delayed(director, new SampleDelay(List.of(7, 8)), List.of())).containsExactly(7, 8);
    }

    private static List<Object> delayed(Director director, SampleDelay delay, List<Object> input) throws Exception {
        TestActors.Collect<Object> sink = TestActors.collect(Object.class);
        Runs.run(director, Workflow.builder("delay").actor("source", TestActors.emit(Object.class, input))
                .actor("delay", delay).actor("sink", sink)
                .connect("source.out", "delay.input").connect("delay.output", "sink.in").build());
        return List.copyOf(sink.tokens);
    }

    /** Ptolemy's accumulator: a sum whose output comes back to it through a sample delay. */
    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aSampleDelayStartsAFeedbackLoop(Director director) throws Exception {
        TestActors.Collect<Object> sink = TestActors.collect(Object.class);
        Workflow workflow = Workflow.builder("accumulator")
                .actor("ramp", new Ramp(1, 1, 5))
                .actor("sum", new AddSubtract(2, 0))
                .actor("delay", new SampleDelay())
                .actor("test", new io.sluice.actors.Test(List.of(1, 3, 6, 10, 15), 0))
                .actor("sink", sink)
                .connect("ramp.output", "sum.plus_0")
                .connect("delay.output", "sum.plus_1")
                .connect("sum.output", "delay.input")
                .connect("sum.output", "test.input")
                .connect("sum.output", "sink.in")
                .build();
        RunResult result = Runs.run(director, workflow);
        assertThat(sink.tokens).containsExactly(1, 3, 6, 10, 15);
        // The delay put its initial 0 and the five sums; the sum ended before it took the last.
        assertThat(result.channel("delay.output").orElseThrow().tokensWritten()).isEqualTo(6);
        assertThat(result.channel("sum.output").orElseThrow().tokensWritten()).isEqualTo(5);
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aSwitchRoutesEachInputAsItsControlSays(Director director) throws Exception {
        TestActors.Collect<Object> yes = TestActors.collect(Object.class);
        TestActors.Collect<Object> no = TestActors.collect(Object.class);
        Runs.run(director, Workflow.builder("switch")
                .actor("data", new Sequence(List.of(1, 2, 3, 4, 5, 6), false, 0))
                .actor("control", new Sequence(List.of(true, false, false, true, true, false), false, 0))
                .actor("switch", new BooleanSwitch()).actor("yes", yes).actor("no", no)
                .connect("data.output", "switch.input").connect("control.output", "switch.control")
                .connect("switch.trueOutput", "yes.in").connect("switch.falseOutput", "no.in")
                .build());
        assertThat(yes.tokens).containsExactly(1, 4, 5);
        assertThat(no.tokens).containsExactly(2, 3, 6);
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aSwitchMayDropOneSide(Director director) throws Exception {
        TestActors.Collect<Object> yes = TestActors.collect(Object.class);
        RunResult result = Runs.run(director, Workflow.builder("filter")
                .actor("data", new Ramp(0, 1, 6))
                .actor("control", new Sequence(List.of(true, false), true, 6))
                .actor("switch", new BooleanSwitch()).actor("yes", yes)
                .connect("data.output", "switch.input").connect("control.output", "switch.control")
                .connect("switch.trueOutput", "yes.in")
                .build());
        assertThat(yes.tokens).containsExactly(0, 2, 4);
        assertThat(result.channel("switch.falseOutput").orElseThrow().tokensWritten()).isEqualTo(3);
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aSelectTakesFromTheInputItsControlNames(Director director) throws Exception {
        TestActors.Collect<Object> sink = TestActors.collect(Object.class);
        Runs.run(director, Workflow.builder("select")
                .actor("t", new Sequence(List.of("t0", "t1", "t2"), false, 0))
                .actor("f", new Sequence(List.of("f0", "f1", "f2", "f3"), false, 0))
                .actor("control", new Sequence(List.of(true, false, false, true), false, 0))
                .actor("select", new BooleanSelect()).actor("sink", sink)
                .connect("t.output", "select.trueInput").connect("f.output", "select.falseInput")
                .connect("control.output", "select.control").connect("select.output", "sink.in")
                .build());
        assertThat(sink.tokens).containsExactly("t0", "f0", "f1", "t1");
    }

    /**
     * If-then-else: add 100 to the tokens whose control is true, pass the others, and merge them
     * in order. (The switch's outputs are typed Object, so the "then" branch is an AddSubtract,
     * whose inputs take any token; a Scale's take only Number. The constant has a limit, as a
     * source must for the run to end.)
     */
    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aSwitchAndASelectOnOneControlMakeAnIfThenElse(Director director) throws Exception {
        TestActors.Collect<Object> sink = TestActors.collect(Object.class);
        Runs.run(director, Workflow.builder("if-then-else")
                .actor("data", new Ramp(1, 1, 8))
                .actor("control", new Sequence(List.of(true, true, false, true, false, false, true, false), false, 0))
                .actor("switch", new BooleanSwitch())
                .actor("hundred", new Const(100, 4))
                .actor("then", new AddSubtract(2, 0))
                .actor("select", new BooleanSelect()).actor("sink", sink)
                .connect("data.output", "switch.input")
                .connect("control.output", "switch.control")
                .connect("control.output", "select.control")
                .connect("switch.trueOutput", "then.plus_0")
                .connect("hundred.output", "then.plus_1")
                .connect("then.output", "select.trueInput")
                .connect("switch.falseOutput", "select.falseInput")
                .connect("select.output", "sink.in")
                .build());
        assertThat(sink.tokens).containsExactly(101, 102, 3, 104, 5, 6, 107, 8);
    }
}
