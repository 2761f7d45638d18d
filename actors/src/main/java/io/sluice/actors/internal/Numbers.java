package io.sluice.actors.internal;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * The arithmetic of the standard actors and of the expression language, after Ptolemy II's scalar
 * tokens: every number is of one of three kinds, int, long and double, and an operation on two
 * numbers first widens both to the wider kind (int to long to double), then computes in that
 * kind. So an {@code Integer} and an {@code Integer} give an {@code Integer} (overflow wraps, as
 * in Java and Ptolemy), either a {@code Long} gives a {@code Long}, either a {@code Double} gives a
 * {@code Double}. Integer division and remainder truncate toward zero and throw
 * {@link ArithmeticException} when dividing by zero; doubles follow IEEE 754 (a division by zero
 * gives an infinity or NaN, a comparison with NaN is false).
 *
 * <p>Other {@link Number} classes are read as the kind the same text in a JSON document would
 * have: {@code Short} and {@code Byte} as int; a {@code BigInteger} as int or long, whichever
 * holds it (one beyond the long range is refused); {@code Float} and {@code BigDecimal} as double.
 * Every result is an {@code Integer}, a {@code Long} or a {@code Double}. The expression language
 * computes only with the classes {@link #kindOf} knows, and asks it first.
 *
 * <p>Unlike Ptolemy, which refuses to combine a long and a double, a long meets a double as a
 * double: beyond 2<sup>53</sup> in magnitude the long is rounded to the nearest double.
 *
 * <p>Not API (see the package). Stateless; safe from any thread.
 */
public final class Numbers {

    /** The kinds of numbers, from the narrowest to the widest. */
    public enum Kind {
        INT(Integer.class), LONG(Long.class), DOUBLE(Double.class);

        private final Class<? extends Number> type;

        Kind(Class<? extends Number> type) {
            this.type = type;
        }

        /** The class of the numbers of this kind after {@link #widen}. */
        public Class<? extends Number> type() {
            return type;
        }

        /** The wider of two kinds. */
        public Kind join(Kind other) {
            return compareTo(other) >= 0 ? this : other;
        }
    }

    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    private Numbers() {}

    /**
     * The kind of a value that is an {@code Integer}, {@code Short} or {@code Byte} (int), a
     * {@code Long} (long), a {@code Double} or a {@code Float} (double); null for any other value,
     * other {@link Number} classes and null included.
     */
    public static Kind kindOf(Object value) {
        if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return Kind.INT;
        }
        if (value instanceof Long) {
            return Kind.LONG;
        }
        if (value instanceof Double || value instanceof Float) {
            return Kind.DOUBLE;
        }
        return null;
    }

    /**
     * The kind of a number.
     *
     * @throws IllegalArgumentException if it is a {@code BigInteger} beyond the long range or of
     *     a {@code Number} class other than those listed in the class comment
     */
    public static Kind kind(Number n) {
        Kind kind = kindOf(n);
        if (kind != null) {
            return kind;
        }
        if (n instanceof BigDecimal) {
            return Kind.DOUBLE;
        }
        if (n instanceof BigInteger big) {
            if (big.compareTo(LONG_MIN) < 0 || big.compareTo(LONG_MAX) > 0) {
                throw new IllegalArgumentException("the integer " + big + " is beyond the long range; "
                        + "write it as a double (e.g. 1.0E20) to compute with it");
            }
            return big.bitLength() < Integer.SIZE ? Kind.INT : Kind.LONG;
        }
        throw new IllegalArgumentException("numbers of class " + (n == null ? "null" : n.getClass().getName())
                + " are not supported; use Integer, Long or Double");
    }

    /** A number as an {@code Integer}, {@code Long} or {@code Double} of its own kind. */
    public static Number widen(Number n) {
        return widen(n, kind(n));
    }

    /**
     * A number widened to {@code to}, which must be at least as wide as its own kind.
     *
     * @throws IllegalArgumentException if {@code to} is narrower than the number's kind
     */
    public static Number widen(Number n, Kind to) {
        Kind from = kind(n);
        if (from.compareTo(to) > 0) {
            throw new IllegalArgumentException("cannot narrow the " + from + " " + n + " to " + to);
        }
        return switch (to) {
            case INT -> n instanceof Integer i ? i : Integer.valueOf(n.intValue());
            case LONG -> n instanceof Long l ? l : Long.valueOf(n.longValue());
            case DOUBLE -> n instanceof Double d ? d : Double.valueOf(n.doubleValue());
        };
    }

    /** Zero of a kind: {@code 0}, {@code 0L} or {@code 0.0}. */
    public static Number zero(Kind kind) {
        return widen(0, kind);
    }

    /** One of a kind: {@code 1}, {@code 1L} or {@code 1.0}. */
    public static Number one(Kind kind) {
        return widen(1, kind);
    }

    /** {@code a + b} in the wider kind of the two. */
    public static Number add(Number a, Number b) {
        return switch (kind(a).join(kind(b))) {
            case INT -> Integer.valueOf(a.intValue() + b.intValue());
            case LONG -> Long.valueOf(a.longValue() + b.longValue());
            case DOUBLE -> Double.valueOf(a.doubleValue() + b.doubleValue());
        };
    }

    /** {@code a - b} in the wider kind of the two. */
    public static Number subtract(Number a, Number b) {
        return switch (kind(a).join(kind(b))) {
            case INT -> Integer.valueOf(a.intValue() - b.intValue());
            case LONG -> Long.valueOf(a.longValue() - b.longValue());
            case DOUBLE -> Double.valueOf(a.doubleValue() - b.doubleValue());
        };
    }

    /** {@code a * b} in the wider kind of the two. */
    public static Number multiply(Number a, Number b) {
        return switch (kind(a).join(kind(b))) {
            case INT -> Integer.valueOf(a.intValue() * b.intValue());
            case LONG -> Long.valueOf(a.longValue() * b.longValue());
            case DOUBLE -> Double.valueOf(a.doubleValue() * b.doubleValue());
        };
    }

    /**
     * {@code a / b} in the wider kind of the two; an integer quotient is truncated toward zero.
     *
     * @throws ArithmeticException if both are integers and {@code b} is zero
     */
    public static Number divide(Number a, Number b) {
        return switch (kind(a).join(kind(b))) {
            case INT -> Integer.valueOf(a.intValue() / nonZero(b.intValue()));
            case LONG -> Long.valueOf(a.longValue() / nonZero(b.longValue()));
            case DOUBLE -> Double.valueOf(a.doubleValue() / b.doubleValue());
        };
    }

    /**
     * {@code a % b} in the wider kind of the two, Java's remainder: it has the sign of {@code a}.
     *
     * @throws ArithmeticException if both are integers and {@code b} is zero
     */
    public static Number remainder(Number a, Number b) {
        return switch (kind(a).join(kind(b))) {
            case INT -> Integer.valueOf(a.intValue() % nonZero(b.intValue()));
            case LONG -> Long.valueOf(a.longValue() % nonZero(b.longValue()));
            case DOUBLE -> Double.valueOf(a.doubleValue() % b.doubleValue());
        };
    }

    /** {@code -a} in its own kind; the most negative int or long is its own negation, as in Java. */
    public static Number negate(Number a) {
        return switch (kind(a)) {
            case INT -> Integer.valueOf(-a.intValue());
            case LONG -> Long.valueOf(-a.longValue());
            case DOUBLE -> Double.valueOf(-a.doubleValue());
        };
    }

    /** {@code |a|} in its own kind; the most negative int or long is its own, as {@link Math#abs} says. */
    public static Number abs(Number a) {
        return switch (kind(a)) {
            case INT -> Integer.valueOf(Math.abs(a.intValue()));
            case LONG -> Long.valueOf(Math.abs(a.longValue()));
            case DOUBLE -> Double.valueOf(Math.abs(a.doubleValue()));
        };
    }

    /** The larger of {@code a} and {@code b} in the wider kind of the two, as {@link Math#max} says. */
    public static Number max(Number a, Number b) {
        return switch (kind(a).join(kind(b))) {
            case INT -> Integer.valueOf(Math.max(a.intValue(), b.intValue()));
            case LONG -> Long.valueOf(Math.max(a.longValue(), b.longValue()));
            case DOUBLE -> Double.valueOf(Math.max(a.doubleValue(), b.doubleValue()));
        };
    }

    /** The smaller of {@code a} and {@code b} in the wider kind of the two, as {@link Math#min} says. */
    public static Number min(Number a, Number b) {
        return switch (kind(a).join(kind(b))) {
            case INT -> Integer.valueOf(Math.min(a.intValue(), b.intValue()));
            case LONG -> Long.valueOf(Math.min(a.longValue(), b.longValue()));
            case DOUBLE -> Double.valueOf(Math.min(a.doubleValue(), b.doubleValue()));
        };
    }

    /** Whether {@code a < b} once both are widened to the wider kind; false if either is NaN. */
    public static boolean isLess(Number a, Number b) {
        return switch (kind(a).join(kind(b))) {
            case INT -> a.intValue() < b.intValue();
            case LONG -> a.longValue() < b.longValue();
            case DOUBLE -> a.doubleValue() < b.doubleValue();
        };
    }

    /** Whether {@code a <= b} once both are widened to the wider kind; false if either is NaN. */
    public static boolean isLessOrEqual(Number a, Number b) {
        return switch (kind(a).join(kind(b))) {
            case INT -> a.intValue() <= b.intValue();
            case LONG -> a.longValue() <= b.longValue();
            case DOUBLE -> a.doubleValue() <= b.doubleValue();
        };
    }

    /**
     * Whether {@code a == b} once both are widened to the wider kind: NaN equals nothing, not
     * even NaN, and {@code -0.0} equals {@code 0.0} ({@link #isCloseTo} differs).
     */
    public static boolean isEqual(Number a, Number b) {
        return switch (kind(a).join(kind(b))) {
            case INT -> a.intValue() == b.intValue();
            case LONG -> a.longValue() == b.longValue();
            case DOUBLE -> a.doubleValue() == b.doubleValue();
        };
    }

    /**
     * Whether {@code |a - b| <= tolerance} once both are widened to the wider kind of the two.
     * Integers are compared exactly (their difference cannot overflow here). Two doubles that are
     * equal match whatever the tolerance, so do two infinities of one sign and two NaNs; a NaN
     * matches nothing else.
     *
     * @param tolerance zero or more; an infinite tolerance matches any two numbers but NaN
     */
    public static boolean isCloseTo(Number a, Number b, double tolerance) {
        if (Kind.DOUBLE != kind(a).join(kind(b))) {
            BigDecimal difference = BigDecimal.valueOf(a.longValue()).subtract(BigDecimal.valueOf(b.longValue())).abs();
            return Double.isInfinite(tolerance) || difference.compareTo(new BigDecimal(tolerance)) <= 0;
        }
        double x = a.doubleValue();
        double y = b.doubleValue();
        if (x == y || Double.isNaN(x) && Double.isNaN(y)) {
            return true;
        }
        return Math.abs(x - y) <= tolerance;
    }

    private static int nonZero(int divisor) {
        if (divisor == 0) {
            throw new ArithmeticException("integer division by zero");
        }
        return divisor;
    }

    private static long nonZero(long divisor) {
        if (divisor == 0) {
            throw new ArithmeticException("integer division by zero");
        }
        return divisor;
    }
}
