package io.sluice.records;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;

/**
 * Avro's binary encoding of stored values, written straight from them. Stored values fit their
 * schema by construction, so writing fails only on the stream.
 */
final class ValueWriter {
    /**
     * Avro's buffered encoder, with a buffer of 128 bytes rather than its default 2 KiB: an encoder
     * is made per record, and most records are far smaller; a longer one flushes as it goes. The
     * factory is configured once here and never changed.
     */
    private static final EncoderFactory ENCODERS = new EncoderFactory().configureBufferSize(128);

    private ValueWriter() {}

    static byte[] encode(ImmutableRecordValue record) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(64);
        try {
            encode(record, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array stream does not fail
        }
        return out.toByteArray();
    }

    static void encode(ImmutableRecordValue record, OutputStream out) throws IOException {
        BinaryEncoder encoder = ENCODERS.binaryEncoder(out, null);
        writeRecord(record.format().avroSchema(), record, encoder);
        encoder.flush();
    }

    private static void writeRecord(Schema schema, ImmutableRecordValue record, BinaryEncoder out) throws IOException {
        for (Schema.Field field : schema.getFields()) {
            write(field.schema(), record.valueAt(field.pos()), out);
        }
    }

    private static void write(Schema schema, Object value, BinaryEncoder out) throws IOException {
        switch (schema.getType()) {
            case NULL:
                out.writeNull();
                break;
            case BOOLEAN:
                out.writeBoolean((Boolean) value);
                break;
            case INT:
                out.writeInt((Integer) value);
                break;
            case LONG:
                out.writeLong((Long) value);
                break;
            case FLOAT:
                out.writeFloat((Float) value);
                break;
            case DOUBLE:
                out.writeDouble((Double) value);
                break;
            case STRING:
                out.writeString((String) value);
                break;
            case BYTES:
                out.writeBytes(((ByteBuffer) value).duplicate());
                break;
            case FIXED: {
                ByteBuffer b = ((ByteBuffer) value).duplicate();
                byte[] bytes = new byte[b.remaining()];
                b.get(bytes);
                out.writeFixed(bytes);
                break;
            }
            case ENUM:
                out.writeEnum(schema.getEnumOrdinal((String) value));
                break;
            case ARRAY: {
                List<?> list = (List<?>) value;
                out.writeArrayStart();
                out.setItemCount(list.size());
                for (Object element : list) {
                    out.startItem();
                    write(schema.getElementType(), element, out);
                }
                out.writeArrayEnd();
                break;
            }
            case MAP: {
                Map<?, ?> map = (Map<?, ?>) value;
                out.writeMapStart();
                out.setItemCount(map.size());
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    out.startItem();
                    out.writeString((String) e.getKey());
                    write(schema.getValueType(), e.getValue(), out);
                }
                out.writeMapEnd();
                break;
            }
            case RECORD:
                writeRecord(schema, (ImmutableRecordValue) value, out);
                break;
            case UNION: {
                int branch = Values.branch(schema, value);
                out.writeIndex(branch);
                write(schema.getTypes().get(branch), value, out);
                break;
            }
            default:
                throw new IllegalStateException("unexpected type " + schema.getType());
        }
    }
}
