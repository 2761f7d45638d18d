package io.sluice.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import java.util.List;

/**
 * Routes each input to one of two outputs as a control token says (Ptolemy's
 * {@code BooleanSwitch}). Type name {@value #TYPE}. Stateless; no parameters.
 *
 * <p><b>Ports.</b> {@link #INPUT} ({@code input}, {@code Object}), {@link #CONTROL}
 * ({@code control}: booleans, typed {@code Object} so that a sample delay can feed it; another
 * token fails the firing naming the port), {@link #TRUE_OUTPUT} ({@code trueOutput}) and
 * {@link #FALSE_OUTPUT} ({@code falseOutput}), both {@code Object}. Either output may be left
 * unconnected, which drops what goes there.
 *
 * <p><b>Firings.</b> Each firing takes one token from {@code control}, then one from
 * {@code input}, and puts the input on {@code trueOutput} if the control is true, on
 * {@code falseOutput} otherwise. The actor ends when either input ends.
 *
 * <p><b>Failure.</b> A firing fails the run, naming the port, when a control token is not a
 * boolean.
 */
@Stateless
public final class BooleanSwitch implements Actor {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "boolean-switch";
    /** The tokens to route. */
    public static final InputPort<Object> INPUT = Port.input("input", Object.class);
    /** Where each input goes: true for {@code trueOutput}. */
    public static final InputPort<Object> CONTROL = Port.input("control", Object.class);
    /** The inputs that came with a true control. */
    public static final OutputPort<Object> TRUE_OUTPUT = Port.output("trueOutput", Object.class);
    /** The inputs that came with a false control. */
    public static final OutputPort<Object> FALSE_OUTPUT = Port.output("falseOutput", Object.class);

    @Override
    public List<Port<?>> ports() {
        return List.of(INPUT, CONTROL, TRUE_OUTPUT, FALSE_OUTPUT);
    }

    @Override
    public void fire(FiringContext context) {
        boolean control = Tokens.bool(CONTROL.name(), context.take(CONTROL));
        context.put(control ? TRUE_OUTPUT : FALSE_OUTPUT, context.take(INPUT));
    }

    @Override
    public String toString() {
        return "BooleanSwitch";
    }
}
