package io.sluice.provenance;

import java.util.Arrays;

/**
 * A growable byte array written and read with unsigned LEB128 varints, the encoding of the
 * firing log ({@link FiringBatch}). Used by one thread at a time.
 */
final class Varints {
    /** The most bytes one varint takes. */
    static final int MAX_VARINT = 10;

    private byte[] bytes;
    private int size;
    private int position;

    Varints(int capacity) {
        this.bytes = new byte[capacity];
    }

    /** Reads {@code source[0, length)}; the array is used as it is, not copied. */
    static Varints reading(byte[] source, int length) {
        Varints v = new Varints(0);
        v.bytes = source;
        v.size = length;
        return v;
    }

    byte[] array() {
        return bytes;
    }

    int size() {
        return size;
    }

    void clear() {
        size = 0;
        position = 0;
    }

    void writeLong(long value) {
        room(MAX_VARINT);
        size = put(bytes, size, value);
    }

    /** A signed value, zigzag-encoded so that small negative numbers stay short. */
    void writeSigned(long value) {
        writeLong(zigzag(value));
    }

    static long zigzag(long value) {
        return (value << 1) ^ (value >> 63);
    }

    /**
     * Makes room for {@code n} more bytes: a writer that knows the most a record can take reserves
     * it once, then writes with {@link #put} into {@link #array()} and sets {@link #size(int)}.
     */
    void room(int n) {
        if (bytes.length - size < n) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + n));
        }
    }

    /** Sets the size after writing with {@link #put}, within the room made. */
    void size(int newSize) {
        size = newSize;
    }

    /** Writes {@code value} as a varint at {@code b[at]}, which must have room; returns where it ends. */
    static int put(byte[] b, int at, long value) {
        while ((value & ~0x7FL) != 0) {
            b[at++] = (byte) ((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        b[at++] = (byte) value;
        return at;
    }

    long readLong() {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (position >= size) {
                throw new IllegalStateException("truncated varint at byte " + position + " of " + size);
            }
            byte b = bytes[position++];
            value |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return value;
            }
        }
        throw new IllegalStateException("malformed varint at byte " + position);
    }

    long readSigned() {
        long v = readLong();
        return (v >>> 1) ^ -(v & 1);
    }

    int readInt() {
        long v = readLong();
        if (v < 0 || v > Integer.MAX_VALUE) {
            throw new IllegalStateException("a count of " + v + " is out of range at byte " + position);
        }
        return (int) v;
    }
}
