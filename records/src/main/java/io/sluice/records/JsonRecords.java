package io.sluice.records;

import io.sluice.records.internal.AvroSchemas;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Records read from plain JSON, the JSON {@link JsonText} writes: an object of the record's fields
 * by name, a union's value bare (Avro's JSON encoding, which wraps it in an object named by its
 * branch, {@code {"string": "north"}}, is taken too), bytes and fixed as base64, an enum as its
 * symbol, a float or double also as {@code "NaN"}, {@code "Infinity"} or {@code "-Infinity"}.
 * A field left out takes its default; numbers widen as the format allows (an integer to a long,
 * a float or a double) but never narrow or round (1.5 is no int). Stateless and thread-safe.
 */
final class JsonRecords {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private JsonRecords() {}

    /**
     * The record of format {@code format} that the JSON object {@code json} holds.
     *
     * @throws IllegalArgumentException naming the format, and the field and what was wrong with
     *     it, if the text is not JSON, not an object, lacks a field that has no default, has a
     *     field the format does not, or holds a value its field's type cannot
     */
    static RecordValue read(RecordFormat format, String json) {
        JsonNode node;
        try {
            node = JSON.readTree(json);
        } catch (JacksonException e) {
            throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage() + " (line " + e.getLocation().getLineNr()
                    + ", column " + e.getLocation().getColumnNr() + ")", e);
        }
        if (node == null || !node.isObject()) {
            throw new IllegalArgumentException("a record of format " + format.name() + " is a JSON object, not " + shown(node));
        }
        return record(format, format.avroSchema(), node, "");
    }

    private static ImmutableRecordValue record(RecordFormat root, Schema schema, JsonNode node, String path) {
        RecordFormat format = schema == root.avroSchema() ? root : root.formatOf(schema);
        Object[] values = new Object[schema.getFields().size()];
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            if (schema.getField(e.getKey()) == null) {
                throw wrong(root, join(path, e.getKey()), "a field format " + format.name() + " does not have");
            }
        }
        for (RecordField field : format.fields()) {
            Schema.Field f = field.avroField();
            JsonNode value = node.get(f.name());
            String at = join(path, f.name());
            if (value == null) {
                if (!field.hasDefault()) {
                    throw wrong(root, at, "missing, and it has no default");
                }
                values[f.pos()] = field.storedDefault();
            } else {
                values[f.pos()] = value(root, f.schema(), value, at);
            }
        }
        return new ImmutableRecordValue(format, values);
    }

    private static Object value(RecordFormat root, Schema schema, JsonNode node, String at) {
        if (schema.getType() == Schema.Type.UNION) {
            return union(root, schema, node, at);
        }
        if (!holds(schema, node)) {
            throw wrong(root, at, AvroSchemas.describe(schema) + ", not " + shown(node));
        }
        switch (schema.getType()) {
            case NULL:
                return null;
            case BOOLEAN:
                return node.booleanValue();
            case INT:
                return node.intValue();
            case LONG:
                return node.longValue();
            case FLOAT: {
                if (isNonFinite(node)) {
                    return Float.parseFloat(node.stringValue());
                }
                // the double nearest the text, then the float nearest it: the float the text names
                // when the text is a float's, as toJson writes it
                float f = (float) node.doubleValue();
                if (Float.isInfinite(f) || node.isIntegralNumber() && !exact(node, f)) {
                    throw wrong(root, at, "a float, which " + node + " does not fit without rounding");
                }
                return f;
            }
            case DOUBLE: {
                if (isNonFinite(node)) {
                    return Double.parseDouble(node.stringValue());
                }
                double d = node.doubleValue();
                if (Double.isInfinite(d) || node.isIntegralNumber() && !exact(node, d)) {
                    throw wrong(root, at, "a double, which " + node + " does not fit without rounding");
                }
                return d;
            }
            case STRING:
            case ENUM:
                return node.stringValue();
            case BYTES:
            case FIXED: {
                byte[] bytes;
                try {
                    bytes = Base64.getDecoder().decode(node.stringValue());
                } catch (IllegalArgumentException e) {
                    throw wrong(root, at, "not base64 (" + e.getMessage() + ")");
                }
                if (schema.getType() == Schema.Type.FIXED && bytes.length != schema.getFixedSize()) {
                    throw wrong(root, at, bytes.length + " bytes, not the " + schema.getFixedSize() + " of "
                            + AvroSchemas.describe(schema));
                }
                return ByteBuffer.wrap(bytes).asReadOnlyBuffer();
            }
            case ARRAY: {
                List<Object> list = new ArrayList<>(node.size());
                for (int i = 0; i < node.size(); i++) {
                    list.add(value(root, schema.getElementType(), node.get(i), at + "[" + i + "]"));
                }
                return Collections.unmodifiableList(list);
            }
            case MAP: {
                Map<String, Object> map = new LinkedHashMap<>();
                for (Map.Entry<String, JsonNode> e : node.properties()) {
                    map.put(e.getKey(), value(root, schema.getValueType(), e.getValue(), at + "{" + e.getKey() + "}"));
                }
                return Collections.unmodifiableMap(map);
            }
            case RECORD:
                return record(root, schema, node, at);
            default:
                throw wrong(root, at, AvroSchemas.describe(schema) + ", not " + shown(node));
        }
    }

    /**
     * A union's value: bare, in the first branch whose kind of JSON value it is, or wrapped as
     * Avro's JSON encoding wraps it, in an object of one field named by its branch.
     */
    private static Object union(RecordFormat root, Schema union, JsonNode node, String at) {
        if (node.isObject() && node.size() == 1) {
            String name = node.propertyNames().iterator().next();
            for (Schema branch : union.getTypes()) {
                if (branch.getFullName().equals(name) || branch.getName().equals(name)) {
                    return value(root, branch, node.get(name), at);
                }
            }
        }
        for (Schema branch : union.getTypes()) {
            if (holds(branch, node)) {
                return value(root, branch, node, at);
            }
        }
        throw wrong(root, at, AvroSchemas.describe(union) + ", not " + shown(node));
    }

    /**
     * Whether the node is the kind of JSON value a value of {@code schema} is written as: what
     * picks a union's branch, and what every value is checked against before it is read.
     */
    private static boolean holds(Schema schema, JsonNode node) {
        return switch (schema.getType()) {
            case NULL -> node.isNull();
            case BOOLEAN -> node.isBoolean();
            case INT -> node.isIntegralNumber() && node.canConvertToInt();
            case LONG -> node.isIntegralNumber() && node.canConvertToLong();
            case FLOAT, DOUBLE -> node.isNumber() || isNonFinite(node);
            case STRING, BYTES, FIXED -> node.isString();
            case ENUM -> node.isString() && schema.getEnumSymbols().contains(node.stringValue());
            case ARRAY -> node.isArray();
            case MAP, RECORD -> node.isObject();
            default -> false;
        };
    }

    private static boolean isNonFinite(JsonNode node) {
        return node.isString() && switch (node.stringValue()) {
            case "NaN", "Infinity", "-Infinity" -> true;
            default -> false;
        };
    }

    /** Whether an integer is exactly {@code value}. */
    private static boolean exact(JsonNode integer, double value) {
        return new java.math.BigDecimal(value).toBigIntegerExact().equals(integer.bigIntegerValue());
    }

    private static String join(String path, String field) {
        return path.isEmpty() ? field : path + "." + field;
    }

    private static String shown(JsonNode node) {
        if (node == null || node.isMissingNode()) {
            return "nothing";
        }
        String text = node.toString();
        return (node.isObject() ? "an object " : node.isArray() ? "an array " : "") + (text.length() > 80
                ? text.substring(0, 77) + "..." : text);
    }

    private static IllegalArgumentException wrong(RecordFormat format, String field, String what) {
        return new IllegalArgumentException("field '" + field + "' of format " + format.name() + ": " + what);
    }
}
