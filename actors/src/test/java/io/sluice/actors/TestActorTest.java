package io.sluice.actors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.actor.Actor;
import io.sluice.run.ActorFailedException;
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

/** The Test actor passes what matches, and fails the run on a mismatch or a short input, under both directors. */
@ExtendWith(NoLeakedThreads.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TestActorTest {

    private static void check(Director director, Actor source, io.sluice.actors.Test test) throws Exception {
        Runs.run(director, Workflow.builder("check").actor("source", source).actor("test", test)
                .connect("source.output", "test.input").build());
    }

    private static io.sluice.actors.Test expecting(double tolerance, Object... values) {
        return new io.sluice.actors.Test(List.of(values), tolerance);
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void matchingTokensPass(Director director) throws Exception {
        check(director, new Sequence(List.of(1, 2.0, "a", List.of(1, List.of("b")), true, 3L), false, 0),
                expecting(0, 1L, 2, "a", List.of(1.0, List.of("b")), true, 3.0));
        check(director, new Sequence(List.of(), false, 0), expecting(0));
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void numbersMatchWithinTheTolerance(Director director) throws Exception {
        // 0.1 + 0.2 is 0.30000000000000004 in doubles.
        check(director, new Ramp(0.1, 0.2, 2), expecting(io.sluice.actors.Test.DEFAULT_TOLERANCE, 0.1, 0.3));
        check(director, new Ramp(0, 1, 3), expecting(1, 1, 0, 3));
        assertThatThrownBy(() -> check(director, new Ramp(0.1, 0.2, 2), expecting(0, 0.1, 0.3)))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("token 1 is 0.30000000000000004, but correctValues[1] is 0.3 (tolerance 0.0)");
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aMismatchFailsTheRunNamingTheIndexTheExpectedAndTheReceivedValue(Director director) {
        assertThatThrownBy(() -> check(director, new Ramp(0, 1, 5), expecting(0, 0, 1, 2, 4, 4)))
                .isInstanceOf(ActorFailedException.class)
                .hasMessageContaining("actor 'test' failed in firing 3")
                .hasMessageContaining("token 3 is 3, but correctValues[3] is 4 (tolerance 0.0)")
                .satisfies(e -> assertThat(((ActorFailedException) e).actor()).isEqualTo("test"));
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void kindsThatLookAlikeAreToldApart(Director director) {
        assertThatThrownBy(() -> check(director, new Sequence(List.of("1"), false, 0), expecting(0, 1)))
                .isInstanceOf(RunFailedException.class).hasMessageContaining("token 0 is \"1\", but correctValues[0] is 1");
        assertThatThrownBy(() -> check(director, new Ramp(0, 1L, 1), expecting(0, 1)))
                .isInstanceOf(RunFailedException.class).hasMessageContaining("token 0 is 0L, but correctValues[0] is 1");
        assertThatThrownBy(() -> check(director, new Sequence(List.of(List.of(1, 2)), false, 0), expecting(0, List.of(1))))
                .isInstanceOf(RunFailedException.class).hasMessageContaining("token 0 is [1, 2], but correctValues[0] is [1]");
        assertThatThrownBy(() -> check(director, new Sequence(List.of(true), false, 0), expecting(0, "true")))
                .isInstanceOf(RunFailedException.class).hasMessageContaining("token 0 is true, but correctValues[0] is \"true\"");
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void anInputThatEndsEarlyFailsTheRunNamingBothCounts(Director director) {
        assertThatThrownBy(() -> check(director, new Ramp(0, 1, 2), expecting(0, 0, 1, 2)))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("actor 'test' failed in firing 2")
                .hasMessageContaining("the input ended after 2 tokens, but correctValues has 3");
        assertThatThrownBy(() -> check(director, new Sequence(List.of(), false, 0), expecting(0, "x")))
                .isInstanceOf(RunFailedException.class).hasMessageContaining("the input ended after 0 tokens, but correctValues has 1");
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void tokensBeyondTheCorrectValuesAreAccepted(Director director) throws Exception {
        check(director, new Ramp(0, 1, 10), expecting(0, 0, 1, 2));
    }

    @Test
    void parametersAreChecked() {
        assertThatThrownBy(() -> new io.sluice.actors.Test(List.of(), -1)).hasMessage("parameter 'tolerance' must be 0 or more, got -1.0");
        assertThatThrownBy(() -> new io.sluice.actors.Test(List.of(), Double.NaN)).hasMessageContaining("'tolerance'");
        assertThatThrownBy(() -> new io.sluice.actors.Test(List.of(java.util.Map.of()), 0))
                .hasMessageStartingWith("parameter 'correctValues': correctValues[0] must be");
    }
}
