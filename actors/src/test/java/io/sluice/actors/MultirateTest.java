package io.sluice.actors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.actor.TokenRates;
import io.sluice.director.Directors;
import io.sluice.director.SdfSchedule;
import io.sluice.run.Director;
import io.sluice.run.RunFailedException;
import io.sluice.testing.NoLeakedThreads;
import io.sluice.testing.TestActors;
import io.sluice.workflow.Workflow;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The multirate actors (DownSample, UpSample, Repeat, SequenceToArray, ArrayToSequence) and
 * AbsoluteValue under the data-driven, demand-driven and SDF directors, and the SDF schedule's
 * balance equations over their declared rates.
 */
@ExtendWith(NoLeakedThreads.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class MultirateTest {

    static Stream<Director> directors() {
        return Stream.of(Directors.dataDriven(), Directors.demandDriven(), Directors.sdf());
    }

    private static List<Object> through(Director director, io.sluice.actor.Actor actor, List<Object> input) throws Exception {
        TestActors.Collect<Object> sink = TestActors.collect(Object.class);
        Runs.run(director, Workflow.builder("multirate").actor("source", TestActors.emit(Object.class, input))
                .actor("actor", actor).actor("sink", sink)
                .connect("source.out", "actor.input").connect("actor.output", "sink.in").build());
        return List.copyOf(sink.tokens);
    }

    @ParameterizedTest
    @MethodSource("directors")
    void downSampleKeepsOneOfEveryFactorCountedBackFromTheLast(Director director) throws Exception {
        List<Object> ramp = List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
        // Ptolemy's DownSample1 test: factor 3, phase 2 keeps the first of each three.
        assertThat(through(director, new DownSample(3, 2), ramp)).containsExactly(1, 4, 7);
        assertThat(through(director, new DownSample(3, 0), ramp)).containsExactly(3, 6, 9);
        assertThat(through(director, new DownSample(2, 0), ramp)).containsExactly(2, 4, 6, 8, 10);
        assertThat(through(director, new DownSample(1, 0), List.of("a", "b"))).containsExactly("a", "b");
    }

    @ParameterizedTest
    @MethodSource("directors")
    void upSamplePutsEachTokenAmongZerosOfItsKind(Director director) throws Exception {
        assertThat(through(director, new UpSample(3, 0), List.of(1, 2))).containsExactly(1, 0, 0, 2, 0, 0);
        assertThat(through(director, new UpSample(2, 1), List.of(1.5, 2L))).containsExactly(0.0, 1.5, 0L, 2L);
        assertThat(through(director, new UpSample(2, 0), List.of(true, "s", List.of(1, 2.0))))
                .containsExactly(true, false, "s", "", List.of(1, 2.0), List.of(0, 0.0));
    }

    @ParameterizedTest
    @MethodSource("directors")
    void repeatPutsEachBlockNumberOfTimes(Director director) throws Exception {
        assertThat(through(director, new Repeat(2, 1), List.of(1, 2))).containsExactly(1, 1, 2, 2);
        assertThat(through(director, new Repeat(2, 2), List.of("a", "b", "c", "d", "e")))
                .containsExactly("a", "b", "a", "b", "c", "d", "c", "d");
    }

    @ParameterizedTest
    @MethodSource("directors")
    void sequenceToArrayAndBackGiveTheSameSequence(Director director) throws Exception {
        TestActors.Collect<Object> arrays = TestActors.collect(Object.class);
        TestActors.Collect<Object> elements = TestActors.collect(Object.class);
        Runs.run(director, Workflow.builder("arrays")
                .actor("source", TestActors.emit(Object.class, List.of(1, 2, 3, 4, 5, 6, 7)))
                .actor("pack", new SequenceToArray(3)).actor("unpack", new ArrayToSequence(3, true))
                .actor("arrays", arrays).actor("elements", elements)
                .connect("source.out", "pack.input").connect("pack.output", "unpack.input").connect("pack.output", "arrays.in")
                .connect("unpack.output", "elements.in").build());
        // The seventh token does not make an array: it is dropped, as Ptolemy drops it.
        assertThat(arrays.tokens).containsExactly(List.of(1, 2, 3), List.of(4, 5, 6));
        assertThat(elements.tokens).containsExactly(1, 2, 3, 4, 5, 6);
    }

    @ParameterizedTest
    @MethodSource("directors")
    void absoluteValueKeepsTheKind(Director director) throws Exception {
        assertThat(through(director, new AbsoluteValue(), List.of(-7, 3, -2L, -0.5, Integer.MIN_VALUE)))
                .containsExactly(7, 3, 2L, 0.5, Integer.MIN_VALUE);
    }

    @ParameterizedTest
    @MethodSource("directors")
    void commutatorInterleavesItsInputsBlockByBlock(Director director) throws Exception {
        TestActors.Collect<Object> sink = TestActors.collect(Object.class);
        Runs.run(director, Workflow.builder("commutate")
                .actor("a", TestActors.emit(Object.class, List.of(1, 2, 3, 4)))
                .actor("b", TestActors.emit(Object.class, List.of("x", "y", "z", "w")))
                .actor("c", new Commutator(2, 2)).actor("sink", sink)
                .connect("a.out", "c.input_0").connect("b.out", "c.input_1").connect("c.output", "sink.in").build());
        assertThat(sink.tokens).containsExactly(1, 2, "x", "y", 3, 4, "z", "w");
        assertThat(TokenRates.of(new Commutator(3, 2), Commutator.OUTPUT)).isEqualTo(6);
    }

    @ParameterizedTest
    @MethodSource("directors")
    void distributorDealsItsInputToItsOutputsInTurn(Director director) throws Exception {
        TestActors.Collect<Object> first = TestActors.collect(Object.class);
        TestActors.Collect<Object> second = TestActors.collect(Object.class);
        Runs.run(director, Workflow.builder("distribute")
                .actor("a", TestActors.emit(Object.class, List.of(1, 2, 3, 4, 5, 6, 7, 8, 9)))
                .actor("d", new Distributor(2, 2)).actor("first", first).actor("second", second)
                .connect("a.out", "d.input").connect("d.output_0", "first.in").connect("d.output_1", "second.in").build());
        // Four tokens a firing; the ninth makes no firing.
        assertThat(first.tokens).containsExactly(1, 2, 5, 6);
        assertThat(second.tokens).containsExactly(3, 4, 7, 8);
        assertThat(TokenRates.of(new Distributor(3, 2), Distributor.INPUT)).isEqualTo(6);
    }

    @ParameterizedTest
    @MethodSource("directors")
    void tokenToExpressionWritesWhatEvaluatesToTheToken(Director director) throws Exception {
        assertThat(through(director, new TokenToExpression(), List.of(1, 1L, 2.5, 1e10, true, "a\"b\\", List.of(1, List.of("s")))))
                .containsExactly("1", "1L", "2.5", "1.0E10", "true", "\"a\\\"b\\\\\"", "{1, {\"s\"}}");
    }

    @Test
    void anArrayOfAnotherLengthOrNotAnArrayFailsTheRunNamingThePort() {
        assertThatThrownBy(() -> through(Directors.dataDriven(), new ArrayToSequence(2, true), List.of(List.of(1, 2, 3))))
                .isInstanceOf(RunFailedException.class).hasMessageContaining("port 'input' received an array of length 3")
                .hasMessageContaining("arrayLength is 2");
        assertThatThrownBy(() -> through(Directors.dataDriven(), new ArrayToSequence(2, true), List.of(5)))
                .isInstanceOf(RunFailedException.class).hasMessageContaining("port 'input' received 5, which is not an array");
        assertThatThrownBy(() -> through(Directors.dataDriven(), new AbsoluteValue(), List.of("x")))
                .isInstanceOf(RunFailedException.class).hasMessageContaining("which is not a number");
    }

    @Test
    void unenforcedArrayToSequencePutsEveryElementOutsideSdf() throws Exception {
        assertThat(through(Directors.dataDriven(), new ArrayToSequence(2, false), List.of(List.of(1, 2, 3), List.of(4))))
                .containsExactly(1, 2, 3, 4);
    }

    @Test
    void theRatesAreDeclaredAndTheirParametersChecked() {
        assertThat(TokenRates.of(new DownSample(3, 0), DownSample.INPUT)).isEqualTo(3);
        assertThat(TokenRates.of(new DownSample(3, 0), DownSample.OUTPUT)).isEqualTo(1);
        assertThat(TokenRates.of(new UpSample(4, 0), UpSample.OUTPUT)).isEqualTo(4);
        assertThat(TokenRates.of(new Repeat(3, 2), Repeat.INPUT)).isEqualTo(2);
        assertThat(TokenRates.of(new Repeat(3, 2), Repeat.OUTPUT)).isEqualTo(6);
        assertThat(TokenRates.of(new SequenceToArray(5), SequenceToArray.INPUT)).isEqualTo(5);
        assertThat(TokenRates.of(new ArrayToSequence(5, true), ArrayToSequence.OUTPUT)).isEqualTo(5);
        assertThatThrownBy(() -> new DownSample(0, 0)).hasMessage("parameter 'factor' must be an integer from 1 to 2147483647, got 0");
        assertThatThrownBy(() -> new DownSample(3, 3)).hasMessage("parameter 'phase' must be from 0 to 2 (the factor less one), got 3");
        assertThatThrownBy(() -> new UpSample(2, -1)).hasMessageContaining("parameter 'phase'");
        assertThatThrownBy(() -> new Repeat(2, 0)).hasMessageContaining("parameter 'blockSize'");
        assertThatThrownBy(() -> new SequenceToArray(0)).hasMessageContaining("parameter 'arrayLength'");
    }

    /** Ramp -> UpSample(3) -> DownSample(2) -> SequenceToArray(2) -> ArrayToSequence(2) -> Repeat(2). */
    @Test
    void theSdfDirectorSolvesTheBalanceEquationsOfTheseActors() throws Exception {
        TestActors.Collect<Object> sink = TestActors.collect(Object.class);
        Workflow workflow = Workflow.builder("chain").actor("ramp", new Ramp(1, 1, 4))
                .actor("up", new UpSample(3, 0)).actor("down", new DownSample(2, 1))
                .actor("pack", new SequenceToArray(2)).actor("unpack", new ArrayToSequence(2, true))
                .actor("repeat", new Repeat(2, 1)).actor("sink", sink)
                .connect("ramp.output", "up.input").connect("up.output", "down.input").connect("down.output", "pack.input")
                .connect("pack.output", "unpack.input").connect("unpack.output", "repeat.input").connect("repeat.output", "sink.in")
                .build();
        // up puts 3 per firing, down takes 2, pack takes 2: ramp and up fire 4 times per
        // iteration, down 6, pack and unpack 3, repeat 6, the sink 12.
        assertThat(SdfSchedule.of(workflow).repetitions()).isEqualTo(Map.of("ramp", 4L, "up", 4L, "down", 6L, "pack", 3L,
                "unpack", 3L, "repeat", 6L, "sink", 12L));
        Runs.run(Directors.sdf(), workflow);
        // 1 0 0 2 0 0 3 0 0 4 0 0, keeping the first of each pair: 1 0 0 3 0 0.
        assertThat(sink.tokens).containsExactly(1, 1, 0, 0, 0, 0, 3, 3, 0, 0, 0, 0);
    }
}
