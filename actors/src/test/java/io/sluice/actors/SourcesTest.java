package io.sluice.actors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.run.Director;
import io.sluice.run.RunConfig;
import io.sluice.run.RunTimeoutException;
import io.sluice.testing.NoLeakedThreads;
import io.sluice.testing.TestActors;
import io.sluice.workflow.Workflow;
import io.sluice.workflow.WorkflowDefinitionException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Ramp, Const and Sequence put what they are told, of the class they say, and finish at their limit. */
@ExtendWith(NoLeakedThreads.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SourcesTest {

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aRampOfIntsPutsIntsAndFinishesAtItsLimit(Director director) throws Exception {
        Ramp ramp = new Ramp(0, 1, 5);
        assertThat(ramp.output().type()).isEqualTo(Integer.class);
        assertThat(Runs.collect(director, ramp, "output")).containsExactly(0, 1, 2, 3, 4);
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aRampWidensToItsWidestParameter(Director director) throws Exception {
        Ramp longs = new Ramp(1, 2L, 3);
        assertThat(longs.output().type()).isEqualTo(Long.class);
        assertThat(Runs.collect(director, longs, "output")).containsExactly(1L, 3L, 5L);
        Ramp doubles = new Ramp(0, 0.5, 3);
        assertThat(doubles.output().type()).isEqualTo(Double.class);
        assertThat(Runs.collect(director, doubles, "output")).containsExactly(0.0, 0.5, 1.0);
        Ramp fromDouble = new Ramp(1.5, -1L, 2);
        assertThat(Runs.collect(director, fromDouble, "output")).containsExactly(1.5, 0.5);
    }

    @Test
    void anIntRampWrapsAroundAsJavaDoes() throws Exception {
        assertThat(Runs.collect(Runs.directors().findFirst().orElseThrow(), new Ramp(Integer.MAX_VALUE - 1, 1, 3), "output"))
                .containsExactly(Integer.MAX_VALUE - 1, Integer.MAX_VALUE, Integer.MIN_VALUE);
    }

    @Test
    void aRampConnectsToASinkOfItsOwnTypeOnly() {
        Ramp ints = new Ramp(0, 1, 1);
        TestActors.Collect<Integer> intSink = TestActors.collect(Integer.class);
        Workflow.builder("typed").actor("ramp", ints).actor("sink", intSink).connect("ramp.output", "sink.in").build();
        // In Java, the output's type is a wildcard: it connects type-safely to ports of Number or Object.
        Ramp another = new Ramp(0, 1, 1);
        Workflow.builder("typed").actor("ramp", another).actor("scale", new Scale(2))
                .connect("ramp", another.output(), "scale", Scale.INPUT).build();
        Ramp longs = new Ramp(0, 1L, 1);
        assertThatThrownBy(() -> Workflow.builder("typed").actor("ramp", longs).actor("sink", TestActors.collect(Integer.class))
                .connect("ramp.output", "sink.in").build())
                .isInstanceOf(WorkflowDefinitionException.class).hasMessageContaining("java.lang.Long");
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aSourceWithoutALimitRunsUntilTheRunStops(Director director) {
        TestActors.Collect<Object> sink = TestActors.collect(Object.class);
        Workflow workflow = Workflow.builder("endless").actor("ramp", new Ramp(0, 1, 0)).actor("sink", sink)
                .connect("ramp.output", "sink.in").build();
        assertThatThrownBy(() -> director.run(workflow, RunConfig.builder().timeout(Duration.ofMillis(300)).build()))
                .isInstanceOf(RunTimeoutException.class);
        List<Object> taken = List.copyOf(sink.tokens);
        assertThat(taken).isNotEmpty();
        for (int i = 0; i < taken.size(); i++) {
            assertThat(taken.get(i)).isEqualTo(i);
        }
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aConstPutsItsValueOfItsClass(Director director) throws Exception {
        Const text = new Const("hi", 3);
        assertThat(text.output().type()).isEqualTo(String.class);
        assertThat(Runs.collect(director, text, "output")).containsExactly("hi", "hi", "hi");
        Const flag = new Const(true, 2);
        assertThat(flag.output().type()).isEqualTo(Boolean.class);
        assertThat(Runs.collect(director, flag, "output")).containsExactly(true, true);
        Const number = new Const(new java.math.BigDecimal("2.5"), 1);
        assertThat(number.output().type()).isEqualTo(Double.class);
        assertThat(Runs.collect(director, number, "output")).containsExactly(2.5);
        assertThat(new Const(7L, 1).output().type()).isEqualTo(Long.class);
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aSequencePutsItsValuesAndFinishes(Director director) throws Exception {
        assertThat(Runs.collect(director, new Sequence(List.of(1, "a", 2.5, List.of(true, 3L)), false, 0), "output"))
                .containsExactly(1, "a", 2.5, List.of(true, 3L));
        assertThat(Runs.collect(director, new Sequence(List.of(1, 2, 3), false, 2), "output")).containsExactly(1, 2);
        assertThat(Runs.collect(director, new Sequence(List.of(1, 2, 3), false, 10), "output")).containsExactly(1, 2, 3);
        assertThat(Runs.collect(director, new Sequence(List.of(), false, 0), "output")).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aRepeatedSequenceStartsAgainUntilItsLimit(Director director) throws Exception {
        assertThat(Runs.collect(director, new Sequence(List.of("x", "y", "z"), true, 7), "output"))
                .containsExactly("x", "y", "z", "x", "y", "z", "x");
        assertThat(Runs.collect(director, new Sequence(List.of(5), true, 3), "output")).containsExactly(5, 5, 5);
    }

    @Test
    void aSequenceIsTypedWithTheClassItsValuesShare() {
        assertThat(new Sequence(List.of(true, false), true, 0).output().type()).isEqualTo(Boolean.class);
        assertThat(new Sequence(List.of(1, (short) 2), false, 0).output().type()).isEqualTo(Integer.class);
        assertThat(new Sequence(List.of(1, 2L, 0.5), false, 0).output().type()).isEqualTo(Number.class);
        assertThat(new Sequence(List.of(List.of(1), List.of()), false, 0).output().type()).isEqualTo(List.class);
        assertThat(new Sequence(List.of(1, "a"), false, 0).output().type()).isEqualTo(Object.class);
        assertThat(new Sequence(List.of(), false, 0).output().type()).isEqualTo(Object.class);
    }

    @Test
    void invalidParametersAreNamed() {
        assertThatThrownBy(() -> new Ramp(0, 1, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("parameter 'firingCountLimit' must be 0 or more, got -1");
        assertThatThrownBy(() -> new Ramp(java.math.BigInteger.TEN.pow(30), 1, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("parameter 'init': ");
        assertThatThrownBy(() -> new Const(List.of(1), 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("parameter 'value' must be a number, a string or true or false, got [1]");
        assertThatThrownBy(() -> new Const(1, -2)).hasMessageContaining("'firingCountLimit'");
        assertThatThrownBy(() -> new Ramp(null, 1, 0)).hasMessage("parameter 'init' must be a number, got null");
        assertThatThrownBy(() -> new Sequence(null, false, 0)).hasMessage("parameter 'values' must be an array, got null");
        assertThatThrownBy(() -> new Sequence(List.of(), true, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'values' is empty");
        assertThatThrownBy(() -> new Sequence(List.of(1, List.of(2, new Object())), false, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("parameter 'values': values[1][1] must be");
        assertThatThrownBy(() -> new Sequence(java.util.Arrays.asList(1, null), false, 0))
                .hasMessage("parameter 'values': values[1] must be a number, a string, true or false, or an array, got null");
    }

    @Test
    void valuesAreCopiedAndWidened() {
        List<Object> values = new java.util.ArrayList<>(List.of((short) 1, 2.5f));
        Sequence sequence = new Sequence(values, false, 0);
        values.clear();
        assertThat(sequence.toString()).isEqualTo("Sequence[[1, 2.5]]");
    }
}
