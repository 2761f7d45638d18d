package io.sluice.actors.expression;

import java.util.List;
import java.util.Objects;

/**
 * An {@link Expression} whose variables are bound to positions by {@link Expression#bind}: it
 * evaluates with the values in an array, {@code values[i]} the value of {@code names().get(i)},
 * and looks no name up. For a caller that evaluates one expression with the same names again and
 * again, such as {@link ExpressionActor} once per firing.
 *
 * <p><b>Threading.</b> Immutable: any number of threads may evaluate it at once, each with its own
 * array. {@link #evaluate} reads the array only during the call and keeps no reference to it, so
 * one thread may fill and pass the same array for each of its evaluations.
 *
 * <p><b>Failure.</b> An evaluation that cannot be done throws an {@link ExpressionException} as
 * {@link Expression#evaluate} does; a value that is null fails when its variable is evaluated,
 * e.g. {@code at column 1: variable 'x' is null in "x + 1"}.
 */
public final class BoundExpression {
    private final Expression expression;
    private final List<String> names;
    private final Node root;

    BoundExpression(Expression expression, List<String> names, Node root) {
        this.expression = expression;
        this.names = names;
        this.root = root;
    }

    /**
     * Evaluates the expression with {@code values[i]} the value of {@code names().get(i)}.
     *
     * @return the value, never null
     * @throws ExpressionException naming the column, the operation that failed or the variable
     *     whose value is null, and the expression
     * @throws IllegalArgumentException if there is not one value per name
     * @throws NullPointerException if {@code values} is null
     */
    public Object evaluate(Object[] values) {
        Objects.requireNonNull(values, "values");
        if (values.length != names.size()) {
            throw new IllegalArgumentException(values.length + " values for the " + names.size()
                    + " names " + names + " of " + ExpressionException.quote(expression.text()));
        }
        try {
            return root.eval(values);
        } catch (EvaluationError e) {
            throw expression.failure(e);
        }
    }

    /** The names the values are given for, in the order of the array {@link #evaluate} takes. */
    public List<String> names() {
        return names;
    }

    /** The expression bound. */
    public Expression expression() {
        return expression;
    }

    /** The expression's text and the names, e.g. {@code "a * 2 + b" with [a, b]}. */
    @Override
    public String toString() {
        return ExpressionException.quote(expression.text()) + " with " + names;
    }
}
