package io.sluice.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import java.util.List;

/**
 * Puts its values on {@code output} in order, one per firing (Ptolemy's {@code Sequence}). Type
 * name {@value #TYPE}.
 *
 * <p><b>Ports.</b> {@code output} ({@link #output()}): typed with the class the values share, so
 * that a sequence of booleans connects to a {@code Boolean} control port and one of ints to a
 * {@code Number} port: {@code Boolean}, {@code String}, {@code Integer}, {@code Long},
 * {@code Double} or {@code List} when every value is of that class, {@code Number} when they are
 * numbers of different kinds, {@code Object} otherwise or when there are none. With
 * {@value #ENABLE_WIDTH} 1, also the input {@code enable_0} (booleans, typed {@code Object}),
 * Ptolemy's port {@code enable}: each firing first takes one token from it and puts the next value
 * only if it is true; a false one puts nothing and keeps the sequence where it was.
 *
 * <p><b>Parameters.</b> {@value #VALUES} (an array of numbers, strings, booleans or arrays;
 * required), {@value #REPEAT} (boolean, default false: start again after the last value),
 * {@value #FIRING_COUNT_LIMIT} (0 or more, default 0 for no limit), {@value #ENABLE_WIDTH} (0 or 1,
 * default 0).
 *
 * <p><b>End.</b> It finishes, ending its output, in the firing that puts its last value when it
 * does not repeat, or in the firing that puts the {@code firingCountLimit}-th token, whichever
 * comes first. An empty sequence that does not repeat finishes in its first firing, putting
 * nothing. An enabled sequence also ends when {@code enable_0} ends. A repeating sequence with
 * limit 0 and no enable puts tokens until the run stops: such a workflow does not end by itself.
 *
 * <p><b>Failure.</b> The constructor throws {@link IllegalArgumentException} naming the parameter
 * that is invalid, and for a repeating sequence with no values (it would fire forever and put
 * nothing). A firing fails the run, naming the port, when an enable token is not a boolean.
 */
public final class Sequence implements Actor {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "sequence";
    /** The parameter that gives the values. */
    public static final String VALUES = "values";
    /** The parameter that says whether to start again after the last value. */
    public static final String REPEAT = "repeat";
    /** The parameter that gives the number of tokens to put; 0 for no limit. */
    public static final String FIRING_COUNT_LIMIT = "firingCountLimit";
    /** The parameter that says whether the sequence has an enable input (1) or not (0). */
    public static final String ENABLE_WIDTH = "enableWidth";
    private final OutputPort<Object> output;
    private final List<InputPort<Object>> enable;
    private final List<Port<?>> ports;
    private final List<Object> values;
    private final boolean repeat;
    private final long firingCountLimit;
    private int index;
    private long count;

    /**
     * @param values the values, in order: numbers (widened to {@code Integer}, {@code Long} or
     *     {@code Double}), strings, booleans or lists of them; copied
     * @param repeat whether to start again after the last value
     * @param firingCountLimit how many tokens to put before finishing; 0 for no limit
     * @throws IllegalArgumentException naming the parameter if a value is of another kind, the
     *     limit is negative, or the values are empty and {@code repeat} is true
     */
    public Sequence(List<?> values, boolean repeat, long firingCountLimit) {
        this(values, repeat, firingCountLimit, 0);
    }

    /**
     * A sequence that, with {@code enableWidth} 1, puts its next value only in firings whose
     * {@code enable_0} token is true.
     *
     * @throws IllegalArgumentException as {@link #Sequence(List, boolean, long)}, or naming the
     *     parameter if {@code enableWidth} is neither 0 nor 1
     */
    public Sequence(List<?> values, boolean repeat, long firingCountLimit, int enableWidth) {
        if (enableWidth != 0 && enableWidth != 1) {
            throw new IllegalArgumentException("parameter '" + ENABLE_WIDTH + "' must be 0 or 1, was " + enableWidth);
        }
        this.enable = Multiports.inputs("enable", ENABLE_WIDTH, enableWidth, Object.class);
        this.values = Tokens.array(VALUES, values);
        this.repeat = repeat;
        this.firingCountLimit = Tokens.nonNegative(FIRING_COUNT_LIMIT, firingCountLimit);
        if (repeat && this.values.isEmpty()) {
            throw new IllegalArgumentException("parameter '" + VALUES + "' is empty, and '" + REPEAT
                    + "' is true: the sequence would fire forever and put nothing");
        }
        this.output = outputPort(sharedType(this.values));
        List<Port<?>> all = new java.util.ArrayList<>(enable);
        all.add(output);
        this.ports = List.copyOf(all);
    }

    /** The port {@code output}, typed with the class the values share. */
    public OutputPort<?> output() {
        return output;
    }

    /** The class every value is of (List for arrays), Number for numbers of mixed kinds, else Object. */
    private static Class<?> sharedType(List<Object> values) {
        Class<?> shared = null;
        boolean numbers = !values.isEmpty();
        for (Object value : values) {
            Class<?> type = value instanceof List<?> ? List.class : value.getClass();
            shared = shared == null || shared == type ? type : Object.class;
            numbers &= value instanceof Number;
        }
        return shared == Object.class && numbers ? Number.class : shared == null ? Object.class : shared;
    }

    @SuppressWarnings("unchecked")
    private static OutputPort<Object> outputPort(Class<?> type) {
        // Safe: this actor puts only its values, each of which is of the port's type.
        return (OutputPort<Object>) (OutputPort<?>) Port.output("output", type);
    }

    @Override
    public List<Port<?>> ports() {
        return ports;
    }

    @Override
    public void fire(FiringContext context) {
        for (InputPort<Object> in : enable) {
            if (!Tokens.bool(in.name(), context.take(in))) {
                return;
            }
        }
        if (values.isEmpty()) {
            context.finish();
            return;
        }
        context.put(output, values.get(index));
        count++;
        index++;
        boolean ended = index == values.size() && !repeat || count == firingCountLimit;
        if (index == values.size()) {
            index = 0;
        }
        if (ended) {
            context.finish();
        }
    }

    @Override
    public String toString() {
        return "Sequence[" + Tokens.show(values) + (repeat ? ", repeated" : "")
                + (firingCountLimit > 0 ? ", limit " + firingCountLimit : "") + "]";
    }
}
