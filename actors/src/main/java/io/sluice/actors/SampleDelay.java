package io.sluice.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InitialTokens;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import java.util.List;

/**
 * Puts its initial outputs, then passes every input on (Ptolemy's {@code SampleDelay}): the
 * delay that lets a feedback loop start. Type name {@value #TYPE}.
 *
 * <p><b>Ports.</b> {@link #INPUT} ({@code input}) and {@link #OUTPUT} ({@code output}), both
 * {@code Object}.
 *
 * <p><b>Firings.</b> The {@code initialOutputs} are declared {@linkplain InitialTokens initial
 * tokens} of {@code output}: the run places them on the output's channel before any actor fires,
 * so that every director, the SDF director's schedule included, finds them there. Each firing
 * takes one token from {@code input} and puts it on {@code output} (rate 1 on both). The output
 * is thus the initial outputs followed by the input, and the actor ends when its input ends. (A
 * channel's {@code initialTokens} do the same without an actor.)
 *
 * <p><b>Parameters.</b> {@value #INITIAL_OUTPUTS} (an array of numbers, strings, booleans or
 * arrays; default {@code [0]}; may be empty).
 *
 * <p><b>Failure.</b> The constructor throws {@link IllegalArgumentException} naming the parameter
 * if an initial output is of no token kind. Firing cannot fail but by the run stopping.
 */
@Stateless
public final class SampleDelay implements Actor, InitialTokens {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "sample-delay";
    /** The parameter that gives the tokens put before the first input. */
    public static final String INITIAL_OUTPUTS = "initialOutputs";
    /** The tokens to pass on. */
    public static final InputPort<Object> INPUT = Port.input("input", Object.class);
    /** The initial outputs, then the input. */
    public static final OutputPort<Object> OUTPUT = Port.output("output", Object.class);

    private final List<Object> initialOutputs;

    /** A delay whose one initial output is the int 0, Ptolemy's default. */
    public SampleDelay() {
        this(List.of(0));
    }

    /**
     * @param initialOutputs the tokens to put first: numbers (widened to {@code Integer},
     *     {@code Long} or {@code Double}), strings, booleans or lists of them; copied
     * @throws IllegalArgumentException naming the parameter if one is of another kind
     */
    public SampleDelay(List<?> initialOutputs) {
        this.initialOutputs = Tokens.array(INITIAL_OUTPUTS, initialOutputs);
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(INPUT, OUTPUT);
    }

    /** The initial outputs on {@link #OUTPUT}; none elsewhere. */
    @Override
    public List<?> initialTokens(OutputPort<?> port) {
        return port.equals(OUTPUT) ? initialOutputs : List.of();
    }

    @Override
    public void fire(FiringContext context) {
        context.put(OUTPUT, context.take(INPUT));
    }

    @Override
    public String toString() {
        return "SampleDelay[" + Tokens.show(initialOutputs) + "]";
    }
}
