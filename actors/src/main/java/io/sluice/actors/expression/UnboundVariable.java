package io.sluice.actors.expression;

/**
 * A variable's slot held null when it was evaluated. With the values of a
 * {@link BoundExpression} that means the variable's value is null, which the message says;
 * {@link Slots#evaluate} says instead, for values taken from a map, whether the map lacks the
 * name, and what it binds.
 */
final class UnboundVariable extends EvaluationError {
    private static final long serialVersionUID = 1L;

    /** The variable's name. */
    final String name;
    /** What the name is called when no value is bound to it, e.g. {@code unknown variable 'x'}. */
    final String unknown;

    UnboundVariable(String name, String unknown, int column) {
        super("variable '" + name + "' is null", column);
        this.name = name;
        this.unknown = unknown;
    }
}
