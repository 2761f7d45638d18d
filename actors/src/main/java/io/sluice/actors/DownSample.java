package io.sluice.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import io.sluice.actor.TokenRates;
import java.util.List;

/**
 * Keeps one token of every {@code factor} (Ptolemy's SDF {@code DownSample}): each firing takes
 * {@code factor} tokens from {@code input} and puts one of them on {@code output}. Type name
 * {@value #TYPE}. Stateless; a multirate actor whose {@link TokenRates} the SDF director uses.
 *
 * <p><b>Ports.</b> {@link #INPUT} ({@code input}, rate {@code factor}) and {@link #OUTPUT}
 * ({@code output}, rate 1), both {@code Object}.
 *
 * <p><b>Parameters.</b> {@value #FACTOR} (integer, at least 1, default 2); {@value #PHASE}
 * (integer, 0 to {@code factor - 1}, default 0): which token is kept, counted from the
 * <i>last</i> one taken, as in Ptolemy: phase 0 keeps the last of each {@code factor} tokens,
 * phase {@code factor - 1} the first. When the input ends in the middle of a group, the group's
 * tokens are dropped.
 *
 * <p><b>Failure.</b> The constructor throws {@link IllegalArgumentException} naming the parameter
 * that is out of range.
 */
@Stateless
public final class DownSample implements Actor, TokenRates {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "down-sample";
    /** The parameter that gives how many tokens a firing takes. */
    public static final String FACTOR = "factor";
    /** The parameter that gives which of them is kept. */
    public static final String PHASE = "phase";
    /** The tokens. */
    public static final InputPort<Object> INPUT = Port.input("input", Object.class);
    /** One of every {@code factor}. */
    public static final OutputPort<Object> OUTPUT = Port.output("output", Object.class);

    private final int factor;
    private final int phase;

    /**
     * @param factor how many tokens a firing takes, at least 1
     * @param phase which is kept, 0 (the last) to {@code factor - 1} (the first)
     * @throws IllegalArgumentException naming the parameter that is out of range
     */
    public DownSample(int factor, int phase) {
        this.factor = Rates.positive(FACTOR, factor);
        this.phase = Rates.phase(PHASE, phase, factor);
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(INPUT, OUTPUT);
    }

    @Override
    public int rate(Port<?> port) {
        return port.equals(INPUT) ? factor : 1;
    }

    @Override
    public void fire(FiringContext context) {
        Object kept = null;
        int keep = factor - phase - 1;
        for (int i = 0; i < factor; i++) {
            Object token = context.take(INPUT);
            if (i == keep) {
                kept = token;
            }
        }
        context.put(OUTPUT, kept);
    }

    @Override
    public String toString() {
        return "DownSample[factor " + factor + ", phase " + phase + "]";
    }
}
