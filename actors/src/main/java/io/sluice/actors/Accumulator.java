package io.sluice.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actors.internal.Numbers;
import java.util.ArrayList;
import java.util.List;

/**
 * Puts the running sum of its inputs (Ptolemy's {@code Accumulator}): each firing adds one token
 * from each input port to the sum and puts the sum. Type name {@value #TYPE}. Keeps the sum as
 * state, so a resumed run starts it again from its first firing.
 *
 * <p><b>Ports.</b> {@code input_0} ... {@code input_}<i>w-1</i> (Ptolemy's multiport
 * {@code input}, width {@code inputWidth}), any number; with {@code resetWidth} 1, the port
 * {@code reset_0} (any token, so that a loosely typed output can feed it; one that is not a
 * boolean fails the firing), read first in every firing: when true, the sum starts again
 * from {@code init} before this firing's inputs are added. {@link #OUTPUT} ({@code output},
 * {@code Number}). The sum is of the widest kind added so far, as the package comment says (an
 * int {@code init} and int inputs stay ints, wrapping on overflow).
 *
 * <p><b>Parameters.</b> {@value #INIT} (number, default 0), {@value #INPUT_WIDTH} (1 or more, default 1),
 * {@value #RESET_WIDTH} (0 or 1, default 0: no reset port).
 *
 * <p><b>Failure.</b> The constructor throws {@link IllegalArgumentException} naming the parameter
 * that is invalid; a firing throws it naming the port when a token is not a number, which fails
 * the run.
 */
public final class Accumulator implements Actor {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "accumulator";
    /** The parameter that gives the sum before the first input and after a reset. */
    public static final String INIT = "init";
    /** The parameter that gives the number of input ports. */
    public static final String INPUT_WIDTH = "inputWidth";
    /** The parameter that says whether there is a reset port (1) or not (0). */
    public static final String RESET_WIDTH = "resetWidth";
    /** The sums. */
    public static final OutputPort<Number> OUTPUT = Port.output("output", Number.class);

    private final Number init;
    private final List<InputPort<Object>> inputs;
    private final InputPort<Object> reset;
    private Number sum;

    /**
     * @param init the sum before the first input, and after a reset
     * @param inputWidth the number of input ports, 1 or more
     * @param resetWidth 1 for a {@code reset_0} port, 0 for none
     * @throws IllegalArgumentException naming the parameter that is invalid
     */
    public Accumulator(Number init, int inputWidth, int resetWidth) {
        this.init = Tokens.number(INIT, init);
        if (inputWidth < 1) {
            throw new IllegalArgumentException("parameter '" + INPUT_WIDTH + "' must be 1 or more, got " + inputWidth);
        }
        this.inputs = Multiports.inputs("input", INPUT_WIDTH, inputWidth, Object.class);
        if (resetWidth != 0 && resetWidth != 1) {
            throw new IllegalArgumentException("parameter '" + RESET_WIDTH + "' must be 0 or 1, got " + resetWidth);
        }
        this.reset = resetWidth == 1 ? Port.input(Multiports.name("reset", 0), Object.class) : null;
        this.sum = this.init;
    }

    @Override
    public List<Port<?>> ports() {
        List<Port<?>> ports = new ArrayList<>(inputs);
        if (reset != null) {
            ports.add(reset);
        }
        ports.add(OUTPUT);
        return List.copyOf(ports);
    }

    @Override
    public void fire(FiringContext context) {
        Number s = sum;
        if (reset != null) {
            Object r = context.take(reset);
            if (!(r instanceof Boolean b)) {
                throw new IllegalArgumentException("port '" + reset.name() + "' received " + Tokens.show(r) + ", which is not a boolean");
            }
            if (b) {
                s = init;
            }
        }
        for (InputPort<Object> input : inputs) {
            s = Numbers.add(s, Tokens.operand(input.name(), context.take(input)));
        }
        sum = s;
        context.put(OUTPUT, s);
    }

    @Override
    public String toString() {
        return "Accumulator[init " + Tokens.show(init) + ", " + inputs.size() + " inputs" + (reset == null ? "" : ", reset") + "]";
    }
}
