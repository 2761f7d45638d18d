package io.sluice.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import io.sluice.actor.TokenRates;
import java.util.ArrayList;
import java.util.List;

/**
 * Interleaves its inputs (Ptolemy's {@code Commutator}): each firing takes {@code blockSize}
 * tokens from {@code input_0}, then as many from {@code input_1}, and so on, and puts them all on
 * {@code output} in that order. Type name {@value #TYPE}. Stateless; a multirate actor whose
 * {@link TokenRates} the SDF director uses.
 *
 * <p><b>Ports.</b> {@code input_0} ... {@code input_}<i>w-1</i> (Ptolemy's multiport
 * {@code input}, width {@code inputWidth}; rate {@code blockSize} each) and {@link #OUTPUT}
 * ({@code output}, rate <i>w</i> {@code * blockSize}), all {@code Object}.
 *
 * <p><b>Parameters.</b> {@value #INPUT_WIDTH} (at least 1, default 1), {@value #BLOCK_SIZE}
 * (at least 1, default 1).
 *
 * <p><b>Failure.</b> The constructor throws {@link IllegalArgumentException} naming the parameter
 * that is out of range.
 */
@Stateless
public final class Commutator implements Actor, TokenRates {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "commutator";
    /** The parameter that gives the number of input ports. */
    public static final String INPUT_WIDTH = "inputWidth";
    /** The parameter that gives how many tokens are taken from each input in turn. */
    public static final String BLOCK_SIZE = "blockSize";
    /** The interleaved tokens. */
    public static final OutputPort<Object> OUTPUT = Port.output("output", Object.class);

    private final List<InputPort<Object>> inputs;
    private final int blockSize;

    /**
     * @param inputWidth the number of input ports, at least 1
     * @param blockSize the tokens taken from each input in turn, at least 1
     * @throws IllegalArgumentException naming the parameter that is out of range
     */
    public Commutator(int inputWidth, int blockSize) {
        Rates.positive(INPUT_WIDTH, inputWidth);
        this.blockSize = Rates.positive(BLOCK_SIZE, blockSize);
        Rates.positive(INPUT_WIDTH + " times " + BLOCK_SIZE, (long) inputWidth * blockSize);
        this.inputs = Multiports.inputs("input", INPUT_WIDTH, inputWidth, Object.class);
    }

    @Override
    public List<Port<?>> ports() {
        List<Port<?>> ports = new ArrayList<>(inputs);
        ports.add(OUTPUT);
        return List.copyOf(ports);
    }

    @Override
    public int rate(Port<?> port) {
        return port.equals(OUTPUT) ? inputs.size() * blockSize : blockSize;
    }

    @Override
    public void fire(FiringContext context) {
        List<Object> taken = new ArrayList<>(inputs.size() * blockSize);
        for (InputPort<Object> input : inputs) {
            for (int i = 0; i < blockSize; i++) {
                taken.add(context.take(input));
            }
        }
        for (Object token : taken) {
            context.put(OUTPUT, token);
        }
    }

    @Override
    public String toString() {
        return "Commutator[" + inputs.size() + " inputs, block " + blockSize + "]";
    }
}
