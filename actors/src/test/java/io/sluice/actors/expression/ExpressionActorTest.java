package io.sluice.actors.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import io.sluice.director.Directors;
import io.sluice.run.ActorFailedException;
import io.sluice.run.Director;
import io.sluice.run.RunConfig;
import io.sluice.run.RunResult;
import io.sluice.run.RunStatus;
import io.sluice.testing.NoLeakedThreads;
import io.sluice.testing.TestActors;
import io.sluice.workflow.Workflow;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The Expression actor, alone and in workflows run by both directors. */
@ExtendWith(NoLeakedThreads.class)
class ExpressionActorTest {

    /** Collects every token it takes. Port {@code in}. */
    static final class Sink implements Actor {
        final InputPort<Object> in = Port.input("in", Object.class);
        final List<Object> tokens = Collections.synchronizedList(new ArrayList<>());

        @Override
        public List<Port<?>> ports() {
            return List.of(in);
        }

        @Override
        public void fire(FiringContext context) {
            tokens.add(context.take(in));
        }
    }

    static Stream<Director> directors() {
        return Stream.of(Directors.dataDriven(), Directors.demandDriven());
    }

    private static RunResult run(Director director, Workflow workflow) throws Exception {
        return director.run(workflow, RunConfig.builder().build());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("directors")
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void twoSourcesThroughAnExpressionIntoASink(Director director) throws Exception {
        Sink sink = new Sink();
        RunResult result = run(director, Workflow.builder("expression")
                .actor("as", TestActors.emit(Integer.class, List.of(1, 2, 3, 4)))
                .actor("bs", TestActors.emit(Integer.class, List.of(10, 20, 30, 40, 50)))
                .actor("expr", ExpressionActor.of("a * 2 + b", List.of("a", "b")))
                .actor("sink", sink)
                .connect("as.out", "expr.a")
                .connect("bs.out", "expr.b")
                .connect("expr.output", "sink.in")
                .build());

        assertThat(result.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(sink.tokens).as("one output per pair; the shorter input ends the actor").containsExactly(12, 24, 36, 48);
        assertThat(result.channel("expr.output").orElseThrow().tokensWritten()).isEqualTo(4);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("directors")
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void iterationCountsFiringsFromOne(Director director) throws Exception {
        Sink sink = new Sink();
        run(director, Workflow.builder("iteration")
                .actor("words", TestActors.emit(String.class, List.of("a", "b", "c")))
                .actor("expr", ExpressionActor.of("iteration + \": \" + w", List.of("w")))
                .actor("sink", sink)
                .connect("words.out", "expr.w")
                .connect("expr.output", "sink.in")
                .build());

        assertThat(sink.tokens).containsExactly("1: a", "2: b", "3: c");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("directors")
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void anEvaluationErrorFailsTheRunNamingTheExpressionAndTheValues(Director director) {
        Sink sink = new Sink();
        Workflow workflow = Workflow.builder("failing")
                .actor("as", TestActors.emit(Object.class, List.of(1, "x")))
                .actor("bs", TestActors.emit(Integer.class, List.of(1, 2)))
                .actor("expr", ExpressionActor.of("a * 2 + b", List.of("a", "b")))
                .actor("sink", sink)
                .connect("as.out", "expr.a")
                .connect("bs.out", "expr.b")
                .connect("expr.output", "sink.in")
                .build();

        assertThatThrownBy(() -> run(director, workflow))
                .isInstanceOfSatisfying(ActorFailedException.class, e -> {
                    assertThat(e.actor()).isEqualTo("expr");
                    assertThat(e.getCause()).isInstanceOf(ExpressionException.class)
                            .hasMessage("expression \"a * 2 + b\" failed at column 3 with a = \"x\", b = 2, iteration = 2:"
                                    + " cannot apply '*' to \"x\" and 2");
                    assertThat(((ExpressionException) e.getCause()).column()).isEqualTo(3);
                });
    }

    @Test
    void portsAreTheInputsInOrderThenTheOutput() {
        ExpressionActor actor = new ExpressionActor("y - x", List.of("y", "x", "unused-1"));
        assertThat(actor.ports()).extracting(Port::name).containsExactly("y", "x", "unused-1", "output");
        assertThat(actor.inputs()).allSatisfy(p -> assertThat(p.type()).isEqualTo(Object.class));
        assertThat(actor.input("x").name()).isEqualTo("x");
        assertThat(ExpressionActor.OUTPUT.type()).isEqualTo(Object.class);
        assertThat(actor.expression().text()).isEqualTo("y - x");
        assertThat(ExpressionActor.class.isAnnotationPresent(Stateless.class)).isTrue();
        assertThatThrownBy(() -> actor.input("z")).hasMessage("no input 'z'; the inputs are [y, x, unused-1]");
    }

    @Test
    void theConstructorChecksTheExpressionAndTheNames() {
        assertThatThrownBy(() -> ExpressionActor.of("a +", List.of("a")))
                .isInstanceOf(ExpressionException.class)
                .hasMessage("at column 4: expected an operand but found end of expression in \"a +\"");
        assertThatThrownBy(() -> ExpressionActor.of("a + c", List.of("a", "b")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("expression \"a + c\" uses 'c', which is not one of its inputs [a, b], a function or 'iteration'");
        assertThatThrownBy(() -> ExpressionActor.of("foo(1)", List.of()))
                .hasMessage("expression \"foo(1)\" uses 'foo', which is not a function or 'iteration'");
        assertThatThrownBy(() -> ExpressionActor.of("a", List.of("a", "a")))
                .hasMessage("input 'a' is given twice");
        assertThatThrownBy(() -> ExpressionActor.of("1", List.of("a.b")))
                .hasMessageStartingWith("port name 'a.b' is invalid");
        assertThatThrownBy(() -> ExpressionActor.of("1", List.of("output")))
                .hasMessageContaining("cannot be named 'output'");
        assertThatThrownBy(() -> ExpressionActor.of("1", List.of("iteration")))
                .hasMessageContaining("cannot be named 'iteration'");
        assertThatThrownBy(() -> new ExpressionActor("a * k", List.of("a"), Map.of("a", 1)))
                .hasMessage("parameter 'a' has the name of an input");
        assertThat(new ExpressionActor("a * k + e", List.of("a"), Map.of("k", 3)).parameters()).isEqualTo(Map.of("k", 3));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("directors")
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void parametersAreBoundInEveryFiring(Director director) throws Exception {
        Sink sink = new Sink();
        run(director, Workflow.builder("parameters")
                .actor("as", TestActors.emit(Long.class, List.of(1L, 2L)))
                .actor("expr", new ExpressionActor("a * k + e", List.of("a"), Map.of("k", 3, "e", 0.5)))
                .actor("sink", sink)
                .connect("as.out", "expr.a")
                .connect("expr.output", "sink.in")
                .build());

        assertThat(sink.tokens).as("a parameter e hides the constant e").containsExactly(3.5, 6.5);
    }
}
