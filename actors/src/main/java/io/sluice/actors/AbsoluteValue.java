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
 * Puts the absolute value of each number (Ptolemy's {@code AbsoluteValue}): each firing takes one
 * token from {@code input} and puts {@code |input|}, of the same kind, on {@code output}. Type
 * name {@value #TYPE}. Stateless; no parameters.
 *
 * <p><b>Ports.</b> {@link #INPUT} ({@code input}, any token) and {@link #OUTPUT}
 * ({@code output}, {@code Number}). As in Java and Ptolemy, the absolute value of the smallest
 * int (or long) is itself.
 *
 * <p><b>Failure.</b> A firing throws {@link IllegalArgumentException} naming the port when a
 * token is not a number, which fails the run.
 */
@Stateless
public final class AbsoluteValue implements Actor {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "absolute-value";
    /** The numbers. */
    public static final InputPort<Object> INPUT = Port.input("input", Object.class);
    /** Their absolute values. */
    public static final OutputPort<Number> OUTPUT = Port.output("output", Number.class);

    @Override
    public List<Port<?>> ports() {
        return List.of(INPUT, OUTPUT);
    }

    @Override
    public void fire(FiringContext context) {
        context.put(OUTPUT, Numbers.abs(Tokens.operand(INPUT.name(), context.take(INPUT))));
    }

    @Override
    public String toString() {
        return "AbsoluteValue";
    }
}
