package io.sluice.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import java.util.List;

/**
 * Puts given values at given firings and zeros in between (Ptolemy's {@code Pulse}): firing
 * {@code indexes[k]} puts {@code values[k]}; every other firing puts the zero of
 * {@code values[0]}'s kind. Type name {@value #TYPE}. A source; keeps its position as state.
 *
 * <p><b>Ports.</b> {@link #OUTPUT} ({@code output}, {@code Object}).
 *
 * <p><b>Parameters.</b> {@value #INDEXES} (an array of increasing integers from 0, default
 * {@code [0, 1]}), {@value #VALUES} (an array as long, default {@code [1, 0]}), {@value #REPEAT}
 * (default false: after the last index, zeros; true: the firing after the last index counts as
 * firing 0 again), {@value #FIRING_COUNT_LIMIT} (default 0: no limit; with a limit <i>n</i>
 * it finishes in the firing that puts the <i>n</i>-th token). With indexes
 * {@code [0, 1]}, values {@code [1, 0]} and repeat it puts {@code 1, 0, 1, 0, ...}.
 *
 * <p><b>Failure.</b> The constructor throws {@link IllegalArgumentException} naming the parameter
 * that is invalid.
 */
public final class Pulse implements Actor {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "pulse";
    /** The parameter that gives the firings at which values are put. */
    public static final String INDEXES = "indexes";
    /** The parameter that gives the values. */
    public static final String VALUES = "values";
    /** The parameter that says whether the pattern starts again after the last index. */
    public static final String REPEAT = "repeat";
    /** The parameter that limits the firings. */
    public static final String FIRING_COUNT_LIMIT = "firingCountLimit";
    /** The values and zeros. */
    public static final OutputPort<Object> OUTPUT = Port.output("output", Object.class);

    private final long[] indexes;
    private final List<Object> values;
    private final Object zero;
    private final boolean repeat;
    private final long limit;
    private long firing;
    private long inCycle;
    private int next;

    /**
     * @param indexes the firings at which values are put, increasing, from 0
     * @param values the values, as many as indexes
     * @param repeat whether the pattern starts again after the last index
     * @param firingCountLimit the firings before the source finishes; 0 for no limit
     * @throws IllegalArgumentException naming the parameter that is invalid
     */
    public Pulse(List<?> indexes, List<?> values, boolean repeat, long firingCountLimit) {
        List<Object> idx = Tokens.array(INDEXES, indexes);
        this.values = Tokens.array(VALUES, values);
        if (idx.isEmpty() || idx.size() != this.values.size()) {
            throw new IllegalArgumentException("parameters '" + INDEXES + "' and '" + VALUES + "' must be arrays of one length, at"
                    + " least 1, got " + idx.size() + " and " + this.values.size());
        }
        this.indexes = new long[idx.size()];
        for (int i = 0; i < idx.size(); i++) {
            if (!(idx.get(i) instanceof Integer || idx.get(i) instanceof Long) || ((Number) idx.get(i)).longValue() < 0
                    || i > 0 && ((Number) idx.get(i)).longValue() <= this.indexes[i - 1]) {
                throw new IllegalArgumentException("parameter '" + INDEXES + "' must hold increasing integers from 0, got "
                        + Tokens.show(idx));
            }
            this.indexes[i] = ((Number) idx.get(i)).longValue();
        }
        this.zero = Tokens.zero(VALUES, this.values.get(0));
        this.repeat = repeat;
        this.limit = Tokens.nonNegative(FIRING_COUNT_LIMIT, firingCountLimit);
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(OUTPUT);
    }

    @Override
    public void fire(FiringContext context) {
        if (next < indexes.length && inCycle == indexes[next]) {
            context.put(OUTPUT, values.get(next));
            inCycle++;
            next++;
            if (next == indexes.length && repeat) {
                inCycle = 0;
                next = 0;
            }
        } else {
            context.put(OUTPUT, zero);
            inCycle++;
        }
        if (++firing == limit) {
            context.finish();
        }
    }

    @Override
    public String toString() {
        return "Pulse[" + indexes.length + " values" + (repeat ? ", repeated" : "") + "]";
    }
}
