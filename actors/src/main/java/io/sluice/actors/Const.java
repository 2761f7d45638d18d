package io.sluice.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import java.util.List;

/**
 * Puts the same value on {@code output} once per firing (Ptolemy's {@code Const}). Type name
 * {@value #TYPE}.
 *
 * <p><b>Ports.</b> {@code output} ({@link #output()}): typed with the class of the value,
 * {@code Integer}, {@code Long}, {@code Double}, {@code String} or {@code Boolean}, so that a sink
 * typed for it connects. With {@value #TRIGGER_WIDTH} <i>w</i> &gt; 0, also the inputs
 * {@code trigger_0} ... {@code trigger_}<i>w-1</i> ({@code Object}; {@link #trigger(int)}),
 * Ptolemy's multiport {@code trigger}: each firing first takes one token from each of them and
 * ignores its value, so the constant is put once per trigger token.
 *
 * <p><b>Parameters.</b> {@value #VALUE} (a number, a string or a boolean; required),
 * {@value #FIRING_COUNT_LIMIT} (0 or more, default 0 for no limit), {@value #TRIGGER_WIDTH} (0 or
 * more, default 0).
 *
 * <p><b>End.</b> With a limit <i>n</i> &gt; 0 it puts <i>n</i> tokens and finishes in the firing
 * that puts the last, which ends its output. A triggered constant also ends when a trigger ends.
 * With limit 0 and no trigger it puts tokens until the run stops: such a workflow does not end by
 * itself.
 *
 * <p><b>Failure.</b> The constructor throws {@link IllegalArgumentException} naming the parameter
 * that is invalid. Firing cannot fail but by the run stopping.
 */
public final class Const implements Actor {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "const";
    /** The parameter that gives the value. */
    public static final String VALUE = "value";
    /** The parameter that gives the number of tokens to put; 0 for no limit. */
    public static final String FIRING_COUNT_LIMIT = "firingCountLimit";
    /** The parameter that gives the number of trigger inputs. */
    public static final String TRIGGER_WIDTH = "triggerWidth";

    private final OutputPort<Object> output;
    private final Object value;
    private final long firingCountLimit;
    private final List<InputPort<Object>> triggers;
    private final List<Port<?>> ports;
    private long count;

    /**
     * @param value the value to put: a number (widened to {@code Integer}, {@code Long} or
     *     {@code Double}), a string or a boolean
     * @param firingCountLimit how many tokens to put before finishing; 0 for no limit
     * @throws IllegalArgumentException naming the parameter if the value is of another kind or the
     *     limit is negative
     */
    public Const(Object value, long firingCountLimit) {
        this(value, firingCountLimit, 0);
    }

    /**
     * A constant put once per token on each of {@code triggerWidth} trigger inputs.
     *
     * @param triggerWidth the number of trigger inputs, 0 or more
     * @throws IllegalArgumentException naming the parameter if the value is of another kind, or
     *     the limit or the width is negative
     */
    public Const(Object value, long firingCountLimit, int triggerWidth) {
        this.value = Tokens.scalar(VALUE, value);
        this.firingCountLimit = Tokens.nonNegative(FIRING_COUNT_LIMIT, firingCountLimit);
        this.output = outputPort(this.value.getClass());
        this.triggers = Multiports.inputs("trigger", TRIGGER_WIDTH, triggerWidth, Object.class);
        List<Port<?>> all = new java.util.ArrayList<>(triggers);
        all.add(output);
        this.ports = List.copyOf(all);
    }

    /**
     * The port {@code trigger_i}.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= i < triggerWidth}
     */
    public InputPort<Object> trigger(int i) {
        return triggers.get(i);
    }

    /** The port {@code output}, typed with the class of the value. */
    public OutputPort<?> output() {
        return output;
    }

    @Override
    public List<Port<?>> ports() {
        return ports;
    }

    @Override
    public void fire(FiringContext context) {
        for (InputPort<Object> trigger : triggers) {
            context.take(trigger);
        }
        context.put(output, value);
        if (++count == firingCountLimit) {
            context.finish();
        }
    }

    @SuppressWarnings("unchecked")
    private static OutputPort<Object> outputPort(Class<?> type) {
        // Safe: this actor puts only its value, whose class is the port's type.
        return (OutputPort<Object>) (OutputPort<?>) Port.output("output", type);
    }

    @Override
    public String toString() {
        return "Const[" + Tokens.show(value) + (firingCountLimit > 0 ? ", limit " + firingCountLimit : "")
                + (triggers.isEmpty() ? "" : ", " + triggers.size() + " triggers") + "]";
    }
}
