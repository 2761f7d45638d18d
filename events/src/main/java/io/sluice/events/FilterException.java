package io.sluice.events;

/**
 * A filter expression that does not compile against a subscription's format: a syntax error, an
 * unknown field or function, mismatched types, or a result that is not a {@code bool}. The
 * message gives the channel, the expression and CEL's reasons with their positions.
 */
public final class FilterException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final String expression;
    private final int line;
    private final int column;

    public FilterException(String message, String expression, int line, int column) {
        super(message);
        this.expression = expression;
        this.line = line;
        this.column = column;
    }

    /** The expression refused. */
    public String expression() {
        return expression;
    }

    /** The line (from 1) of the first error, or -1 if CEL gave none. */
    public int line() {
        return line;
    }

    /** The column (from 1) of the first error within its line, or -1 if CEL gave none. */
    public int column() {
        return column;
    }
}
