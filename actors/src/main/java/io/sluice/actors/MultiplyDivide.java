package io.sluice.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import io.sluice.actors.internal.Numbers;
import java.util.ArrayList;
import java.util.List;

/**
 * Multiplies the tokens of its {@code multiply} ports and divides by those of its {@code divide}
 * ports (Ptolemy's {@code MultiplyDivide}). Type name {@value #TYPE}. Stateless.
 *
 * <p><b>Ports.</b> The multiports {@code multiply} and {@code divide}: {@code multiplyWidth} ports
 * {@code multiply_0}, {@code multiply_1}, ... and {@code divideWidth} ports {@code divide_0}, ...
 * ({@link #multiply(int)}, {@link #divide(int)}), all typed {@code Number}; a Ptolemy multiport of
 * width <i>w</i> is <i>w</i> ordinary ports named {@code name_i}, since a Sluice port carries one
 * channel and every input port must be connected. Each firing takes one token from every
 * {@code multiply} port in index order, then from every {@code divide} port in index order, and
 * puts the result on {@link #OUTPUT} ({@code output}, {@code Number}).
 *
 * <p><b>Arithmetic.</b> The result is {@code multiply_0 * multiply_1 * ... / divide_0 / divide_1
 * / ...}, computed from left to right in the widening arithmetic the package comment describes:
 * ints stay ints (wrapping on overflow, and a quotient of ints is truncated toward zero), a long
 * makes longs, a double makes doubles. With no {@code multiply} port the product starts from one
 * of the first {@code divide} token's kind, as Ptolemy's does, so ints give {@code 1 / x} in
 * integer division.
 *
 * <p><b>Parameters.</b> {@value #MULTIPLY_WIDTH} (0 or more, default 1), {@value #DIVIDE_WIDTH}
 * (0 or more, default 0); not both 0.
 *
 * <p><b>Failure.</b> The constructor throws {@link IllegalArgumentException} naming the parameter
 * if a width is negative or both are 0. A firing throws {@link ArithmeticException} naming the
 * {@code divide} port whose token is an integer zero while the quotient so far is an integer
 * (doubles give an infinity or NaN instead), and {@link IllegalArgumentException} naming the port
 * of a number of an unsupported class; either fails the run.
 */
@Stateless
public final class MultiplyDivide implements Actor {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "multiply-divide";
    /** The parameter that gives the number of {@code multiply} ports. */
    public static final String MULTIPLY_WIDTH = "multiplyWidth";
    /** The parameter that gives the number of {@code divide} ports. */
    public static final String DIVIDE_WIDTH = "divideWidth";
    /** The result. */
    public static final OutputPort<Number> OUTPUT = Port.output("output", Number.class);

    private final List<InputPort<Object>> multiply;
    private final List<InputPort<Object>> divide;
    private final List<Port<?>> ports;

    /**
     * @param multiplyWidth the number of ports whose tokens are multiplied, named
     *     {@code multiply_0} ...
     * @param divideWidth the number of ports whose tokens divide, named {@code divide_0} ...
     * @throws IllegalArgumentException naming the parameter if a width is negative, or both are 0
     */
    public MultiplyDivide(int multiplyWidth, int divideWidth) {
        this.multiply = Multiports.inputs("multiply", MULTIPLY_WIDTH, multiplyWidth, Object.class);
        this.divide = Multiports.inputs("divide", DIVIDE_WIDTH, divideWidth, Object.class);
        if (multiply.isEmpty() && divide.isEmpty()) {
            throw new IllegalArgumentException("parameters '" + MULTIPLY_WIDTH + "' and '" + DIVIDE_WIDTH
                    + "' are both 0: the actor would have no input");
        }
        List<Port<?>> all = new ArrayList<>(multiply);
        all.addAll(divide);
        all.add(OUTPUT);
        this.ports = List.copyOf(all);
    }

    /**
     * The port {@code multiply_i}.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= i < multiplyWidth}
     */
    public InputPort<Object> multiply(int i) {
        return multiply.get(i);
    }

    /**
     * The port {@code divide_i}.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= i < divideWidth}
     */
    public InputPort<Object> divide(int i) {
        return divide.get(i);
    }

    @Override
    public List<Port<?>> ports() {
        return ports;
    }

    @Override
    public void fire(FiringContext context) {
        Number[] factors = new Number[multiply.size()];
        for (int i = 0; i < factors.length; i++) {
            factors[i] = Tokens.operand(multiply.get(i).name(), context.take(multiply.get(i)));
        }
        Number[] divisors = new Number[divide.size()];
        for (int i = 0; i < divisors.length; i++) {
            divisors[i] = Tokens.operand(divide.get(i).name(), context.take(divide.get(i)));
        }
        Number result = null;
        for (Number x : factors) {
            result = result == null ? x : Numbers.multiply(result, x);
        }
        for (int i = 0; i < divisors.length; i++) {
            Number dividend = result == null ? Numbers.one(Numbers.kind(divisors[i])) : result;
            try {
                result = Numbers.divide(dividend, divisors[i]);
            } catch (ArithmeticException e) {
                ArithmeticException named = new ArithmeticException("port '" + divide.get(i).name() + "': "
                        + e.getMessage() + " (" + Tokens.show(dividend) + " / " + Tokens.show(divisors[i]) + ")");
                named.initCause(e);
                throw named;
            }
        }
        context.put(OUTPUT, result);
    }

    @Override
    public String toString() {
        return "MultiplyDivide[" + multiply.size() + " multiply, " + divide.size() + " divide]";
    }
}
