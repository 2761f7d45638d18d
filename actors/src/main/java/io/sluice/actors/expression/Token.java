package io.sluice.actors.expression;

/**
 * A token of an expression's text, as {@link Lexer} reads it: {@code text} is the source text (an
 * operator's symbol); {@code value} the string of a string literal; {@code column} the 1-based
 * column of its first character.
 */
record Token(Kind kind, String text, String value, int column) {
    /** What a token is. */
    enum Kind { NUMBER, STRING, IDENTIFIER, OPERATOR, END }

    boolean is(String operator) {
        return kind == Kind.OPERATOR && text.equals(operator);
    }

    /** The token as a message names it, e.g. {@code number 12} or {@code end of expression}. */
    String describe() {
        switch (kind) {
            case END: return "end of expression";
            case NUMBER: return "number " + text;
            case STRING: return "string " + text;
            case IDENTIFIER: return "'" + text + "'";
            default: return "'" + text + "'";
        }
    }
}
