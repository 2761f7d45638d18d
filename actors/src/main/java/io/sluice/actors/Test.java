package io.sluice.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.Port;
import io.sluice.actors.internal.Numbers;
import java.util.List;

/**
 * Checks that its input is the expected sequence of tokens, and fails the run otherwise
 * (Ptolemy's {@code Test}). Type name {@value #TYPE}. Puts nothing.
 *
 * <p><b>Ports.</b> {@link #INPUT} ({@code input}, {@code Object}); with {@code inputWidth}
 * <i>w</i> of 2 or more, as Ptolemy's multiport {@code input} linked <i>w</i> times, the ports
 * {@code input_0} ... {@code input_}<i>w-1</i> instead: a firing then takes one token from each,
 * and every element of {@code correctValues} is an array of <i>w</i> values, one per port.
 *
 * <p><b>Checks.</b> The <i>i</i>-th token taken (counting from 0) is compared with
 * {@code correctValues[i]}: two numbers match when they differ by at most {@code tolerance} once
 * widened to the wider of their kinds (so {@code 1}, {@code 1L} and {@code 1.0} match; two NaNs
 * match, as do two infinities of one sign), two lists when they have the same length and their
 * elements match in order, anything else when {@code equals} says so (so the string {@code "1"}
 * does not match the number {@code 1}). Tokens beyond {@code correctValues} are accepted
 * unchecked, as Ptolemy's {@code Test} accepts them.
 *
 * <p><b>End.</b> When its input ends, the actor checks that at least as many tokens came as
 * {@code correctValues} has, then finishes.
 *
 * <p><b>Parameters.</b> {@value #CORRECT_VALUES} (an array of numbers, strings, booleans or
 * arrays; required), {@value #TOLERANCE} (a number, 0 or more, default {@code 1e-9}),
 * {@value #INPUT_WIDTH} (the number of input ports, at least 1, default 1).
 *
 * <p><b>Failure.</b> The constructor throws {@link IllegalArgumentException} naming the parameter
 * that is invalid. A firing throws {@link IllegalStateException}, which fails the run
 * ({@link io.sluice.run.RunFailedException}, naming this actor and the firing), when a token does
 * not match: the message names the token's index, the expected value and the value received
 * (strings in quotes, longs with the suffix {@code L}); and when the input ends early: the message
 * names how many tokens came and how many were expected.
 */
public final class Test implements Actor {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "test";
    /** The parameter that gives the expected tokens. */
    public static final String CORRECT_VALUES = "correctValues";
    /** The parameter that gives how far two numbers may differ and still match. */
    public static final String TOLERANCE = "tolerance";
    /** The tolerance when none is given, Ptolemy's default. */
    public static final double DEFAULT_TOLERANCE = 1e-9;
    /** The parameter that gives the number of input ports. */
    public static final String INPUT_WIDTH = "inputWidth";
    /** The tokens to check (with an input width of 1). */
    public static final InputPort<Object> INPUT = Port.input("input", Object.class);

    private final List<Object> correctValues;
    private final double tolerance;
    private final List<InputPort<Object>> inputs;
    private long received;

    /**
     * @param correctValues the expected tokens, in order: numbers, strings, booleans or lists of
     *     them; copied
     * @param tolerance how far two numbers may differ and still match, 0 or more
     * @throws IllegalArgumentException naming the parameter if a value is of no token kind or the
     *     tolerance is negative or NaN
     */
    public Test(List<?> correctValues, double tolerance) {
        this(correctValues, tolerance, 1);
    }

    /**
     * @param correctValues the expected tokens, in order; with {@code inputWidth} 2 or more, each
     *     an array of one value per input port
     * @param tolerance how far two numbers may differ and still match, 0 or more
     * @param inputWidth the number of input ports, at least 1
     * @throws IllegalArgumentException naming the parameter if a value is of no token kind, an
     *     element does not hold one value per port, the tolerance is negative or NaN, or the width
     *     is less than 1
     */
    public Test(List<?> correctValues, double tolerance, int inputWidth) {
        this.correctValues = Tokens.array(CORRECT_VALUES, correctValues);
        if (!(tolerance >= 0)) {
            throw new IllegalArgumentException("parameter '" + TOLERANCE + "' must be 0 or more, got " + tolerance);
        }
        this.tolerance = tolerance;
        if (inputWidth < 1) {
            throw new IllegalArgumentException("parameter '" + INPUT_WIDTH + "' must be 1 or more, got " + inputWidth);
        }
        this.inputs = inputWidth == 1 ? List.of(INPUT) : Multiports.inputs(INPUT.name(), INPUT_WIDTH, inputWidth, Object.class);
        if (inputWidth > 1) {
            for (int i = 0; i < this.correctValues.size(); i++) {
                if (!(this.correctValues.get(i) instanceof List<?> perPort) || perPort.size() != inputWidth) {
                    throw new IllegalArgumentException("parameter '" + CORRECT_VALUES + "': " + CORRECT_VALUES + "[" + i + "] must be"
                            + " an array of " + inputWidth + " values, one per input port, got " + Tokens.show(this.correctValues.get(i)));
                }
            }
        }
    }

    @Override
    public List<Port<?>> ports() {
        return List.copyOf(inputs);
    }

    @Override
    public void fire(FiringContext context) {
        for (InputPort<Object> input : inputs) {
            if (!context.hasNext(input)) {
                if (received < correctValues.size()) {
                    throw new IllegalStateException("the input" + (inputs.size() == 1 ? "" : " '" + input.name() + "'") + " ended after "
                            + received + " token" + (received == 1 ? "" : "s") + ", but " + CORRECT_VALUES + " has "
                            + correctValues.size());
                }
                context.finish();
                return;
            }
        }
        long i = received++;
        Object expected = i < correctValues.size() ? correctValues.get((int) i) : null;
        for (int c = 0; c < inputs.size(); c++) {
            Object token = context.take(inputs.get(c));
            if (expected == null) {
                continue;
            }
            Object value = inputs.size() == 1 ? expected : ((List<?>) expected).get(c);
            if (!matches(value, token)) {
                String at = inputs.size() == 1 ? "[" + i + "]" : "[" + i + "][" + c + "] (port '" + inputs.get(c).name() + "')";
                throw new IllegalStateException("token " + i + (inputs.size() == 1 ? "" : " of port '" + inputs.get(c).name() + "'")
                        + " is " + Tokens.show(token) + ", but " + CORRECT_VALUES + at + " is " + Tokens.show(value)
                        + (value instanceof Number || value instanceof List<?> ? " (tolerance " + tolerance + ")" : ""));
            }
        }
    }

    private boolean matches(Object expected, Object actual) {
        if (expected instanceof Number e && actual instanceof Number) {
            return Numbers.isCloseTo(e, Tokens.operand(INPUT.name(), actual), tolerance);
        }
        if (expected instanceof List<?> e && actual instanceof List<?> a) {
            if (e.size() != a.size()) {
                return false;
            }
            for (int i = 0; i < e.size(); i++) {
                if (!matches(e.get(i), a.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return expected.equals(actual);
    }

    @Override
    public String toString() {
        return "Test[" + correctValues.size() + " values, tolerance " + tolerance + (inputs.size() == 1 ? "" : ", " + inputs.size()
                + " inputs") + "]";
    }
}
