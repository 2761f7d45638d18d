package io.sluice.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import java.util.List;

/**
 * Negates booleans (Ptolemy's {@code logic.LogicalNot}): each firing takes one boolean from
 * {@code input} and puts its negation on {@code output}. Type name {@value #TYPE}. Stateless; no
 * parameters.
 *
 * <p><b>Ports.</b> {@link #INPUT} ({@code input}: booleans, typed {@code Object} so that a sample
 * delay can feed it) and {@link #OUTPUT} ({@code output}, {@code Boolean}). A firing fails the run,
 * naming the port, when a token is not a boolean.
 */
@Stateless
public final class LogicalNot implements Actor {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "logical-not";
    /** The booleans. */
    public static final InputPort<Object> INPUT = Port.input("input", Object.class);
    /** Their negations. */
    public static final OutputPort<Boolean> OUTPUT = Port.output("output", Boolean.class);

    @Override
    public List<Port<?>> ports() {
        return List.of(INPUT, OUTPUT);
    }

    @Override
    public void fire(FiringContext context) {
        context.put(OUTPUT, !Tokens.bool(INPUT.name(), context.take(INPUT)));
    }

    @Override
    public String toString() {
        return "LogicalNot";
    }
}
