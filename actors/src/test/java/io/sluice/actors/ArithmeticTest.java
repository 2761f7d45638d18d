package io.sluice.actors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.actor.Actor;
import io.sluice.actor.Port;
import io.sluice.run.ActorFailedException;
import io.sluice.run.Director;
import io.sluice.run.RunFailedException;
import io.sluice.testing.NoLeakedThreads;
import io.sluice.testing.TestActors;
import io.sluice.workflow.Workflow;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Scale, AddSubtract and MultiplyDivide compute as Ptolemy does, under both directors. */
@ExtendWith(NoLeakedThreads.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ArithmeticTest {

    /**
     * Runs {@code actor} with each list of tokens fed to the input port of that name, and gives
     * what it put on {@code output}.
     */
    private static List<Object> run(Director director, Actor actor, Object... portsAndTokens) throws Exception {
        TestActors.Collect<Object> sink = TestActors.collect(Object.class);
        Workflow.Builder builder = Workflow.builder("arithmetic").actor("actor", actor).actor("sink", sink)
                .connect("actor.output", "sink.in");
        for (int i = 0; i < portsAndTokens.length; i += 2) {
            String port = (String) portsAndTokens[i];
            @SuppressWarnings("unchecked")
            List<Object> tokens = (List<Object>) portsAndTokens[i + 1];
            builder.actor("feed-" + port, TestActors.emit(typeOf(actor, port), tokens)).connect("feed-" + port + ".out", "actor." + port);
        }
        Runs.run(director, builder.build());
        return List.copyOf(sink.tokens);
    }

    /** The type of an actor's port, as the type of a feeder of tokens checked at run time. */
    @SuppressWarnings("unchecked")
    private static Class<Object> typeOf(Actor actor, String port) {
        return (Class<Object>) actor.ports().stream().filter(p -> p.name().equals(port)).findFirst().orElseThrow().type();
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void scaleMultipliesInTheWiderKind(Director director) throws Exception {
        Ramp ramp = new Ramp(0, 1, 4);
        TestActors.Collect<Number> sink = TestActors.collect(Number.class);
        Runs.run(director, Workflow.builder("scale").actor("ramp", ramp).actor("scale", new Scale(3)).actor("sink", sink)
                .connect("ramp", ramp.output(), "scale", Scale.INPUT).connect("scale", Scale.OUTPUT, "sink", sink.in).build());
        assertThat(sink.tokens).containsExactly(0, 3, 6, 9);
        assertThat(run(director, new Scale(0.5), "input", List.of(1, 3L, 2.0))).containsExactly(0.5, 1.5, 1.0);
        assertThat(run(director, new Scale(2L), "input", List.of(1, Integer.MAX_VALUE))).containsExactly(2L, 2L * Integer.MAX_VALUE);
        assertThat(run(director, new Scale(2), "input", List.of(Integer.MAX_VALUE))).containsExactly(-2);
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void addSubtractAddsPlusAndSubtractsMinusInIndexOrder(Director director) throws Exception {
        AddSubtract actor = new AddSubtract(2, 1);
        assertThat(actor.ports()).extracting(Port::name).containsExactly("plus_0", "plus_1", "minus_0", "output");
        assertThat(run(director, actor, "plus_0", List.of(1, 2, 3), "plus_1", List.of(10, 20L, 30), "minus_0", List.of(1, 1, 0.5)))
                .containsExactly(10, 21L, 32.5);
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void withoutPlusPortsTheSumStartsFromZeroOfTheFirstMinusKind(Director director) throws Exception {
        assertThat(run(director, new AddSubtract(0, 2), "minus_0", List.of(1, 2L, 0.0), "minus_1", List.of(2, 3, 0.0)))
                .containsExactly(-3, -5L, 0.0);
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aStringOnAPlusPortConcatenatesEveryPlusToken(Director director) throws Exception {
        assertThat(run(director, new AddSubtract(3, 0), "plus_0", List.of(1, 1), "plus_1", List.of(2, 2.5),
                "plus_2", List.of("a", 3L))).containsExactly("12a", 6.5);
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void stringsCannotBeSubtracted(Director director) {
        assertThatThrownBy(() -> run(director, new AddSubtract(1, 1), "plus_0", List.of(1, 2), "minus_0", List.of(1, "x")))
                .isInstanceOf(ActorFailedException.class)
                .hasMessageContaining("actor 'actor' failed in firing 1")
                .hasMessageContaining("port 'minus_0' received the string \"x\"");
        assertThatThrownBy(() -> run(director, new AddSubtract(2, 1), "plus_0", List.of(1), "plus_1", List.of("s"),
                "minus_0", List.of(1)))
                .isInstanceOf(ActorFailedException.class)
                .hasMessageContaining("port 'minus_0' received 1, which cannot be subtracted from a string")
                .hasMessageContaining("port 'plus_1' received the string \"s\"");
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aTokenThatIsNeitherNumberNorStringNamesItsPort(Director director) {
        assertThatThrownBy(() -> run(director, new AddSubtract(2, 0), "plus_0", List.of(1), "plus_1", List.of(true)))
                .isInstanceOf(RunFailedException.class).hasMessageContaining("port 'plus_1' received true (Boolean)");
        assertThatThrownBy(() -> run(director, new AddSubtract(2, 0), "plus_0", List.of("a"), "plus_1", List.of(List.of(1))))
                .isInstanceOf(RunFailedException.class).hasMessageContaining("port 'plus_1' received [1]");
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aScaleOrAProductFedAnythingButANumberNamesItsPort(Director director) {
        assertThatThrownBy(() -> run(director, new MultiplyDivide(2, 0), "multiply_0", List.of(2), "multiply_1", List.of("x")))
                .isInstanceOf(RunFailedException.class).hasMessageContaining("port 'multiply_1' received");
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void theActorEndsWithItsShortestInput(Director director) throws Exception {
        assertThat(run(director, new AddSubtract(2, 0), "plus_0", List.of(1, 2, 3, 4), "plus_1", List.of(10, 20)))
                .containsExactly(11, 22);
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void multiplyDivideComputesLeftToRight(Director director) throws Exception {
        MultiplyDivide actor = new MultiplyDivide(2, 1);
        assertThat(actor.ports()).extracting(Port::name).containsExactly("multiply_0", "multiply_1", "divide_0", "output");
        assertThat(run(director, actor, "multiply_0", List.of(7, 7, 7L, -7), "multiply_1", List.of(1, 1, 1, 1),
                "divide_0", List.of(2, 2.0, 2, 2))).containsExactly(3, 3.5, 3L, -3);
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void withoutMultiplyPortsTheProductStartsFromOne(Director director) throws Exception {
        assertThat(run(director, new MultiplyDivide(0, 1), "divide_0", List.of(1, 2, 4.0, 1L))).containsExactly(1, 0, 0.25, 1L);
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void integerDivisionByZeroFailsTheRunNamingThePort(Director director) throws Exception {
        assertThatThrownBy(() -> run(director, new MultiplyDivide(1, 2), "multiply_0", List.of(6, 6), "divide_0", List.of(2, 2),
                "divide_1", List.of(3, 0)))
                .isInstanceOf(ActorFailedException.class)
                .hasMessageContaining("failed in firing 1")
                .cause().isInstanceOf(ArithmeticException.class)
                .hasMessage("port 'divide_1': integer division by zero (3 / 0)");
        assertThat(run(director, new MultiplyDivide(1, 1), "multiply_0", List.of(1, -1, 0), "divide_0", List.of(0.0, 0.0, 0.0)))
                .hasSize(3).startsWith(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY)
                .satisfies(out -> assertThat((Double) out.get(2)).isNaN());
    }

    @Test
    void widthsAreChecked() {
        assertThatThrownBy(() -> new AddSubtract(-1, 0)).hasMessage("parameter 'plusWidth' must be 0 or more, got -1");
        assertThatThrownBy(() -> new AddSubtract(1, -1)).hasMessage("parameter 'minusWidth' must be 0 or more, got -1");
        assertThatThrownBy(() -> new AddSubtract(0, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'plusWidth' and 'minusWidth' are both 0");
        assertThatThrownBy(() -> new MultiplyDivide(0, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'multiplyWidth' and 'divideWidth' are both 0");
        assertThatThrownBy(() -> new MultiplyDivide(1, -3)).hasMessage("parameter 'divideWidth' must be 0 or more, got -3");
        assertThatThrownBy(() -> new Scale(new java.util.concurrent.atomic.AtomicLong(2)))
                .hasMessageStartingWith("parameter 'factor': ");
    }

    @Test
    void multiportsAreNumberedFromZero() {
        AddSubtract sum = new AddSubtract(3, 2);
        assertThat(sum.plus(2).name()).isEqualTo("plus_2");
        assertThat(sum.minus(1).name()).isEqualTo("minus_1");
        assertThatThrownBy(() -> sum.plus(3)).isInstanceOf(IndexOutOfBoundsException.class);
        MultiplyDivide product = new MultiplyDivide(1, 0);
        assertThat(product.ports()).extracting(Port::name).containsExactly("multiply_0", "output");
        assertThat(product.multiply(0).type()).as("any output may feed it; a token is checked when taken").isEqualTo(Object.class);
    }
}
