package io.sluice.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import io.sluice.actors.internal.Numbers;
import java.util.List;

/**
 * Multiplies each number by a factor (Ptolemy's {@code Scale}): each firing takes one token from
 * {@code input} and puts {@code factor * input} on {@code output}. Type name {@value #TYPE}.
 * Stateless.
 *
 * <p><b>Ports.</b> {@link #INPUT} ({@code input}) and {@link #OUTPUT} ({@code output}), both
 * {@code Number}. The product is of the wider kind of the factor and the token, as the package
 * comment says: an int factor keeps ints ints (wrapping on overflow), a double factor makes
 * doubles.
 *
 * <p><b>Parameters.</b> {@value #FACTOR} (number, default 1).
 *
 * <p><b>Failure.</b> The constructor throws {@link IllegalArgumentException} naming the parameter
 * if the factor is of an unsupported number class; a firing throws it naming the port if a token
 * is (a {@code BigInteger} beyond the long range, say), which fails the run.
 */
@Stateless
public final class Scale implements Actor {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "scale";
    /** The parameter that gives the factor. */
    public static final String FACTOR = "factor";
    /**
     * The numbers to scale: any token, so that an actor whose output is typed more loosely (an
     * Expression, a SampleDelay) can feed it, as in Ptolemy; one that is not a number fails the
     * firing naming this port.
     */
    public static final InputPort<Object> INPUT = Port.input("input", Object.class);
    /** The scaled numbers. */
    public static final OutputPort<Number> OUTPUT = Port.output("output", Number.class);

    private final Number factor;

    /**
     * @param factor what each token is multiplied by
     * @throws IllegalArgumentException naming the parameter if the factor is of an unsupported
     *     number class
     */
    public Scale(Number factor) {
        this.factor = Tokens.number(FACTOR, factor);
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(INPUT, OUTPUT);
    }

    @Override
    public void fire(FiringContext context) {
        Number x = Tokens.operand(INPUT.name(), context.take(INPUT));
        context.put(OUTPUT, Numbers.multiply(factor, x));
    }

    @Override
    public String toString() {
        return "Scale[" + Tokens.show(factor) + "]";
    }
}
