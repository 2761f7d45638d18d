package io.sluice.workflow.json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON form that keeps a {@code Long} a {@code Long}: JSON numbers have no kind, and a whole
 * number that fits in an {@code int} is read back as an {@code Integer}, so a {@code Long} in that
 * range is written as the object <code>{"$long": n}</code>, and that object is read back as the
 * {@code Long} n. Longs outside the range, and every other value, are written as they are. Applied
 * to actors' parameters and channels' initial tokens, at any depth of arrays and objects. Stateless.
 */
final class LongValues {
    /** The one key of a long's object. */
    static final String KEY = "$long";

    private LongValues() {}

    /** {@code value} with every {@code Long} in the {@code int} range in its tagged form. */
    static Object encode(Object value) {
        if (value instanceof Long l && l >= Integer.MIN_VALUE && l <= Integer.MAX_VALUE) {
            return Map.of(KEY, l);
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            list.forEach(v -> out.add(encode(v)));
            return out;
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> out.put(k, encode(v)));
            return out;
        }
        return value;
    }

    /** {@code value} as read by Jackson, with every tagged long (an object of just a whole-number {@value #KEY}) a {@code Long}. */
    static Object decode(Object value) {
        if (value instanceof Map<?, ?> map) {
            if (map.size() == 1 && map.get(KEY) instanceof Number n && !(n instanceof Double || n instanceof Float)) {
                return n.longValue();
            }
            Map<Object, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> out.put(k, decode(v)));
            return out;
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            list.forEach(v -> out.add(decode(v)));
            return out;
        }
        return value;
    }
}
