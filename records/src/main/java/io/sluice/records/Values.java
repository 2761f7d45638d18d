package io.sluice.records;

import io.sluice.records.internal.AvroSchemas;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.GenericRecord;

/**
 * The Java values of record fields, as {@link RecordValue} documents them: Boolean, Integer,
 * Long, Float, Double, String (strings and enum symbols), a read-only ByteBuffer (bytes and
 * fixed), an unmodifiable List (arrays), an unmodifiable Map with String keys (maps), a
 * RecordValue (records), and null. Every such value is immutable, so values are shared freely.
 */
final class Values {
    private Values() {}

    /**
     * A value given for a field (or element) of this schema, in its stored form: widened where the
     * widening loses nothing (a Byte, Short or Integer for a long, any number but a BigDecimal for a
     * double), copied where it could change later.
     *
     * @throws IllegalArgumentException naming {@code where} if the value does not fit
     */
    static Object coerce(Schema schema, Object value, Where where) {
        switch (schema.getType()) {
            case NULL:
                if (value == null) {
                    return null;
                }
                break;
            case BOOLEAN:
                if (value instanceof Boolean) {
                    return value;
                }
                break;
            case INT:
                if (value instanceof Integer) {
                    return value;
                } else if (value instanceof Short || value instanceof Byte) {
                    return ((Number) value).intValue();
                }
                break;
            case LONG:
                if (value instanceof Long) {
                    return value;
                } else if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
                    return ((Number) value).longValue();
                }
                break;
            case FLOAT:
                if (value instanceof Float) {
                    return value;
                } else if (value instanceof Short || value instanceof Byte) {
                    return ((Number) value).floatValue();
                }
                break;
            case DOUBLE:
                if (value instanceof Double) {
                    return value;
                } else if (value instanceof Float || value instanceof Long || value instanceof Integer
                        || value instanceof Short || value instanceof Byte) {
                    return ((Number) value).doubleValue();
                }
                break;
            case STRING:
                if (value instanceof CharSequence s) {
                    return s.toString();
                }
                break;
            case BYTES:
                if (value instanceof byte[] || value instanceof ByteBuffer) {
                    return bytes(value);
                }
                break;
            case FIXED:
                if (value instanceof byte[] || value instanceof ByteBuffer) {
                    ByteBuffer b = bytes(value);
                    if (b.remaining() != schema.getFixedSize()) {
                        throw where.wrong(schema, b.remaining() + " bytes");
                    }
                    return b;
                }
                break;
            case ENUM: {
                String symbol = value instanceof Enum<?> e ? e.name() : value instanceof CharSequence s ? s.toString() : null;
                if (symbol != null) {
                    if (!schema.hasEnumSymbol(symbol)) {
                        throw where.wrong(schema, "symbol '" + symbol + "' (its symbols: " + schema.getEnumSymbols() + ")");
                    }
                    return symbol;
                }
                break;
            }
            case ARRAY:
                if (value instanceof Collection<?> c) {
                    List<Object> list = new ArrayList<>(c.size());
                    int i = 0;
                    for (Object element : c) {
                        list.add(coerce(schema.getElementType(), element, where.element(i++)));
                    }
                    return Collections.unmodifiableList(list);
                }
                break;
            case MAP:
                if (value instanceof Map<?, ?> m) {
                    Map<String, Object> map = new LinkedHashMap<>();
                    for (Map.Entry<?, ?> e : m.entrySet()) {
                        if (!(e.getKey() instanceof CharSequence key)) {
                            throw where.wrong(schema, "a map with a key " + e.getKey() + " that is not a string");
                        }
                        map.put(key.toString(), coerce(schema.getValueType(), e.getValue(), where.value(key.toString())));
                    }
                    return Collections.unmodifiableMap(map);
                }
                break;
            case RECORD:
                if (value instanceof RecordValue r) {
                    if (r.format().avroSchema() != schema && !r.format().avroSchema().equals(schema)) {
                        throw where.wrong(schema, "a record of format " + r.format().name() + " that is not this field's ("
                                + "build it with RecordValue.builder(format.nestedFormat(\"" + schema.getName() + "\")))");
                    }
                    return r;
                }
                break;
            case UNION: {
                Schema optional = AvroSchemas.optionalOf(schema);
                if (optional != null) {
                    return value == null ? null : coerce(optional, value, where);
                }
                for (Schema branch : schema.getTypes()) {
                    if (fitsExactly(branch, value)) {
                        return coerce(branch, value, where);
                    }
                }
                for (Schema branch : schema.getTypes()) {
                    try {
                        return coerce(branch, value, where);
                    } catch (IllegalArgumentException e) {
                        // try the next branch
                    }
                }
                break;
            }
            default:
                break;
        }
        throw where.wrong(schema, given(value));
    }

    /** Whether a value is in the stored form of this schema's type (the branch a union writes). */
    static boolean fitsExactly(Schema schema, Object value) {
        switch (schema.getType()) {
            case NULL:
                return value == null;
            case BOOLEAN:
                return value instanceof Boolean;
            case INT:
                return value instanceof Integer;
            case LONG:
                return value instanceof Long;
            case FLOAT:
                return value instanceof Float;
            case DOUBLE:
                return value instanceof Double;
            case STRING:
                return value instanceof String;
            case ENUM:
                return value instanceof String s && schema.hasEnumSymbol(s);
            case BYTES:
                return value instanceof ByteBuffer;
            case FIXED:
                return value instanceof ByteBuffer b && b.remaining() == schema.getFixedSize();
            case ARRAY:
                return value instanceof List;
            case MAP:
                return value instanceof Map;
            case RECORD:
                return value instanceof RecordValue r && r.format().name().equals(schema.getFullName());
            default:
                return false;
        }
    }

    /** The branch of a union that a stored value is written as. */
    static int branch(Schema union, Object value) {
        List<Schema> types = union.getTypes();
        for (int i = 0; i < types.size(); i++) {
            if (fitsExactly(types.get(i), value)) {
                return i;
            }
        }
        throw new IllegalStateException("no branch of " + AvroSchemas.describe(union) + " holds " + value);
    }

    /** A value of Avro's generic representation (GenericData's), in its stored form. */
    static Object fromAvro(Schema schema, Object value, RecordFormat within) {
        switch (schema.getType()) {
            case UNION:
                return fromAvro(schema.getTypes().get(GenericData.get().resolveUnion(schema, value)), value, within);
            case NULL:
                return null;
            case STRING:
            case ENUM:
                return value.toString();
            case BYTES:
                return bytes(value);
            case FIXED:
                return bytes(((GenericFixed) value).bytes());
            case ARRAY: {
                List<Object> list = new ArrayList<>();
                for (Object element : (Collection<?>) value) {
                    list.add(fromAvro(schema.getElementType(), element, within));
                }
                return Collections.unmodifiableList(list);
            }
            case MAP: {
                Map<String, Object> map = new LinkedHashMap<>();
                for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
                    map.put(e.getKey().toString(), fromAvro(schema.getValueType(), e.getValue(), within));
                }
                return Collections.unmodifiableMap(map);
            }
            case RECORD: {
                GenericRecord record = (GenericRecord) value;
                Object[] values = new Object[schema.getFields().size()];
                for (Schema.Field f : schema.getFields()) {
                    values[f.pos()] = fromAvro(f.schema(), record.get(f.pos()), within);
                }
                return new ImmutableRecordValue(within.formatOf(schema), values);
            }
            default:
                return value; // Boolean, Integer, Long, Float, Double
        }
    }

    /** A read-only copy of bytes. */
    static ByteBuffer bytes(Object value) {
        byte[] copy;
        if (value instanceof byte[] b) {
            copy = b.clone();
        } else {
            ByteBuffer b = ((ByteBuffer) value).duplicate();
            copy = new byte[b.remaining()];
            b.get(copy);
        }
        return ByteBuffer.wrap(copy).asReadOnlyBuffer();
    }

    /** A value given, for messages. */
    private static String given(Object value) {
        if (value == null) {
            return "null";
        } else if (value instanceof RecordValue r) {
            return "a record of format " + r.format().name();
        } else if (value instanceof Number || value instanceof Boolean || value instanceof CharSequence) {
            return value.getClass().getSimpleName() + " " + JsonText.of(value instanceof CharSequence s ? s.toString() : value);
        }
        return "a " + value.getClass().getName();
    }

    /** Where a value goes, for messages: a field of a format, then elements and map values within it. */
    static final class Where {
        private final RecordFormat format;
        private final String path;

        private Where(RecordFormat format, String path) {
            this.format = format;
            this.path = path;
        }

        static Where field(RecordFormat format, String field) {
            return new Where(format, field);
        }

        Where element(int index) {
            return new Where(format, path + "[" + index + "]");
        }

        Where value(String key) {
            return new Where(format, path + "{" + key + "}");
        }

        IllegalArgumentException wrong(Schema expected, String given) {
            return new IllegalArgumentException("field '" + path + "' of format " + format.name() + " is "
                    + AvroSchemas.describe(expected) + "; it cannot hold " + given);
        }
    }
}
