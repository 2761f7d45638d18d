package io.sluice.records;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;

/**
 * What the code compiled by {@link DecoderSource} extends: a position in one record's bytes and
 * the reads of Avro's binary encoding on it, small enough for the JIT to inline into the generated
 * methods. A read takes only the ordinary, canonical encodings; anything else (bytes that end
 * early, a varint longer than its type, a boolean byte other than 0 or 1, a length beyond the end)
 * throws {@link Declined}, and the resolver reads those bytes again with the interpreted resolver,
 * which gives the value or the error. One instance per record read, used by one thread.
 */
abstract class DecodeCursor {
    private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** The bytes, the next one to read, and the end of the record (exclusive). */
    protected byte[] buf;
    protected int pos;
    protected int limit;

    protected DecodeCursor(byte[] buf, int pos, int limit) {
        this.buf = buf;
        this.pos = pos;
        this.limit = limit;
    }

    /** Bytes that the generated code does not read itself: the interpreted resolver reads them again. */
    static final class Declined extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Declined() {
            super(null, null, false, false);
        }
    }

    protected static Declined declined() {
        return new Declined();
    }

    /** A value the reader cannot take (a union branch it has no match for): declined, never returned. */
    protected static Object declinedValue() {
        throw declined();
    }

    /** Fails unless every byte of the record was read. */
    protected final void end() {
        if (pos != limit) {
            throw declined();
        }
    }

    protected final int readInt() {
        byte[] b = buf;
        int p = pos;
        int l = limit;
        if (p >= l) {
            throw declined();
        }
        int x = b[p++];
        int n = x & 0x7f;
        int shift = 7;
        while (x < 0) {
            if (p >= l || shift > 28) {
                throw declined();
            }
            x = b[p++];
            if (shift == 28 && (x & 0xff) > 0x0f) {
                throw declined();
            }
            n |= (x & 0x7f) << shift;
            shift += 7;
        }
        pos = p;
        return (n >>> 1) ^ -(n & 1);
    }

    protected final long readLong() {
        byte[] b = buf;
        int p = pos;
        int l = limit;
        if (p >= l) {
            throw declined();
        }
        long x = b[p++];
        long n = x & 0x7f;
        int shift = 7;
        while (x < 0) {
            if (p >= l || shift > 63) {
                throw declined();
            }
            x = b[p++];
            if (shift == 63 && (x & 0xff) > 1) {
                throw declined();
            }
            n |= (x & 0x7f) << shift;
            shift += 7;
        }
        pos = p;
        return (n >>> 1) ^ -(n & 1);
    }

    protected final float readFloat() {
        int p = pos;
        if (limit - p < 4) {
            throw declined();
        }
        pos = p + 4;
        return Float.intBitsToFloat((int) INT_LE.get(buf, p));
    }

    protected final double readDouble() {
        int p = pos;
        if (limit - p < 8) {
            throw declined();
        }
        pos = p + 8;
        return Double.longBitsToDouble((long) LONG_LE.get(buf, p));
    }

    protected final boolean readBoolean() {
        int p = pos;
        if (p >= limit) {
            throw declined();
        }
        byte b = buf[p];
        if ((b & ~1) != 0) {
            throw declined();
        }
        pos = p + 1;
        return b == 1;
    }

    /** The length of a string or bytes, checked against the bytes left. */
    private int length() {
        int n = readInt();
        if (n < 0 || n > limit - pos) {
            throw declined();
        }
        return n;
    }

    protected final String readString() {
        int n = length();
        int p = pos;
        pos = p + n;
        return n == 0 ? "" : new String(buf, p, n, StandardCharsets.UTF_8);
    }

    protected final byte[] readByteArray() {
        int n = length();
        int p = pos;
        pos = p + n;
        return Arrays.copyOfRange(buf, p, p + n);
    }

    /** Bytes as they are stored in a record value: a read-only buffer of a copy. */
    protected final ByteBuffer readBuffer() {
        return ByteBuffer.wrap(readByteArray()).asReadOnlyBuffer();
    }

    protected final ByteBuffer readFixed(int size) {
        int p = pos;
        if (limit - p < size) {
            throw declined();
        }
        pos = p + size;
        return ByteBuffer.wrap(Arrays.copyOfRange(buf, p, p + size)).asReadOnlyBuffer();
    }

    /** A union's branch or an enum's symbol: an index below {@code bound}. */
    protected final int readIndex(int bound) {
        int i = readInt();
        if (i < 0 || i >= bound) {
            throw declined();
        }
        return i;
    }

    protected final void skip(long n) {
        if (n < 0 || n > limit - pos) {
            throw declined();
        }
        pos += (int) n;
    }

    protected final void skipBytes() {
        skip(length());
    }

    /**
     * The count of the next block of an array or a map, 0 at the end; a block whose count the bytes
     * left cannot hold at {@code minBytes} an element is declined.
     */
    protected final int blockCount(int minBytes) {
        long n = readLong();
        if (n < 0) {
            n = -n;
            if (readLong() < 0) { // the block's size in bytes, which Avro refuses negative
                throw declined();
            }
        }
        if (n < 0 || n > (limit - pos) / minBytes) {
            throw declined();
        }
        return (int) n;
    }

    /**
     * Skips an array or a map of the given element skip: blocks with their size in bytes skip at
     * once; other blocks give their count, for the caller to skip the elements one by one.
     */
    protected final int skipBlock(int minBytes) {
        long n = readLong();
        if (n < 0) {
            long size = readLong();
            if (size < 0) {
                throw declined();
            }
            skip(size);
            return -1;
        }
        if (n > (limit - pos) / minBytes) {
            throw declined();
        }
        return (int) n;
    }

    /** A record value of the reader's format ({@link RecordFormat}) with its stored values. */
    protected static Object newValue(Object format, Object[] values) {
        return new ImmutableRecordValue((RecordFormat) format, values);
    }

    /** A value read by the interpreted resolver's reader for it ({@link InterpretedRecordResolver.Node}). */
    protected final Object interpreted(Object node) throws java.io.IOException {
        BinaryDecoder in = DecoderFactory.get().binaryDecoder(buf, pos, limit - pos, null);
        Object value = ((InterpretedRecordResolver.Node) node).read(in);
        pos = limit - in.remainingBytes();
        return value;
    }

    /** A value of the writer's schema skipped by Avro's skipping. */
    protected final void skipInterpreted(Object schema) throws java.io.IOException {
        BinaryDecoder in = DecoderFactory.get().binaryDecoder(buf, pos, limit - pos, null);
        GenericDatumReader.skip((Schema) schema, in);
        pos = limit - in.remainingBytes();
    }
}
