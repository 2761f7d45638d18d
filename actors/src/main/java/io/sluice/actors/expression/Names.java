package io.sluice.actors.expression;

import java.util.HashMap;
import java.util.Map;

/**
 * What a name in an expression stands for when it is not called: {@code true} or {@code false},
 * a constant such as {@code PI}, or else a variable. ({@link Function#named} says which names are
 * functions.) Stateless; safe from any thread.
 */
final class Names {
    private static final Map<String, Object> CONSTANTS = new HashMap<>();

    static {
        CONSTANTS.put("PI", Math.PI);
        CONSTANTS.put("pi", Math.PI);
        CONSTANTS.put("E", Math.E);
        CONSTANTS.put("e", Math.E);
        CONSTANTS.put("Infinity", Double.POSITIVE_INFINITY);
        CONSTANTS.put("PositiveInfinity", Double.POSITIVE_INFINITY);
        CONSTANTS.put("NegativeInfinity", Double.NEGATIVE_INFINITY);
        CONSTANTS.put("NaN", Double.NaN);
        CONSTANTS.put("MaxInt", Integer.MAX_VALUE);
        CONSTANTS.put("MinInt", Integer.MIN_VALUE);
        CONSTANTS.put("MaxLong", Long.MAX_VALUE);
        CONSTANTS.put("MinLong", Long.MIN_VALUE);
        CONSTANTS.put("MaxDouble", Double.MAX_VALUE);
        CONSTANTS.put("MinDouble", Double.MIN_VALUE);
    }

    private Names() {}

    /** The boolean a name spells ({@code true}, {@code TRUE}, {@code True} and the same for false), or null. */
    static Boolean bool(String name) {
        switch (name) {
            case "true":
            case "TRUE":
            case "True":
                return Boolean.TRUE;
            case "false":
            case "FALSE":
            case "False":
                return Boolean.FALSE;
            default:
                return null;
        }
    }

    /** A name as an operand: a constant if there is one by that name, else a variable. */
    static Node operand(String name, int column) {
        Object constant = CONSTANTS.get(name);
        return constant != null ? new Node.Constant(name, constant, column) : new Node.Variable(name, column);
    }
}
