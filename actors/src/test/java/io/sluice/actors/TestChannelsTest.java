package io.sluice.actors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.actor.Port;
import io.sluice.run.Director;
import io.sluice.run.RunFailedException;
import io.sluice.testing.NoLeakedThreads;
import io.sluice.workflow.Workflow;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The Test actor with several input ports (Ptolemy's multiport Test): one value per port in each element. */
@ExtendWith(NoLeakedThreads.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TestChannelsTest {

    private static void check(Director director, List<Object> correctValues, int rampLimit) throws Exception {
        Runs.run(director, Workflow.builder("channels").actor("a", new Ramp(0, 1, rampLimit)).actor("b", new Ramp(10, 10, rampLimit))
                .actor("test", new io.sluice.actors.Test(correctValues, 0, 2))
                .connect("a.output", "test.input_0").connect("b.output", "test.input_1").build());
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void eachElementHoldsOneValuePerPort(Director director) throws Exception {
        check(director, List.of(List.of(0, 10), List.of(1, 20), List.of(2, 30)), 3);
        // More tokens than values are accepted, as with one port.
        check(director, List.of(List.of(0, 10)), 4);
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aMismatchNamesThePortAndAShortInputFails(Director director) {
        assertThatThrownBy(() -> check(director, List.of(List.of(0, 10), List.of(1, 21)), 2))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("token 1 of port 'input_1' is 20, but correctValues[1][1] (port 'input_1') is 21");
        assertThatThrownBy(() -> check(director, List.of(List.of(0, 10), List.of(1, 20), List.of(2, 30)), 2))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("ended after 2 tokens, but correctValues has 3");
    }

    @Test
    void thePortsFollowTheWidthAndEachElementMustHoldAValuePerPort() {
        assertThat(new io.sluice.actors.Test(List.of(1), 0, 1).ports()).extracting(Port::name).containsExactly("input");
        assertThat(new io.sluice.actors.Test(List.of(List.of(1, 2, 3)), 0, 3).ports()).extracting(Port::name)
                .containsExactly("input_0", "input_1", "input_2");
        assertThatThrownBy(() -> new io.sluice.actors.Test(List.of(List.of(1, 2), 3), 0, 2))
                .hasMessage("parameter 'correctValues': correctValues[1] must be an array of 2 values, one per input port, got 3");
        assertThatThrownBy(() -> new io.sluice.actors.Test(List.of(1), 0, 0)).hasMessage("parameter 'inputWidth' must be 1 or more, got 0");
    }
}
