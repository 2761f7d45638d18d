package io.sluice.actors;

import io.sluice.actors.internal.Numbers;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Turns the values actors are given (parameters from JSON or Java) into tokens, checks them, and
 * shows tokens in messages. A token made here is an {@code Integer}, {@code Long} or {@code Double} (other
 * numbers are widened as {@link Numbers#widen(Number)} says), a {@code String}, a
 * {@code Boolean}, or an unmodifiable {@code List} of such tokens (an array).
 *
 * <p>Not API: package-private. Stateless; safe from any thread.
 */
final class Tokens {
    private Tokens() {}

    /**
     * A token taken from a port, as a number to compute with, widened.
     *
     * @throws IllegalArgumentException naming the port and the token if it is not a number of a
     *     supported class
     */
    static Number operand(String port, Object token) {
        if (!(token instanceof Number n)) {
            throw new IllegalArgumentException("port '" + port + "' received " + show(token)
                    + (token == null ? "" : " (" + token.getClass().getSimpleName() + ")") + ", which is not a number");
        }
        try {
            return Numbers.widen(n);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("port '" + port + "': " + e.getMessage(), e);
        }
    }

    /**
     * Whether two tokens are equal as Ptolemy's {@code isEqualTo} says: numbers by value once
     * widened to the wider kind ({@code 1}, {@code 1L} and {@code 1.0} are equal), arrays element
     * by element so, any other token by {@link Object#equals}.
     */
    static boolean same(Object a, Object b) {
        if (a instanceof Number x && b instanceof Number y) {
            try {
                return Numbers.isEqual(Numbers.widen(x), Numbers.widen(y));
            } catch (IllegalArgumentException e) {
                return x.equals(y);
            }
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!same(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return a == null ? b == null : a.equals(b);
    }

    /**
     * A token taken from a port as an index: an int or a long.
     *
     * @throws IllegalArgumentException naming the port and the token if it is another kind
     */
    static long index(String port, Object token) {
        if (token instanceof Integer || token instanceof Long || token instanceof Short || token instanceof Byte) {
            return ((Number) token).longValue();
        }
        throw new IllegalArgumentException("port '" + port + "' received " + show(token)
                + (token == null ? "" : " (" + token.getClass().getSimpleName() + ")") + ", which is not an integer");
    }

    /**
     * A token taken from a port as a boolean. Such ports are typed {@code Object}, so that an
     * actor whose output type is not known to be boolean before the run (a sample delay in a
     * control loop) can feed them, as Ptolemy's type resolution lets it.
     *
     * @throws IllegalArgumentException naming the port and the token if it is not a boolean
     */
    static boolean bool(String port, Object token) {
        if (token instanceof Boolean b) {
            return b;
        }
        throw new IllegalArgumentException("port '" + port + "' received " + show(token)
                + (token == null ? "" : " (" + token.getClass().getSimpleName() + ")") + ", which is not a boolean");
    }

    /**
     * A parameter's number, widened.
     *
     * @param parameter the parameter's name, for the message
     * @throws IllegalArgumentException naming the parameter if the value is not a number
     */
    static Number number(String parameter, Object value) {
        if (!(value instanceof Number n)) {
            throw wrongKind(parameter, "a number", value);
        }
        try {
            return Numbers.widen(n);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("parameter '" + parameter + "': " + e.getMessage(), e);
        }
    }

    /**
     * A parameter's single value: a number, a string or a boolean.
     *
     * @throws IllegalArgumentException naming the parameter if the value is anything else
     */
    static Object scalar(String parameter, Object value) {
        if (value instanceof String || value instanceof Boolean) {
            return value;
        }
        if (value instanceof Number) {
            return number(parameter, value);
        }
        throw wrongKind(parameter, "a number, a string or true or false", value);
    }

    /**
     * A parameter's array, as an unmodifiable list of tokens; its elements may be numbers,
     * strings, booleans or arrays.
     *
     * @throws IllegalArgumentException naming the parameter (and the element, as
     *     {@code values[2]}) if the value is not an array or an element is of no token kind
     */
    static List<Object> array(String parameter, Object value) {
        if (!(value instanceof List<?> list)) {
            throw wrongKind(parameter, "an array", value);
        }
        return array(parameter, parameter, list);
    }

    private static List<Object> array(String parameter, String path, List<?> list) {
        List<Object> tokens = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            Object element = list.get(i);
            String at = path + "[" + i + "]";
            if (element instanceof List<?> inner) {
                tokens.add(array(parameter, at, inner));
            } else if (element instanceof String || element instanceof Boolean) {
                tokens.add(element);
            } else if (element instanceof Number n) {
                try {
                    tokens.add(Numbers.widen(n));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("parameter '" + parameter + "': " + at + ": " + e.getMessage(), e);
                }
            } else {
                throw new IllegalArgumentException("parameter '" + parameter + "': " + at
                        + " must be a number, a string, true or false, or an array, got " + show(element));
            }
        }
        return Collections.unmodifiableList(tokens);
    }

    /**
     * A token as messages show it: a string in double quotes, a long with the suffix {@code L}
     * (as Ptolemy writes it), so that {@code "1"}, {@code 1}, {@code 1L} and {@code 1.0} differ;
     * arrays element by element; anything else by {@code toString()}.
     */
    static String show(Object token) {
        if (token instanceof String s) {
            return "\"" + s + "\"";
        }
        if (token instanceof Long l) {
            return l + "L";
        }
        if (token instanceof List<?> list) {
            StringBuilder b = new StringBuilder("[");
            for (Object element : list) {
                b.append(b.length() > 1 ? ", " : "").append(show(element));
            }
            return b.append(']').toString();
        }
        return String.valueOf(token);
    }

    /**
     * The zero of a token's kind, as Ptolemy's {@code Token.zero()}: {@code 0}, {@code 0L},
     * {@code 0.0}, {@code false}, {@code ""}, or for an array the array of its elements' zeros.
     *
     * @throws IllegalArgumentException naming the port if the token has no zero
     */
    static Object zero(String port, Object token) {
        if (token instanceof Number n) {
            return Numbers.zero(Numbers.kind(operand(port, n)));
        }
        if (token instanceof Boolean) {
            return Boolean.FALSE;
        }
        if (token instanceof String) {
            return "";
        }
        if (token instanceof List<?> list) {
            List<Object> zeros = new ArrayList<>(list.size());
            for (Object element : list) {
                zeros.add(zero(port, element));
            }
            return Collections.unmodifiableList(zeros);
        }
        throw new IllegalArgumentException("port '" + port + "' received " + show(token) + ", which has no zero");
    }

    /**
     * Checks a count such as a width or a limit.
     *
     * @throws IllegalArgumentException naming the parameter if the count is negative
     */
    static long nonNegative(String parameter, long value) {
        if (value < 0) {
            throw new IllegalArgumentException("parameter '" + parameter + "' must be 0 or more, got " + value);
        }
        return value;
    }

    private static IllegalArgumentException wrongKind(String parameter, String expected, Object value) {
        return new IllegalArgumentException("parameter '" + parameter + "' must be " + expected + ", got " + show(value));
    }
}
