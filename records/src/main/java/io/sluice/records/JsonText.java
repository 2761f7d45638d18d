package io.sluice.records;

import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.json.JsonFactory;

/**
 * Stored values as plain JSON, for people and for tools that read JSON: a record is an object of
 * its fields in its format's order; a union's value is shown bare (not wrapped in its branch's
 * name, as Avro's JSON encoding does, which is for machines); bytes are base64; NaN and the
 * infinities, which JSON numbers cannot be, are the strings {@code "NaN"}, {@code "Infinity"} and
 * {@code "-Infinity"}. Stateless and thread-safe.
 */
final class JsonText {
    private static final JsonFactory JSON = new JsonFactory();

    private JsonText() {}

    /** One line of JSON. */
    static String of(Object value) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            write(g, value);
        }
        return out.toString();
    }

    private static void write(JsonGenerator g, Object value) {
        if (value == null) {
            g.writeNull();
        } else if (value instanceof ImmutableRecordValue r) {
            g.writeStartObject();
            for (RecordField f : r.format().fields()) {
                g.writeName(f.name());
                write(g, r.valueAt(f.position()));
            }
            g.writeEndObject();
        } else if (value instanceof String s) {
            g.writeString(s);
        } else if (value instanceof Integer i) {
            g.writeNumber(i);
        } else if (value instanceof Long l) {
            g.writeNumber(l);
        } else if (value instanceof Float f) {
            if (f.isNaN() || f.isInfinite()) {
                g.writeString(f.toString());
            } else {
                g.writeNumber(f);
            }
        } else if (value instanceof Double d) {
            if (d.isNaN() || d.isInfinite()) {
                g.writeString(d.toString());
            } else {
                g.writeNumber(d);
            }
        } else if (value instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (value instanceof ByteBuffer buffer) {
            ByteBuffer b = buffer.duplicate();
            byte[] bytes = new byte[b.remaining()];
            b.get(bytes);
            g.writeBinary(bytes);
        } else if (value instanceof List<?> list) {
            g.writeStartArray();
            for (Object element : list) {
                write(g, element);
            }
            g.writeEndArray();
        } else if (value instanceof Map<?, ?> map) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                g.writeName(e.getKey().toString());
                write(g, e.getValue());
            }
            g.writeEndObject();
        } else {
            g.writeString(value.toString());
        }
    }
}
