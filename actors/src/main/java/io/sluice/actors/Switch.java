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
 * Routes each input token to the output a control number names (Ptolemy's {@code Switch}). Type
 * name {@value #TYPE}. Stateless.
 *
 * <p><b>Ports.</b> {@link #INPUT} ({@code input}, {@code Object}); {@link #CONTROL}
 * ({@code control}, an int or long); {@code output_0} ... {@code output_}<i>w-1</i>
 * ({@code Object}; {@link #output(int)}), Ptolemy's multiport {@code output}.
 *
 * <p><b>Firings.</b> Each firing takes one token from {@code control}, then one from
 * {@code input}, and puts it on {@code output_}<i>control</i>; as in Ptolemy, a token whose
 * control names no output (negative, or {@code outputWidth} or more) is dropped. The actor ends
 * when either input ends.
 *
 * <p><b>Parameters.</b> {@value #OUTPUT_WIDTH} (the number of outputs, 0 or more; default 1).
 *
 * <p><b>Failure.</b> The constructor throws {@link IllegalArgumentException} naming the parameter
 * if the width is negative. A firing fails the run, naming the port, when a control token is not
 * an integer.
 */
@Stateless
public final class Switch implements Actor {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "switch";
    /** The parameter that gives the number of outputs. */
    public static final String OUTPUT_WIDTH = "outputWidth";
    /** The tokens to route. */
    public static final InputPort<Object> INPUT = Port.input("input", Object.class);
    /** Which output each token goes to. */
    public static final InputPort<Object> CONTROL = Port.input("control", Object.class);

    private final List<OutputPort<Object>> outputs;
    private final List<Port<?>> ports;

    /** @throws IllegalArgumentException naming the parameter if {@code outputWidth} is negative */
    public Switch(int outputWidth) {
        this.outputs = Multiports.outputs("output", OUTPUT_WIDTH, outputWidth, Object.class);
        List<Port<?>> all = new ArrayList<>(List.of(INPUT, CONTROL));
        all.addAll(outputs);
        this.ports = List.copyOf(all);
    }

    /**
     * The port {@code output_i}.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= i < outputWidth}
     */
    public OutputPort<Object> output(int i) {
        return outputs.get(i);
    }

    @Override
    public List<Port<?>> ports() {
        return ports;
    }

    @Override
    public void fire(FiringContext context) {
        long control = Tokens.index(CONTROL.name(), context.take(CONTROL));
        Object token = context.take(INPUT);
        if (control >= 0 && control < outputs.size()) {
            context.put(outputs.get((int) control), token);
        }
    }

    @Override
    public String toString() {
        return "Switch[" + outputs.size() + " outputs]";
    }
}
