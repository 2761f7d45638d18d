package io.sluice.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import java.util.List;

/**
 * Compares two numbers (Ptolemy's {@code logic.Comparator}): each firing takes one number from
 * {@code left} and one from {@code right} and puts whether {@code left comparison right} holds,
 * within a tolerance. Type name {@value #TYPE}. Stateless.
 *
 * <p>As in Ptolemy, both are compared as doubles, and the tolerance leans each comparison toward
 * true: {@code >} is {@code left + tolerance > right}, {@code >=} is
 * {@code left + tolerance >= right}, {@code <} is {@code left < right + tolerance}, {@code <=} is
 * {@code left <= right + tolerance}, and {@code ==} is
 * {@code right - tolerance <= left <= right + tolerance}.
 *
 * <p><b>Ports.</b> {@link #LEFT} ({@code left}) and {@link #RIGHT} ({@code right}), numbers;
 * {@link #OUTPUT} ({@code output}, {@code Boolean}).
 *
 * <p><b>Parameters.</b> {@value #COMPARISON} (one of {@code >}, {@code >=}, {@code <}, {@code <=},
 * {@code ==}; default {@code >}), {@value #TOLERANCE} (0 or more; default 0).
 *
 * <p><b>Failure.</b> The constructor throws {@link IllegalArgumentException} naming the parameter
 * that is invalid. A firing fails the run, naming the port, when a token is not a number.
 */
@Stateless
public final class Comparator implements Actor {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "comparator";
    /** The parameter that gives the comparison. */
    public static final String COMPARISON = "comparison";
    /** The parameter that gives the tolerance. */
    public static final String TOLERANCE = "tolerance";
    /** The left operand. */
    public static final InputPort<Object> LEFT = Port.input("left", Object.class);
    /** The right operand. */
    public static final InputPort<Object> RIGHT = Port.input("right", Object.class);
    /** Whether the comparison holds. */
    public static final OutputPort<Boolean> OUTPUT = Port.output("output", Boolean.class);

    private static final List<String> COMPARISONS = List.of(">", ">=", "<", "<=", "==");

    private final String comparison;
    private final double tolerance;

    /**
     * @param comparison one of {@code >}, {@code >=}, {@code <}, {@code <=}, {@code ==}
     * @param tolerance 0 or more
     * @throws IllegalArgumentException naming the parameter if either is invalid
     */
    public Comparator(String comparison, double tolerance) {
        String c = comparison == null ? "" : comparison.strip();
        if (!COMPARISONS.contains(c)) {
            throw new IllegalArgumentException("parameter '" + COMPARISON + "' must be one of " + COMPARISONS + ", was '"
                    + comparison + "'");
        }
        if (!(tolerance >= 0)) {
            throw new IllegalArgumentException("parameter '" + TOLERANCE + "' must be 0 or more, was " + tolerance);
        }
        this.comparison = c;
        this.tolerance = tolerance;
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(LEFT, RIGHT, OUTPUT);
    }

    @Override
    public void fire(FiringContext context) {
        double left = Tokens.operand(LEFT.name(), context.take(LEFT)).doubleValue();
        double right = Tokens.operand(RIGHT.name(), context.take(RIGHT)).doubleValue();
        boolean holds = switch (comparison) {
            case ">" -> left + tolerance > right;
            case ">=" -> left + tolerance >= right;
            case "<" -> left < right + tolerance;
            case "<=" -> left <= right + tolerance;
            default -> left <= right + tolerance && left >= right - tolerance;
        };
        context.put(OUTPUT, holds);
    }

    @Override
    public String toString() {
        return "Comparator[" + comparison + (tolerance > 0 ? ", tolerance " + tolerance : "") + "]";
    }
}
