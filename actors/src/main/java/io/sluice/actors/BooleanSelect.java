package io.sluice.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import java.util.List;

/**
 * Merges two inputs as a control token says (Ptolemy's {@code BooleanSelect}). Type name
 * {@value #TYPE}. Stateless; no parameters.
 *
 * <p><b>Ports.</b> {@link #TRUE_INPUT} ({@code trueInput}) and {@link #FALSE_INPUT}
 * ({@code falseInput}), both {@code Object}; {@link #CONTROL} ({@code control}, booleans, typed {@code Object} so that a sample delay can feed it; another token fails the firing naming the port);
 * {@link #OUTPUT} ({@code output}, {@code Object}).
 *
 * <p><b>Firings.</b> Each firing takes one token from {@code control}, then one token from
 * {@code trueInput} if it is true or from {@code falseInput} otherwise, and puts that token on
 * {@code output}; the other input is not read in that firing. The actor ends when {@code control}
 * ends, or when the input it selects has ended. Tokens left on the input it no longer selects
 * stay unread in their channel.
 *
 * <p><b>Failure.</b> A firing fails the run, naming the port, when a control token is not a
 * boolean.
 */
@Stateless
public final class BooleanSelect implements Actor {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "boolean-select";
    /** The tokens passed on when the control is true. */
    public static final InputPort<Object> TRUE_INPUT = Port.input("trueInput", Object.class);
    /** The tokens passed on when the control is false. */
    public static final InputPort<Object> FALSE_INPUT = Port.input("falseInput", Object.class);
    /** Which input the next token comes from: true for {@code trueInput}. */
    public static final InputPort<Object> CONTROL = Port.input("control", Object.class);
    /** The selected tokens. */
    public static final OutputPort<Object> OUTPUT = Port.output("output", Object.class);

    @Override
    public List<Port<?>> ports() {
        return List.of(TRUE_INPUT, FALSE_INPUT, CONTROL, OUTPUT);
    }

    @Override
    public void fire(FiringContext context) {
        boolean control = Tokens.bool(CONTROL.name(), context.take(CONTROL));
        context.put(OUTPUT, context.take(control ? TRUE_INPUT : FALSE_INPUT));
    }

    @Override
    public String toString() {
        return "BooleanSelect";
    }
}
