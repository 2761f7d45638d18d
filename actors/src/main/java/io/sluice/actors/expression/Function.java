package io.sluice.actors.expression;

import io.sluice.actors.internal.Numbers;
import io.sluice.actors.internal.Numbers.Kind;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The built-in functions, each with a fixed number of arguments checked when parsing. */
enum Function {
    ABS("abs", 1),
    SQRT("sqrt", 1),
    EXP("exp", 1),
    LOG("log", 1),
    SIN("sin", 1),
    COS("cos", 1),
    TAN("tan", 1),
    ASIN("asin", 1),
    ACOS("acos", 1),
    ATAN("atan", 1),
    FLOOR("floor", 1),
    CEIL("ceil", 1),
    ROUND("round", 1),
    LENGTH("length", 1),
    POW("pow", 2),
    MAX("max", 2),
    MIN("min", 2);

    private static final Map<String, Function> BY_NAME = new HashMap<>();

    static {
        for (Function f : values()) {
            BY_NAME.put(f.name, f);
        }
    }

    final String name;
    final int arity;

    Function(String name, int arity) {
        this.name = name;
        this.arity = arity;
    }

    /** The function of that name, or null. */
    static Function named(String name) {
        return BY_NAME.get(name);
    }

    /** Applies a one-argument function. */
    Object apply(Object x, int column) {
        switch (this) {
            case ABS:
                if (Numbers.kindOf(x) == null) {
                    throw Values.cannotApply(name, x, column);
                }
                return Numbers.abs((Number) x);
            case SQRT: return Math.sqrt(toDouble(x, column));
            case EXP: return Math.exp(toDouble(x, column));
            case LOG: return Math.log(toDouble(x, column));
            case SIN: return Math.sin(toDouble(x, column));
            case COS: return Math.cos(toDouble(x, column));
            case TAN: return Math.tan(toDouble(x, column));
            case ASIN: return Math.asin(toDouble(x, column));
            case ACOS: return Math.acos(toDouble(x, column));
            case ATAN: return Math.atan(toDouble(x, column));
            case FLOOR: return Math.floor(toDouble(x, column));
            case CEIL: return Math.ceil(toDouble(x, column));
            case ROUND:
                // Ptolemy's round gives a long; an int or long is already round.
                Kind kind = Numbers.kindOf(x);
                if (kind == null) {
                    throw Values.cannotApply(name, x, column);
                }
                return kind == Kind.DOUBLE ? Math.round(((Number) x).doubleValue()) : ((Number) x).longValue();
            case LENGTH:
                if (x instanceof List) {
                    return ((List<?>) x).size();
                }
                if (x instanceof String) {
                    return ((String) x).length();
                }
                throw Values.cannotApply(name, x, column);
            default:
                throw new AssertionError(this);
        }
    }

    /** Applies a two-argument function. */
    Object apply(Object x, Object y, int column) {
        if (Numbers.kindOf(x) == null || Numbers.kindOf(y) == null) {
            throw Values.cannotApply(name, x, y, column);
        }
        switch (this) {
            case POW: return Math.pow(((Number) x).doubleValue(), ((Number) y).doubleValue());
            case MAX: return Numbers.max((Number) x, (Number) y);
            case MIN: return Numbers.min((Number) x, (Number) y);
            default:
                throw new AssertionError(this);
        }
    }

    private double toDouble(Object x, int column) {
        if (Numbers.kindOf(x) == null) {
            throw Values.cannotApply(name, x, column);
        }
        return ((Number) x).doubleValue();
    }

    /** The names of the functions, for messages. */
    static String names() {
        StringBuilder out = new StringBuilder();
        for (Function f : values()) {
            out.append(out.length() == 0 ? "" : ", ").append(f.name);
        }
        return out.toString();
    }
}
