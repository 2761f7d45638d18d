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
 * Repeats each block of tokens (Ptolemy's SDF {@code Repeat}): each firing takes
 * {@code blockSize} tokens from {@code input} and puts that block {@code numberOfTimes} times on
 * {@code output}. Type name {@value #TYPE}. Stateless; a multirate actor whose
 * {@link TokenRates} the SDF director uses.
 *
 * <p><b>Ports.</b> {@link #INPUT} ({@code input}, rate {@code blockSize}) and {@link #OUTPUT}
 * ({@code output}, rate {@code numberOfTimes * blockSize}), both {@code Object}.
 *
 * <p><b>Parameters.</b> {@value #NUMBER_OF_TIMES} (integer, at least 1, default 2),
 * {@value #BLOCK_SIZE} (integer, at least 1, default 1). With block size 2 and 2 times,
 * {@code a, b, c, d} becomes {@code a, b, a, b, c, d, c, d}.
 *
 * <p><b>Failure.</b> The constructor throws {@link IllegalArgumentException} naming the parameter
 * that is out of range, or both if their product is beyond an int.
 */
@Stateless
public final class Repeat implements Actor, TokenRates {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "repeat";
    /** The parameter that gives how often a block is put. */
    public static final String NUMBER_OF_TIMES = "numberOfTimes";
    /** The parameter that gives how many tokens make a block. */
    public static final String BLOCK_SIZE = "blockSize";
    /** The tokens. */
    public static final InputPort<Object> INPUT = Port.input("input", Object.class);
    /** Each block, repeated. */
    public static final OutputPort<Object> OUTPUT = Port.output("output", Object.class);

    private final int numberOfTimes;
    private final int blockSize;

    /**
     * @param numberOfTimes how often each block is put, at least 1
     * @param blockSize how many tokens make a block, at least 1
     * @throws IllegalArgumentException naming the parameter that is out of range
     */
    public Repeat(int numberOfTimes, int blockSize) {
        this.numberOfTimes = Rates.positive(NUMBER_OF_TIMES, numberOfTimes);
        this.blockSize = Rates.positive(BLOCK_SIZE, blockSize);
        if ((long) numberOfTimes * blockSize > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("parameters '" + NUMBER_OF_TIMES + "' times '" + BLOCK_SIZE + "' must be at most "
                    + Integer.MAX_VALUE + ", got " + numberOfTimes + " times " + blockSize);
        }
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(INPUT, OUTPUT);
    }

    @Override
    public int rate(Port<?> port) {
        return port.equals(INPUT) ? blockSize : numberOfTimes * blockSize;
    }

    @Override
    public void fire(FiringContext context) {
        List<Object> block = new ArrayList<>(blockSize);
        for (int i = 0; i < blockSize; i++) {
            block.add(context.take(INPUT));
        }
        for (int n = 0; n < numberOfTimes; n++) {
            for (Object token : block) {
                context.put(OUTPUT, token);
            }
        }
    }

    @Override
    public String toString() {
        return "Repeat[" + numberOfTimes + " times, block " + blockSize + "]";
    }
}
