package io.sluice.actors.expression;

/**
 * An evaluation failed at a column; {@link Expression#evaluate} turns it into an
 * {@link ExpressionException} that also quotes the expression. Carries no stack trace: it is
 * caught at once, and the exception it becomes has one.
 */
final class EvaluationError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    final int column;

    EvaluationError(String reason, int column) {
        super(reason, null, false, false);
        this.column = column;
    }
}
