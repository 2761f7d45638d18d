package io.sluice.actors.expression;

/** The binary operators, with their symbols and precedences ({@link Node#precedence()}). */
enum Op {
    OR("||", Node.OR),
    AND("&&", Node.AND),
    EQ("==", Node.EQUALITY),
    NE("!=", Node.EQUALITY),
    LT("<", Node.RELATIONAL),
    LE("<=", Node.RELATIONAL),
    GT(">", Node.RELATIONAL),
    GE(">=", Node.RELATIONAL),
    ADD("+", Node.ADDITIVE),
    SUB("-", Node.ADDITIVE),
    MUL("*", Node.MULTIPLICATIVE),
    DIV("/", Node.MULTIPLICATIVE),
    MOD("%", Node.MULTIPLICATIVE),
    POW("^", Node.POWER);

    final String symbol;
    final int precedence;

    Op(String symbol, int precedence) {
        this.symbol = symbol;
        this.precedence = precedence;
    }

    /**
     * Whether a chain of operators of this precedence groups to the left ({@code a - b - c} is
     * {@code (a - b) - c}); comparisons do not chain at all, as in Ptolemy.
     */
    boolean chains() {
        return precedence != Node.EQUALITY && precedence != Node.RELATIONAL;
    }
}
