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
 * Deals its input out to its outputs in turn (Ptolemy's {@code Distributor}): each firing takes
 * <i>w</i> {@code * blockSize} tokens from {@code input} and puts the first {@code blockSize} on
 * {@code output_0}, the next on {@code output_1}, and so on. Type name {@value #TYPE}.
 * Stateless; a multirate actor whose {@link TokenRates} the SDF director uses.
 *
 * <p><b>Ports.</b> {@link #INPUT} ({@code input}, rate <i>w</i> {@code * blockSize}) and
 * {@code output_0} ... {@code output_}<i>w-1</i> (Ptolemy's multiport {@code output}, width
 * {@code outputWidth}; rate {@code blockSize} each), all {@code Object}.
 *
 * <p><b>Parameters.</b> {@value #OUTPUT_WIDTH} (at least 1, default 1), {@value #BLOCK_SIZE}
 * (at least 1, default 1).
 *
 * <p><b>Failure.</b> The constructor throws {@link IllegalArgumentException} naming the parameter
 * that is out of range.
 */
@Stateless
public final class Distributor implements Actor, TokenRates {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "distributor";
    /** The parameter that gives the number of output ports. */
    public static final String OUTPUT_WIDTH = "outputWidth";
    /** The parameter that gives how many tokens go to each output in turn. */
    public static final String BLOCK_SIZE = "blockSize";
    /** The tokens to deal out. */
    public static final InputPort<Object> INPUT = Port.input("input", Object.class);

    private final List<OutputPort<Object>> outputs;
    private final int blockSize;

    /**
     * @param outputWidth the number of output ports, at least 1
     * @param blockSize the tokens put on each output in turn, at least 1
     * @throws IllegalArgumentException naming the parameter that is out of range
     */
    public Distributor(int outputWidth, int blockSize) {
        Rates.positive(OUTPUT_WIDTH, outputWidth);
        this.blockSize = Rates.positive(BLOCK_SIZE, blockSize);
        Rates.positive(OUTPUT_WIDTH + " times " + BLOCK_SIZE, (long) outputWidth * blockSize);
        this.outputs = Multiports.outputs("output", OUTPUT_WIDTH, outputWidth, Object.class);
    }

    @Override
    public List<Port<?>> ports() {
        List<Port<?>> ports = new ArrayList<>();
        ports.add(INPUT);
        ports.addAll(outputs);
        return List.copyOf(ports);
    }

    @Override
    public int rate(Port<?> port) {
        return port.equals(INPUT) ? outputs.size() * blockSize : blockSize;
    }

    @Override
    public void fire(FiringContext context) {
        List<Object> taken = new ArrayList<>(outputs.size() * blockSize);
        for (int i = 0; i < outputs.size() * blockSize; i++) {
            taken.add(context.take(INPUT));
        }
        int next = 0;
        for (OutputPort<Object> output : outputs) {
            for (int i = 0; i < blockSize; i++) {
                context.put(output, taken.get(next++));
            }
        }
    }

    @Override
    public String toString() {
        return "Distributor[" + outputs.size() + " outputs, block " + blockSize + "]";
    }
}
