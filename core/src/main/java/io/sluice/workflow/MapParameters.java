package io.sluice.workflow;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/** {@link Parameters} over a map of JSON-like values. */
final class MapParameters implements Parameters {
    private final Map<String, Object> values;
    private final Path baseDirectory;
    private final Set<String> read = new HashSet<>();

    MapParameters(Map<String, ?> values, Path baseDirectory) {
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        this.baseDirectory = baseDirectory;
    }

    @Override
    public boolean has(String name) {
        read.add(name);
        return values.containsKey(name);
    }

    @Override
    public String string(String name) {
        return asString(name, required(name));
    }

    @Override
    public String string(String name, String defaultValue) {
        Object v = optional(name);
        return v == null ? defaultValue : asString(name, v);
    }

    @Override
    public long longValue(String name) {
        return asLong(name, required(name));
    }

    @Override
    public long longValue(String name, long defaultValue) {
        Object v = optional(name);
        return v == null ? defaultValue : asLong(name, v);
    }

    @Override
    public int intValue(String name, int defaultValue) {
        long v = longValue(name, defaultValue);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("parameter '" + name + "' is " + v + ", out of the int range");
        }
        return (int) v;
    }

    @Override
    public double doubleValue(String name, double defaultValue) {
        Object v = optional(name);
        if (v == null) {
            return defaultValue;
        }
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        throw wrongKind(name, "a number", v);
    }

    @Override
    public boolean booleanValue(String name, boolean defaultValue) {
        Object v = optional(name);
        if (v == null) {
            return defaultValue;
        }
        if (v instanceof Boolean b) {
            return b;
        }
        throw wrongKind(name, "true or false", v);
    }

    @Override
    public Path path(String name) {
        String text = string(name);
        try {
            return baseDirectory.resolve(text);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("parameter '" + name + "' is not a valid path: " + e.getMessage(), e);
        }
    }

    @Override
    public Set<String> names() {
        return values.keySet();
    }

    @Override
    public Set<String> unread() {
        Set<String> unread = new LinkedHashSet<>(values.keySet());
        unread.removeAll(read);
        return unread;
    }

    @Override
    public Map<String, Object> asMap() {
        return values;
    }

    private Object required(String name) {
        Object v = optional(name);
        if (v == null) {
            throw new IllegalArgumentException("parameter '" + name + "' is required");
        }
        return v;
    }

    private Object optional(String name) {
        read.add(name);
        return values.get(name);
    }

    private static String asString(String name, Object v) {
        if (v instanceof String s) {
            return s;
        }
        throw wrongKind(name, "a string", v);
    }

    private static long asLong(String name, Object v) {
        if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        if (v instanceof java.math.BigInteger big && big.bitLength() < 64) {
            return big.longValue();
        }
        throw wrongKind(name, "an integer", v);
    }

    private static IllegalArgumentException wrongKind(String name, String expected, Object actual) {
        String shown = actual instanceof String s ? "\"" + s + "\"" : String.valueOf(actual);
        return new IllegalArgumentException("parameter '" + name + "' must be " + expected + ", got " + shown);
    }
}
