package io.sluice.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A logic function of its inputs (Ptolemy's {@code logic.LogicFunction}): each firing takes one
 * boolean from each of the ports {@code input_0} ... and puts the {@code function} of them all.
 * Type name {@value #TYPE}. Stateless.
 *
 * <p>{@code and}, {@code or} and {@code xor} (true when an odd number of inputs are) fold the
 * inputs; {@code nand}, {@code nor} and {@code xnor} are their negations.
 *
 * <p><b>Ports.</b> {@code input_0} ... {@code input_}<i>w-1</i> (booleans, typed {@code Object} so
 * that a sample delay can feed them; {@link #input(int)}) and {@link #OUTPUT} ({@code output},
 * {@code Boolean}).
 *
 * <p><b>Parameters.</b> {@value #FUNCTION} (one of {@code and}, {@code or}, {@code xor},
 * {@code nand}, {@code nor}, {@code xnor}, in any case; default {@code and}), {@value #INPUT_WIDTH}
 * (1 or more; default 1).
 *
 * <p><b>Failure.</b> The constructor throws {@link IllegalArgumentException} naming the parameter
 * that is invalid. A firing fails the run, naming the port, when a token is not a boolean.
 */
@Stateless
public final class LogicFunction implements Actor {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "logic-function";
    /** The parameter that gives the function. */
    public static final String FUNCTION = "function";
    /** The parameter that gives the number of input ports. */
    public static final String INPUT_WIDTH = "inputWidth";
    /** The function's value. */
    public static final OutputPort<Boolean> OUTPUT = Port.output("output", Boolean.class);

    private static final List<String> FUNCTIONS = List.of("and", "or", "xor", "nand", "nor", "xnor");

    private final String function;
    private final List<InputPort<Object>> inputs;
    private final List<Port<?>> ports;

    /**
     * @param function one of {@code and}, {@code or}, {@code xor}, {@code nand}, {@code nor},
     *     {@code xnor}, in any case
     * @param inputWidth the number of input ports, 1 or more
     * @throws IllegalArgumentException naming the parameter if either is invalid
     */
    public LogicFunction(String function, int inputWidth) {
        String f = function == null ? "" : function.strip().toLowerCase(Locale.ROOT);
        if (!FUNCTIONS.contains(f)) {
            throw new IllegalArgumentException("parameter '" + FUNCTION + "' must be one of " + FUNCTIONS + ", was '" + function + "'");
        }
        this.function = f;
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
        int trues = 0;
        for (InputPort<Object> in : inputs) {
            if (Tokens.bool(in.name(), context.take(in))) {
                trues++;
            }
        }
        boolean value = switch (function) {
            case "and", "nand" -> trues == inputs.size();
            case "or", "nor" -> trues > 0;
            default -> trues % 2 == 1;
        };
        context.put(OUTPUT, function.startsWith("n") || function.equals("xnor") ? !value : value);
    }

    @Override
    public String toString() {
        return "LogicFunction[" + function + ", " + inputs.size() + " inputs]";
    }
}
