package io.sluice.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether its inputs are equal (Ptolemy's {@code logic.Equals}): each firing takes one token from
 * each of the ports {@code input_0} ... and puts {@code true} if they are all equal, else
 * {@code false}. Type name {@value #TYPE}. Stateless.
 *
 * <p>Numbers are compared by value after Ptolemy's lossless widening (int, long, double), so
 * {@code 1}, {@code 1L} and {@code 1.0} are equal; other tokens (strings, booleans, arrays) by
 * {@link Object#equals}, an array element by element as numbers are.
 *
 * <p><b>Ports.</b> {@code input_0} ... {@code input_}<i>w-1</i> (any token; {@link #input(int)})
 * and {@link #OUTPUT} ({@code output}, {@code Boolean}).
 *
 * <p><b>Parameters.</b> {@value #INPUT_WIDTH} (the number of input ports, 1 or more; default 1:
 * one port always gives {@code true}).
 *
 * <p><b>Failure.</b> The constructor throws {@link IllegalArgumentException} naming the parameter
 * if the width is less than 1. Firing cannot fail but by the run stopping.
 */
@Stateless
public final class Equals implements Actor {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "equals";
    /** The parameter that gives the number of input ports. */
    public static final String INPUT_WIDTH = "inputWidth";
    /** Whether the tokens of a firing were equal. */
    public static final OutputPort<Boolean> OUTPUT = Port.output("output", Boolean.class);

    private final List<InputPort<Object>> inputs;
    private final List<Port<?>> ports;

    /** @throws IllegalArgumentException naming the parameter if {@code inputWidth} is less than 1 */
    public Equals(int inputWidth) {
        this.inputs = Multiports.inputs("input", INPUT_WIDTH, Multiports.atLeastOne(INPUT_WIDTH, inputWidth), Object.class);
        List<Port<?>> all = new ArrayList<>(inputs);
        all.add(OUTPUT);
        this.ports = List.copyOf(all);
    }

    /**
     * The port {@code input_i}.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= i < inputWidth}
     */
    public InputPort<Object> input(int i) {
        return inputs.get(i);
    }

    @Override
    public List<Port<?>> ports() {
        return ports;
    }

    @Override
    public void fire(FiringContext context) {
        Object first = context.take(inputs.get(0));
        boolean equal = true;
        for (int i = 1; i < inputs.size(); i++) {
            equal &= Tokens.same(first, context.take(inputs.get(i)));
        }
        context.put(OUTPUT, equal);
    }

    @Override
    public String toString() {
        return "Equals[" + inputs.size() + " inputs]";
    }
}
