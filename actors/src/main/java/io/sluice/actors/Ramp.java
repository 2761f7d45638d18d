package io.sluice.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actors.internal.Numbers;
import java.util.List;

/**
 * Puts {@code init}, {@code init + step}, {@code init + 2*step}, ... on {@code output}, one token
 * per firing (Ptolemy's {@code Ramp}). Type name {@value #TYPE}.
 *
 * <p><b>Ports.</b> {@code output} ({@link #output()}): typed with the exact class of what it puts,
 * {@code Integer} when {@code init} and {@code step} are both ints, {@code Long} when either is a
 * long and neither a double, {@code Double} otherwise. Each value is the previous one plus
 * {@code step}, computed as the package comment says (an int ramp wraps around at
 * {@code Integer.MAX_VALUE}; a double ramp accumulates rounding as repeated addition does).
 *
 * <p><b>Parameters.</b> {@value #INIT} (number, default 0), {@value #STEP} (number, default 1),
 * {@value #FIRING_COUNT_LIMIT} (0 or more, default 0 for no limit).
 *
 * <p><b>End.</b> With a limit <i>n</i> &gt; 0 it puts <i>n</i> tokens and finishes in the firing
 * that puts the last, which ends its output. With limit 0 it puts tokens until the run stops:
 * such a workflow does not end by itself.
 *
 * <p><b>Failure.</b> The constructor throws {@link IllegalArgumentException} naming the parameter
 * that is invalid. Firing cannot fail but by the run stopping.
 */
public final class Ramp implements Actor {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "ramp";
    /** The parameter that gives the first value. */
    public static final String INIT = "init";
    /** The parameter that gives the increment. */
    public static final String STEP = "step";
    /** The parameter that gives the number of tokens to put; 0 for no limit. */
    public static final String FIRING_COUNT_LIMIT = "firingCountLimit";

    private final OutputPort<Number> output;
    private final Number init;
    private final Number step;
    private final long firingCountLimit;
    private Number next;
    private long count;

    /**
     * @param init the first value
     * @param step what each value adds to the one before
     * @param firingCountLimit how many tokens to put before finishing; 0 for no limit
     * @throws IllegalArgumentException naming the parameter if a number is of an unsupported class
     *     or the limit is negative
     */
    public Ramp(Number init, Number step, long firingCountLimit) {
        Number first = Tokens.number(INIT, init);
        this.step = Tokens.number(STEP, step);
        this.firingCountLimit = Tokens.nonNegative(FIRING_COUNT_LIMIT, firingCountLimit);
        Numbers.Kind kind = Numbers.kind(first).join(Numbers.kind(this.step));
        this.init = Numbers.widen(first, kind);
        this.next = this.init;
        this.output = outputPort(kind.type());
    }

    /** The port {@code output}, typed {@code Integer}, {@code Long} or {@code Double}. */
    public OutputPort<? extends Number> output() {
        return output;
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(output);
    }

    @Override
    public void fire(FiringContext context) {
        context.put(output, next);
        next = Numbers.add(next, step);
        if (++count == firingCountLimit) {
            context.finish();
        }
    }

    @SuppressWarnings("unchecked")
    private static OutputPort<Number> outputPort(Class<? extends Number> type) {
        // Safe: this actor puts only numbers of the one kind whose class is the port's type.
        return (OutputPort<Number>) (OutputPort<?>) Port.output("output", type);
    }

    @Override
    public String toString() {
        return "Ramp[from " + Tokens.show(init) + " by " + Tokens.show(step)
                + (firingCountLimit > 0 ? ", limit " + firingCountLimit : "") + "]";
    }
}
