package io.sluice.actors.expression;

/**
 * An evaluation failed at a column, or a variable had no slot when a tree was bound;
 * {@link Expression} and {@link BoundExpression} turn it into an {@link ExpressionException} that
 * also quotes the expression. Carries no stack trace: it is caught at once, and the exception it
 * becomes has one.
 */
sealed class EvaluationError extends RuntimeException permits UnboundVariable {
    private static final long serialVersionUID = 1L;

    final int column;

    EvaluationError(String reason, int column) {
        super(reason, null, false, false);
        this.column = column;
    }
}
