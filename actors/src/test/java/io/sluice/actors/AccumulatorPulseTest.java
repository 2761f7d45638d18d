package io.sluice.actors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.director.Directors;
import io.sluice.run.Director;
import io.sluice.testing.NoLeakedThreads;
import io.sluice.testing.TestActors;
import io.sluice.workflow.Workflow;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Accumulator and Pulse, as Ptolemy's Accumulator test wires them, under every director. */
@ExtendWith(NoLeakedThreads.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AccumulatorPulseTest {

    static Stream<Director> directors() {
        return Stream.of(Directors.dataDriven(), Directors.demandDriven(), Directors.sdf());
    }

    @ParameterizedTest
    @MethodSource("directors")
    void pulsePutsItsValuesAtItsIndexesAndZerosElsewhere(Director director) throws Exception {
        assertThat(Runs.collect(director, new Pulse(List.of(0, 1), List.of(1, 0), true, 5), "output")).containsExactly(1, 0, 1, 0, 1);
        assertThat(Runs.collect(director, new Pulse(List.of(1, 3), List.of(2.5, 4.0), false, 6), "output"))
                .containsExactly(0.0, 2.5, 0.0, 4.0, 0.0, 0.0);
        assertThat(Runs.collect(director, new Pulse(List.of(0, 2), List.of(true, true), true, 6), "output"))
                .containsExactly(true, false, true, true, false, true);
    }

    /** Ptolemy's Accumulator.xml: two inputs (a pulse and a ramp) and a reset at firing 3. */
    @ParameterizedTest
    @MethodSource("directors")
    void theSumAddsEveryInputAndRestartsFromInitOnReset(Director director) throws Exception {
        TestActors.Collect<Object> sink = TestActors.collect(Object.class);
        Runs.run(director, Workflow.builder("accumulate")
                .actor("pulse", new Pulse(List.of(0, 1), List.of(1, 0), true, 5))
                .actor("ramp", new Ramp(0, 1, 5))
                .actor("reset", new Pulse(List.of(0, 1, 2, 3, 4), List.of(false, false, false, true, false), false, 5))
                .actor("sum", new Accumulator(0, 2, 1)).actor("sink", sink)
                .connect("pulse.output", "sum.input_0").connect("ramp.output", "sum.input_1").connect("reset.output", "sum.reset_0")
                .connect("sum.output", "sink.in").build());
        assertThat(sink.tokens).containsExactly(1, 2, 5, 3, 8);
    }

    @Test
    void badParametersAreRefusedNamingThem() {
        assertThatThrownBy(() -> new Pulse(List.of(0, 1), List.of(1), false, 0)).hasMessageContaining("'indexes' and 'values'");
        assertThatThrownBy(() -> new Pulse(List.of(1, 1), List.of(1, 2), false, 0)).hasMessageContaining("increasing integers");
        assertThatThrownBy(() -> new Accumulator(0, 1, 2)).hasMessage("parameter 'resetWidth' must be 0 or 1, got 2");
        assertThatThrownBy(() -> new Accumulator(0, 0, 0)).hasMessage("parameter 'inputWidth' must be 1 or more, got 0");
        assertThat(new Accumulator(1.5, 2, 1).ports()).extracting(p -> p.name()).containsExactly("input_0", "input_1", "reset_0", "output");
    }
}
