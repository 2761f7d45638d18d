package io.sluice.actors.expression;

/**
 * An expression could not be parsed or evaluated.
 *
 * <p>The message names the position, what went wrong and the expression, as in
 * {@code at column 7: expected ')' but found end of expression in "(1 + 2"}. The parts are also
 * available on their own, for a user interface that points at the column: {@link #column()}
 * and {@link #reason()}.
 */
public final class ExpressionException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** Expressions quoted in messages are cut to this many characters. */
    private static final int MAX_QUOTED = 200;

    private final int column;
    private final String reason;

    /**
     * Creates the exception for a problem at a column of an expression.
     *
     * @param reason what went wrong, e.g. {@code cannot apply '-' to "a" and 2}
     * @param column the 1-based column (counted in UTF-16 characters from the start of the text)
     *     of the character where the problem is, or -1 if it has no position
     * @param expression the text of the expression, quoted in the message; may be null
     */
    public ExpressionException(String reason, int column, String expression) {
        this(describe(reason, column, expression), reason, column, null);
    }

    /** For messages composed elsewhere in this package (the actor's firing errors). */
    ExpressionException(String message, String reason, int column, Throwable cause) {
        super(message, cause);
        this.reason = reason;
        this.column = column < 1 ? -1 : column;
    }

    /** The 1-based column where the problem is, or -1 if it has no position. */
    public int column() {
        return column;
    }

    /** What went wrong, without the position and the expression. */
    public String reason() {
        return reason;
    }

    private static String describe(String reason, int column, String expression) {
        return (column >= 1 ? "at column " + column + ": " : "") + reason + (expression == null ? "" : " in " + quote(expression));
    }

    /** The expression's text in double quotes, cut if it is long. */
    static String quote(String expression) {
        String text = expression.length() <= MAX_QUOTED ? expression : expression.substring(0, MAX_QUOTED) + "...";
        return '"' + text + '"';
    }
}
