package io.sluice.records;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** The record value: its format and its fields' stored values, by position. */
final class ImmutableRecordValue implements RecordValue {
    private final RecordFormat format;
    private final Object[] values;

    /** Takes the array, whose values must be in their stored form (see {@link Values}). */
    ImmutableRecordValue(RecordFormat format, Object[] values) {
        this.format = format;
        this.values = values;
    }

    /** A field's stored value, by position, without a copy. */
    Object valueAt(int position) {
        return values[position];
    }

    @Override
    public RecordFormat format() {
        return format;
    }

    @Override
    public Object get(String field) {
        Object value = values[format.field(field).position()];
        return value instanceof ByteBuffer b ? b.duplicate() : value;
    }

    private Object present(String field, String kind) {
        Object value = values[format.field(field).position()];
        if (value == null) {
            throw new NullPointerException("field '" + field + "' of format " + format.name() + " is null; it has no " + kind);
        }
        return value;
    }

    private IllegalArgumentException notA(String field, String kind) {
        return new IllegalArgumentException("field '" + field + "' of format " + format.name() + " is "
                + format.field(field).type() + ", not " + kind);
    }

    @Override
    public boolean getBoolean(String field) {
        if (present(field, "boolean") instanceof Boolean b) {
            return b;
        }
        throw notA(field, "a boolean");
    }

    @Override
    public int getInt(String field) {
        if (present(field, "int") instanceof Integer i) {
            return i;
        }
        throw notA(field, "an int");
    }

    @Override
    public long getLong(String field) {
        Object value = present(field, "long");
        if (value instanceof Long || value instanceof Integer) {
            return ((Number) value).longValue();
        }
        throw notA(field, "an int or a long");
    }

    @Override
    public float getFloat(String field) {
        if (present(field, "float") instanceof Float f) {
            return f;
        }
        throw notA(field, "a float");
    }

    @Override
    public double getDouble(String field) {
        Object value = present(field, "double");
        if (value instanceof Double || value instanceof Float || value instanceof Long || value instanceof Integer) {
            return ((Number) value).doubleValue();
        }
        throw notA(field, "a number");
    }

    @Override
    public String getString(String field) {
        Object value = values[format.field(field).position()];
        if (value == null || value instanceof String) {
            return (String) value;
        }
        throw notA(field, "a string or an enum");
    }

    @Override
    public byte[] getBytes(String field) {
        Object value = values[format.field(field).position()];
        if (value == null) {
            return null;
        }
        if (value instanceof ByteBuffer b) {
            ByteBuffer d = b.duplicate();
            byte[] copy = new byte[d.remaining()];
            d.get(copy);
            return copy;
        }
        throw notA(field, "bytes");
    }

    @Override
    public RecordValue getRecord(String field) {
        Object value = values[format.field(field).position()];
        if (value == null || value instanceof RecordValue) {
            return (RecordValue) value;
        }
        throw notA(field, "a record");
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<Object> getList(String field) {
        Object value = values[format.field(field).position()];
        if (value == null || value instanceof List) {
            return (List<Object>) value;
        }
        throw notA(field, "an array");
    }

    @Override
    @SuppressWarnings("unchecked")
    public Map<String, Object> getMap(String field) {
        Object value = values[format.field(field).position()];
        if (value == null || value instanceof Map) {
            return (Map<String, Object>) value;
        }
        throw notA(field, "a map");
    }

    @Override
    public RecordValue with(String field, Object value) {
        RecordField f = format.field(field);
        Object[] copy = values.clone();
        copy[f.position()] = Values.coerce(f.avroField().schema(), value, Values.Where.field(format, field));
        return new ImmutableRecordValue(format, copy);
    }

    @Override
    public String toJson() {
        return JsonText.of(this);
    }

    @Override
    public boolean equals(Object o) {
        return o == this || (o instanceof ImmutableRecordValue other && format.equals(other.format)
                && Arrays.equals(values, other.values));
    }

    @Override
    public int hashCode() {
        return 31 * format.hashCode() + Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return toJson();
    }

    /** The builder: values set so far, by position. */
    static final class ValueBuilder implements RecordValue.Builder {
        private final RecordFormat format;
        private final Object[] values;
        private final boolean[] set;

        ValueBuilder(RecordFormat format) {
            this.format = java.util.Objects.requireNonNull(format, "format");
            this.values = new Object[format.fields().size()];
            this.set = new boolean[values.length];
        }

        @Override
        public Builder set(String field, Object value) {
            RecordField f = format.field(field);
            values[f.position()] = Values.coerce(f.avroField().schema(), value, Values.Where.field(format, field));
            set[f.position()] = true;
            return this;
        }

        @Override
        public RecordValue build() {
            Object[] built = values.clone();
            List<String> missing = new ArrayList<>();
            for (RecordField f : format.fields()) {
                if (!set[f.position()]) {
                    if (f.hasDefault()) {
                        built[f.position()] = f.storedDefault();
                    } else {
                        missing.add(f.name() + " (" + f.type() + ")");
                    }
                }
            }
            if (!missing.isEmpty()) {
                throw new IllegalStateException("a record of format " + format.name() + " needs a value for "
                        + String.join(", ", missing) + ": " + (missing.size() == 1 ? "it has" : "they have") + " no default");
            }
            return new ImmutableRecordValue(format, built);
        }
    }

}
