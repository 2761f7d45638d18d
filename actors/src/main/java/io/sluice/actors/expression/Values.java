package io.sluice.actors.expression;

import io.sluice.actors.internal.Numbers;
import io.sluice.actors.internal.Numbers.Kind;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The operations of the language on Java values, and the two ways of writing a value: its
 * {@link #literal literal} form (as it would be written in an expression; used in messages and by
 * the printer) and its {@link #display display} form (what string concatenation appends).
 *
 * <p>Numbers have a kind ({@link Numbers#kindOf}): int ({@code Integer}, also {@code Short} and
 * {@code Byte}), long or double ({@code Double}, also {@code Float}); other values, other
 * {@code Number} classes included, are not numbers here. A binary operation widens both operands
 * to the larger kind, as Java does.
 */
final class Values {
    /** Values quoted in messages are cut to about this many characters. */
    private static final int MAX_QUOTED = 100;

    private Values() {}

    // ---------------------------------------------------------------- arithmetic

    /**
     * {@code + - * / %} on two values; {@code +} concatenates when either is a string. Numbers
     * are computed by {@link Numbers}, as the standard actors compute them.
     */
    static Object arithmetic(Op op, Object a, Object b, int column) {
        if (Numbers.kindOf(a) == null || Numbers.kindOf(b) == null) {
            if (op == Op.ADD && (a instanceof String || b instanceof String)) {
                return display(a).concat(display(b));
            }
            throw cannotApply(op.symbol, a, b, column);
        }
        Number x = (Number) a;
        Number y = (Number) b;
        try {
            switch (op) {
                case ADD: return Numbers.add(x, y);
                case SUB: return Numbers.subtract(x, y);
                case MUL: return Numbers.multiply(x, y);
                case DIV: return Numbers.divide(x, y);
                case MOD: return Numbers.remainder(x, y);
                default: throw new AssertionError(op);
            }
        } catch (ArithmeticException divisionByZero) {
            throw new EvaluationError("integer division by zero: " + literal(a) + " " + op.symbol + " " + literal(b), column);
        }
    }

    /**
     * {@code base ^ exponent}: the exponent must be an int (or a long within int's range). An
     * int or long base with an exponent of 0 or more gives an int or long (overflowing as
     * repeated multiplication does); otherwise the result is a double.
     */
    static Object power(Object base, Object exponent, int column) {
        Kind kb = Numbers.kindOf(base);
        Kind ke = Numbers.kindOf(exponent);
        if (kb == null || ke == null) {
            throw cannotApply("^", base, exponent, column);
        }
        long e = ((Number) exponent).longValue();
        if (ke == Kind.DOUBLE || e != (int) e) {
            throw new EvaluationError("the exponent of '^' must be an int, not " + literal(exponent)
                    + "; use pow(x, y) for other exponents", column);
        }
        int n = (int) e;
        if (kb == Kind.DOUBLE || n < 0) {
            return Math.pow(((Number) base).doubleValue(), n);
        }
        if (kb == Kind.INT) {
            int b = ((Number) base).intValue();
            int result = 1;
            while (n != 0) { // square and multiply: wraps exactly as repeated multiplication
                if ((n & 1) != 0) {
                    result *= b;
                }
                b *= b;
                n >>>= 1;
            }
            return result;
        }
        long b = ((Number) base).longValue();
        long result = 1;
        while (n != 0) {
            if ((n & 1) != 0) {
                result *= b;
            }
            b *= b;
            n >>>= 1;
        }
        return result;
    }

    /** Unary minus. */
    static Object negate(Object value, int column) {
        if (Numbers.kindOf(value) == null) {
            throw cannotApply("-", value, column);
        }
        return Numbers.negate((Number) value);
    }

    // ---------------------------------------------------------------- comparisons

    /** {@code < <= > >=} on two numbers, after widening; false when a double operand is NaN. */
    static boolean compare(Op op, Object a, Object b, int column) {
        if (Numbers.kindOf(a) == null || Numbers.kindOf(b) == null) {
            throw cannotApply(op.symbol, a, b, column);
        }
        Number x = (Number) a;
        Number y = (Number) b;
        switch (op) {
            case LT: return Numbers.isLess(x, y);
            case LE: return Numbers.isLessOrEqual(x, y);
            case GT: return Numbers.isLess(y, x);
            case GE: return Numbers.isLessOrEqual(y, x);
            default: throw new AssertionError(op);
        }
    }

    /**
     * {@code ==}: numbers are equal when their widened values are ({@code NaN} equals nothing),
     * lists when they have equal elements in the same order, other values by
     * {@link Object#equals}. Values of different kinds (a number and a string) are not equal.
     */
    static boolean equal(Object a, Object b) {
        if (Numbers.kindOf(a) != null && Numbers.kindOf(b) != null) {
            return Numbers.isEqual((Number) a, (Number) b);
        }
        if (a instanceof List && b instanceof List) {
            List<?> x = (List<?>) a;
            List<?> y = (List<?>) b;
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!equal(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    /** The value as a boolean operand of {@code what}. */
    static boolean bool(Object value, String what, int column) {
        if (value instanceof Boolean) {
            return (Boolean) value;
        }
        throw new EvaluationError(what + " needs a boolean, not " + literal(value), column);
    }

    // ---------------------------------------------------------------- arrays

    /**
     * An array's elements as an unmodifiable list, which keeps {@code elements}: the caller
     * hands it over. When its elements are numbers of different
     * kinds they are all widened to the largest kind, as Ptolemy converts an array's elements to
     * their least upper type: {@code {1, 2.5}} is {@code [1.0, 2.5]}.
     */
    static List<Object> array(Object[] elements) {
        Kind widest = null;
        boolean mixed = false;
        for (Object e : elements) {
            Kind k = Numbers.kindOf(e);
            if (k == null) {
                return Collections.unmodifiableList(Arrays.asList(elements));
            }
            mixed |= widest != null && k != widest;
            widest = widest == null ? k : widest.join(k);
        }
        if (mixed) {
            for (int i = 0; i < elements.length; i++) {
                // an element of the widest kind is kept as it is: a Float among doubles stays a Float
                if (Numbers.kindOf(elements[i]) != widest) {
                    elements[i] = Numbers.widen((Number) elements[i], widest);
                }
            }
        }
        return Collections.unmodifiableList(Arrays.asList(elements));
    }

    /** {@code list(index)}: element access, 0-based. */
    static Object index(Object list, Object index, int column) {
        if (!(list instanceof List)) {
            throw new EvaluationError("cannot index " + literal(list) + ": only arrays can be indexed", column);
        }
        List<?> elements = (List<?>) list;
        Kind k = Numbers.kindOf(index);
        long i = k == Kind.INT || k == Kind.LONG ? ((Number) index).longValue() : -1;
        if (k != Kind.INT && (k != Kind.LONG || i != (int) i)) {
            throw new EvaluationError("an array index must be an int, not " + literal(index), column);
        }
        if (i < 0 || i >= elements.size()) {
            throw new EvaluationError("index " + i + " is out of bounds for an array of length " + elements.size(), column);
        }
        return elements.get((int) i);
    }

    // ---------------------------------------------------------------- writing values

    /**
     * A value as concatenation appends it: a string as it is, numbers and booleans as Java
     * prints them, an array as {@code {1, 2, "a"}} (strings quoted inside).
     */
    static String display(Object value) {
        if (value instanceof String) {
            return (String) value;
        }
        if (value instanceof List) {
            StringBuilder out = new StringBuilder();
            appendList(out, (List<?>) value, false);
            return out.toString();
        }
        return String.valueOf(value);
    }

    /**
     * A value as it is written in an expression: strings quoted and escaped, longs with
     * {@code L}, doubles always with a point or an exponent, arrays in braces. Parsing the
     * literal form of an int, long, double, boolean or string gives the value back.
     */
    static String literal(Object value) {
        StringBuilder out = new StringBuilder();
        appendLiteral(out, value);
        return out.toString();
    }

    /** The literal form, cut to about {@value #MAX_QUOTED} characters: for messages. */
    static String quoted(Object value) {
        String literal = literal(value);
        return literal.length() <= MAX_QUOTED ? literal : literal.substring(0, MAX_QUOTED) + "...";
    }

    static void appendLiteral(StringBuilder out, Object value) {
        if (value instanceof String) {
            appendString(out, (String) value);
        } else if (value instanceof Long) {
            out.append((long) (Long) value).append('L');
        } else if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            if (Double.isNaN(d)) {
                out.append("NaN");
            } else if (Double.isInfinite(d)) {
                out.append(d > 0 ? "Infinity" : "-Infinity");
            } else {
                out.append(d); // Double.toString: always a point or an exponent, so it reads back as a double
            }
        } else if (value instanceof List) {
            appendList(out, (List<?>) value, true);
        } else {
            out.append(value);
        }
    }

    private static void appendList(StringBuilder out, List<?> list, boolean literal) {
        out.append('{');
        for (int i = 0; i < list.size(); i++) {
            if (i > 0) {
                out.append(", ");
            }
            Object e = list.get(i);
            if (literal || e instanceof String) {
                appendLiteral(out, e);
            } else if (e instanceof List) {
                appendList(out, (List<?>) e, false);
            } else {
                out.append(e);
            }
        }
        out.append('}');
    }

    private static void appendString(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': out.append("\\\""); break;
                case '\\': out.append("\\\\"); break;
                case '\n': out.append("\\n"); break;
                case '\t': out.append("\\t"); break;
                case '\r': out.append("\\r"); break;
                case '\b': out.append("\\b"); break;
                case '\f': out.append("\\f"); break;
                default: out.append(c);
            }
        }
        out.append('"');
    }

    // ---------------------------------------------------------------- errors

    static EvaluationError cannotApply(String operator, Object a, Object b, int column) {
        return new EvaluationError("cannot apply '" + operator + "' to " + quoted(a) + " and " + quoted(b), column);
    }

    static EvaluationError cannotApply(String operator, Object a, int column) {
        return new EvaluationError("cannot apply '" + operator + "' to " + quoted(a), column);
    }
}
