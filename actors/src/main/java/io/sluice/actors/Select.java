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
 * Takes each token from the input a control number names (Ptolemy's {@code Select}). Type name
 * {@value #TYPE}. Stateless.
 *
 * <p><b>Ports.</b> {@code input_0} ... {@code input_}<i>w-1</i> ({@code Object};
 * {@link #input(int)}), Ptolemy's multiport {@code input}; {@link #CONTROL} ({@code control}, an
 * int or long); {@link #OUTPUT} ({@code output}, {@code Object}).
 *
 * <p><b>Firings.</b> Each firing takes one token from {@code control}, then one from
 * {@code input_}<i>control</i>, and puts it on {@code output}; the other inputs are not read in
 * that firing. The actor ends when {@code control} ends or the input it selects has ended.
 *
 * <p><b>Parameters.</b> {@value #INPUT_WIDTH} (the number of inputs, 1 or more; default 1).
 *
 * <p><b>Failure.</b> The constructor throws {@link IllegalArgumentException} naming the parameter
 * if the width is less than 1. A firing fails the run, naming the port and the value, when a
 * control token is not an integer or names no input.
 */
@Stateless
public final class Select implements Actor {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "select";
    /** The parameter that gives the number of inputs. */
    public static final String INPUT_WIDTH = "inputWidth";
    /** Which input the next token comes from. */
    public static final InputPort<Object> CONTROL = Port.input("control", Object.class);
    /** The selected tokens. */
    public static final OutputPort<Object> OUTPUT = Port.output("output", Object.class);

    private final List<InputPort<Object>> inputs;
    private final List<Port<?>> ports;

    /** @throws IllegalArgumentException naming the parameter if {@code inputWidth} is less than 1 */
    public Select(int inputWidth) {
        this.inputs = Multiports.inputs("input", INPUT_WIDTH, Multiports.atLeastOne(INPUT_WIDTH, inputWidth), Object.class);
        List<Port<?>> all = new ArrayList<>(inputs);
        all.add(CONTROL);
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
        long control = Tokens.index(CONTROL.name(), context.take(CONTROL));
        if (control < 0 || control >= inputs.size()) {
            throw new IllegalArgumentException("port 'control' received " + control + ", which names no input: there are "
                    + inputs.size() + " (input_0 to input_" + (inputs.size() - 1) + ")");
        }
        context.put(OUTPUT, context.take(inputs.get((int) control)));
    }

    @Override
    public String toString() {
        return "Select[" + inputs.size() + " inputs]";
    }
}
