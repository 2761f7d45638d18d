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
 * Adds the tokens of its {@code plus} ports and subtracts those of its {@code minus} ports
 * (Ptolemy's {@code AddSubtract}). Type name {@value #TYPE}. Stateless.
 *
 * <p><b>Ports.</b> The multiports {@code plus} and {@code minus}: {@code plusWidth} ports
 * {@code plus_0}, {@code plus_1}, ... and {@code minusWidth} ports {@code minus_0}, ...
 * ({@link #plus(int)}, {@link #minus(int)}); a Ptolemy multiport of width <i>w</i> is <i>w</i>
 * ordinary ports named {@code name_i}, since a Sluice port carries one channel and every input
 * port must be connected. Each firing takes one token from every {@code plus} port in index
 * order, then from every {@code minus} port in index order, and puts the result on
 * {@link #OUTPUT} ({@code output}).
 *
 * <p><b>Arithmetic.</b> The result is {@code plus_0 + plus_1 + ... - minus_0 - minus_1 - ...},
 * computed from left to right in the widening arithmetic the package comment describes (an
 * {@code Integer} sum of ints, a {@code Long} once a long takes part, a {@code Double} once a
 * double does). With no {@code plus} port the sum starts from zero of the first {@code minus}
 * token's kind, as Ptolemy's does.
 *
 * <p><b>Strings.</b> When any {@code plus} token of a firing is a {@code String}, the result is
 * the concatenation of the string forms ({@code String.valueOf}) of all its {@code plus} tokens in
 * index order, as Ptolemy gives when a string makes its port's type string: {@code 1}, {@code 2}
 * and {@code "a"} give {@code "12a"}. Strings cannot be subtracted.
 *
 * <p><b>Port types.</b> The inputs and {@code output} are typed {@code Object}, because strings
 * pass through them: an output typed {@code Number} could not carry a concatenation. So the
 * output connects to ports typed {@code Object} (another {@code AddSubtract}, a
 * {@link SampleDelay}, a {@link Test}, a {@link Display}) but not to ports typed {@code Number},
 * such as {@link Scale#INPUT}.
 *
 * <p><b>Parameters.</b> {@value #PLUS_WIDTH} (0 or more, default 1), {@value #MINUS_WIDTH} (0 or
 * more, default 0); not both 0.
 *
 * <p><b>Failure.</b> The constructor throws {@link IllegalArgumentException} naming the parameter
 * if a width is negative or both are 0. A firing throws {@link IllegalArgumentException} naming
 * the port when a token is neither a number nor a string, when a {@code minus} port receives a
 * string, or when a {@code minus} port's token would be subtracted from a string; that fails the
 * run.
 */
@Stateless
public final class AddSubtract implements Actor {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "add-subtract";
    /** The parameter that gives the number of {@code plus} ports. */
    public static final String PLUS_WIDTH = "plusWidth";
    /** The parameter that gives the number of {@code minus} ports. */
    public static final String MINUS_WIDTH = "minusWidth";
    /** The sum. */
    public static final OutputPort<Object> OUTPUT = Port.output("output", Object.class);

    private final List<InputPort<Object>> plus;
    private final List<InputPort<Object>> minus;
    private final List<Port<?>> ports;

    /**
     * @param plusWidth the number of ports whose tokens are added, named {@code plus_0} ...
     * @param minusWidth the number of ports whose tokens are subtracted, named {@code minus_0} ...
     * @throws IllegalArgumentException naming the parameter if a width is negative, or both are 0
     */
    public AddSubtract(int plusWidth, int minusWidth) {
        this.plus = Multiports.inputs("plus", PLUS_WIDTH, plusWidth, Object.class);
        this.minus = Multiports.inputs("minus", MINUS_WIDTH, minusWidth, Object.class);
        if (plus.isEmpty() && minus.isEmpty()) {
            throw new IllegalArgumentException("parameters '" + PLUS_WIDTH + "' and '" + MINUS_WIDTH
                    + "' are both 0: the actor would have no input");
        }
        List<Port<?>> all = new ArrayList<>(plus);
        all.addAll(minus);
        all.add(OUTPUT);
        this.ports = List.copyOf(all);
    }

    /**
     * The port {@code plus_i}.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= i < plusWidth}
     */
    public InputPort<Object> plus(int i) {
        return plus.get(i);
    }

    /**
     * The port {@code minus_i}.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= i < minusWidth}
     */
    public InputPort<Object> minus(int i) {
        return minus.get(i);
    }

    @Override
    public List<Port<?>> ports() {
        return ports;
    }

    @Override
    public void fire(FiringContext context) {
        Object[] added = new Object[plus.size()];
        for (int i = 0; i < added.length; i++) {
            added[i] = context.take(plus.get(i));
        }
        Object[] subtracted = new Object[minus.size()];
        for (int i = 0; i < subtracted.length; i++) {
            subtracted[i] = context.take(minus.get(i));
        }
        context.put(OUTPUT, sum(added, subtracted));
    }

    private Object sum(Object[] added, Object[] subtracted) {
        for (int i = 0; i < subtracted.length; i++) {
            if (subtracted[i] instanceof String s) {
                throw new IllegalArgumentException("port '" + minus.get(i).name() + "' received the string "
                        + Tokens.show(s) + "; strings can be added (on plus ports), not subtracted");
            }
        }
        int firstString = -1;
        for (int i = 0; i < added.length && firstString < 0; i++) {
            firstString = added[i] instanceof String ? i : -1;
        }
        if (firstString >= 0) {
            return concatenation(added, subtracted, firstString);
        }
        Number sum = null;
        for (int i = 0; i < added.length; i++) {
            Number x = Tokens.operand(plus.get(i).name(), added[i]);
            sum = sum == null ? x : Numbers.add(sum, x);
        }
        for (int i = 0; i < subtracted.length; i++) {
            Number x = Tokens.operand(minus.get(i).name(), subtracted[i]);
            sum = Numbers.subtract(sum == null ? Numbers.zero(Numbers.kind(x)) : sum, x);
        }
        return sum;
    }

    private String concatenation(Object[] added, Object[] subtracted, int firstString) {
        if (subtracted.length > 0) {
            throw new IllegalArgumentException("port '" + minus.get(0).name() + "' received " + Tokens.show(subtracted[0])
                    + ", which cannot be subtracted from a string: port '" + plus.get(firstString).name()
                    + "' received the string " + Tokens.show(added[firstString]) + ", which makes the sum a concatenation");
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < added.length; i++) {
            if (!(added[i] instanceof String) && !(added[i] instanceof Number)) {
                throw new IllegalArgumentException("port '" + plus.get(i).name() + "' received " + Tokens.show(added[i])
                        + " (" + added[i].getClass().getSimpleName() + "), which is neither a number nor a string");
            }
            b.append(added[i]);
        }
        return b.toString();
    }

    @Override
    public String toString() {
        return "AddSubtract[" + plus.size() + " plus, " + minus.size() + " minus]";
    }
}
