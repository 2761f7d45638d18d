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
 * Puts each token followed or preceded by zeros (Ptolemy's SDF {@code UpSample}): each firing
 * takes one token from {@code input} and puts {@code factor} tokens on {@code output}, the token
 * at position {@code phase} and the zero of its kind everywhere else. Type name {@value #TYPE}.
 * Stateless; a multirate actor whose {@link TokenRates} the SDF director uses.
 *
 * <p><b>Ports.</b> {@link #INPUT} ({@code input}, rate 1) and {@link #OUTPUT} ({@code output},
 * rate {@code factor}), both {@code Object}. The zero of an int is {@code 0}, of a long
 * {@code 0L}, of a double {@code 0.0}, of a boolean {@code false}, of a string {@code ""}, of an
 * array the array of its elements' zeros.
 *
 * <p><b>Parameters.</b> {@value #FACTOR} (integer, at least 1, default 2); {@value #PHASE}
 * (integer, 0 to {@code factor - 1}, default 0).
 *
 * <p><b>Failure.</b> The constructor throws {@link IllegalArgumentException} naming the parameter
 * that is out of range; a firing throws it naming the port for a token that has no zero.
 */
@Stateless
public final class UpSample implements Actor, TokenRates {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "up-sample";
    /** The parameter that gives how many tokens a firing puts. */
    public static final String FACTOR = "factor";
    /** The parameter that gives where the input token goes among them. */
    public static final String PHASE = "phase";
    /** The tokens. */
    public static final InputPort<Object> INPUT = Port.input("input", Object.class);
    /** Each token and {@code factor - 1} zeros. */
    public static final OutputPort<Object> OUTPUT = Port.output("output", Object.class);

    private final int factor;
    private final int phase;

    /**
     * @param factor how many tokens a firing puts, at least 1
     * @param phase the position of the input token among them, 0 to {@code factor - 1}
     * @throws IllegalArgumentException naming the parameter that is out of range
     */
    public UpSample(int factor, int phase) {
        this.factor = Rates.positive(FACTOR, factor);
        this.phase = Rates.phase(PHASE, phase, factor);
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(INPUT, OUTPUT);
    }

    @Override
    public int rate(Port<?> port) {
        return port.equals(OUTPUT) ? factor : 1;
    }

    @Override
    public void fire(FiringContext context) {
        Object token = context.take(INPUT);
        Object zero = factor > 1 ? Tokens.zero(INPUT.name(), token) : null;
        for (int i = 0; i < factor; i++) {
            context.put(OUTPUT, i == phase ? token : zero);
        }
    }

    @Override
    public String toString() {
        return "UpSample[factor " + factor + ", phase " + phase + "]";
    }
}
