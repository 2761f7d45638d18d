package io.sluice.channel.local;

import io.sluice.codec.CodecException;
import io.sluice.codec.CodecOutput;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A {@link CodecOutput} that encodes into a growable array on the heap, little-endian: the
 * batch of tokens a {@link StoreAppender} is about to append as one excerpt. Encoding on the heap
 * keeps codecs off the memory-mapped file (each excerpt is then one bulk copy, and its checksum is
 * computed over an array). Used by one thread at a time.
 */
final class HeapCodecOutput implements CodecOutput {
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** Strings of at least this many chars are narrowed by {@link #latin1}. */
    private static final int ENCODER_FROM = 64;

    private byte[] bytes;
    private int size;
    /** The chars of the string being written; grows to the longest string. */
    private char[] chars = new char[64];
    /** Made for the first long string. */
    private CharsetEncoder latin1;

    HeapCodecOutput(int initialCapacity) {
        this.bytes = new byte[initialCapacity];
    }

    /** The bytes written so far are {@code array()[0, size())}. */
    byte[] array() {
        return bytes;
    }

    int size() {
        return size;
    }

    /** Drops every byte from {@code newSize} on; also moves the write position back to it. */
    void truncate(int newSize) {
        size = newSize;
    }

    private void room(int n) {
        if (bytes.length - size < n) {
            long wanted = Math.max((long) size + n, 2L * bytes.length);
            if ((long) size + n > Integer.MAX_VALUE - 16) {
                throw new OutOfMemoryError("a batch of tokens cannot exceed 2 GiB");
            }
            bytes = Arrays.copyOf(bytes, (int) Math.min(wanted, Integer.MAX_VALUE - 16));
        }
    }

    /** Leaves {@code n} bytes to be filled in later (with {@link #putInt} and the like). */
    void skip(int n) {
        room(n);
        size += n;
    }

    void putByte(int at, byte value) {
        bytes[at] = value;
    }

    void putInt(int at, int value) {
        INT.set(bytes, at, value);
    }

    void putLong(int at, long value) {
        LONG.set(bytes, at, value);
    }

    /** Writes {@code value} as an unsigned LEB128 varint at {@code at}; returns the bytes used. */
    int putVarint(int at, int value) {
        int n = 0;
        while ((value & ~0x7F) != 0) {
            bytes[at + n++] = (byte) ((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        bytes[at + n++] = (byte) value;
        return n;
    }

    /** How many bytes {@link #putVarint} uses for {@code value}. */
    static int varintSize(int value) {
        int n = 1;
        while ((value & ~0x7F) != 0) {
            n++;
            value >>>= 7;
        }
        return n;
    }

    /**
     * Moves {@code bytes[from, from + length)} to {@code to}, up or down, growing the array if
     * needed; the write position then follows the moved bytes.
     */
    void move(int from, int to, int length) {
        if (to + length > size) {
            room(to + length - size);
        }
        System.arraycopy(bytes, from, bytes, to, length);
        size = to + length;
    }

    @Override
    public void writeByte(int value) {
        room(1);
        bytes[size++] = (byte) value;
    }

    @Override
    public void writeInt(int value) {
        room(4);
        INT.set(bytes, size, value);
        size += 4;
    }

    @Override
    public void writeLong(long value) {
        room(8);
        LONG.set(bytes, size, value);
        size += 8;
    }

    @Override
    public void writeDouble(double value) {
        writeLong(Double.doubleToRawLongBits(value));
    }

    @Override
    public void writeBytes(byte[] data, int offset, int length) {
        room(length);
        System.arraycopy(data, offset, bytes, size, length);
        size += length;
    }

    /**
     * A varint header {@code length << 1 | wide}, then, if every char fits in a byte (Latin-1,
     * the common case for words), one byte per char, else every UTF-16 unit as is, little-endian
     * (lossless, unpaired surrogates included). A {@code String} the JVM stores one byte per char
     * ({@link Latin1Strings}) is copied as is, in one bulk copy. Otherwise the chars are copied
     * out once, into an array; a long string is narrowed by the JDK's Latin-1 encoder, whose loop
     * is vectorised and stops at the first wider char, a short one by a plain loop (the encoder's
     * set-up would cost more).
     */
    @Override
    public void writeString(CharSequence value) {
        int n = value.length();
        if (n > (Integer.MAX_VALUE >> 2)) {
            throw new CodecException("a string of " + n + " chars is too long to encode");
        }
        if (value instanceof String s && Latin1Strings.isKnownLatin1(s)) {
            room(varintSize(n << 1) + n);
            size += putVarint(size, n << 1);
            Latin1Strings.copy(s, bytes, size);
            size += n;
            return;
        }
        if (chars.length < n) {
            chars = new char[Math.max(n, 2 * chars.length)];
        }
        char[] c = chars;
        if (value instanceof String s) {
            s.getChars(0, n, c, 0);
        } else {
            for (int i = 0; i < n; i++) {
                c[i] = value.charAt(i);
            }
        }
        // The header's size does not depend on the wide bit, so the chars can go in first.
        int header = varintSize(n << 1);
        room(header + 2 * n);
        int at = size + header;
        boolean wide = n < ENCODER_FROM ? !narrow(c, n, bytes, at) : !encoder().encode(CharBuffer.wrap(c, 0, n),
                ByteBuffer.wrap(bytes, at, n), true).isUnderflow();
        putVarint(size, wide ? (n << 1) | 1 : n << 1);
        if (wide) {
            byte[] b = bytes;
            for (int i = 0; i < n; i++) {
                b[at++] = (byte) c[i];
                b[at++] = (byte) (c[i] >>> 8);
            }
        } else {
            at += n;
        }
        size = at;
    }

    /** Writes the low byte of each of {@code c[0, n)} from {@code b[at]} on; false if some char does not fit in one. */
    private static boolean narrow(char[] c, int n, byte[] b, int at) {
        int all = 0;
        for (int i = 0; i < n; i++) {
            all |= c[i];
            b[at + i] = (byte) c[i];
        }
        return all <= 0xFF;
    }

    private CharsetEncoder encoder() {
        if (latin1 == null) {
            latin1 = StandardCharsets.ISO_8859_1.newEncoder();
        }
        return latin1.reset();
    }
}
