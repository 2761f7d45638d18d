package io.sluice.channel.local;

import io.sluice.codec.CodecException;
import io.sluice.codec.CodecInput;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * A {@link CodecInput} over a range of an array on the heap: one token of a batch a
 * {@link StoreCursor} copied out of the queue file. Reads what {@link HeapCodecOutput} wrote;
 * reading past the end of the range throws {@link CodecException}. Used by one thread at a time.
 */
final class HeapCodecInput implements CodecInput {
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private byte[] bytes = new byte[0];
    private int position;
    private int limit;

    /** Reads {@code bytes[from, to)}. */
    HeapCodecInput on(byte[] source, int from, int to) {
        this.bytes = source;
        this.position = from;
        this.limit = to;
        return this;
    }

    /** Where the next read starts. */
    int position() {
        return position;
    }

    private void need(long n) {
        if (limit - position < n) {
            throw new CodecException("needed " + n + " more bytes, only " + (limit - position) + " left");
        }
    }

    @Override
    public byte readByte() {
        need(1);
        return bytes[position++];
    }

    @Override
    public int readInt() {
        need(4);
        int v = (int) INT.get(bytes, position);
        position += 4;
        return v;
    }

    @Override
    public long readLong() {
        need(8);
        long v = (long) LONG.get(bytes, position);
        position += 8;
        return v;
    }

    @Override
    public double readDouble() {
        return Double.longBitsToDouble(readLong());
    }

    @Override
    public void readBytes(byte[] data, int offset, int length) {
        need(length);
        System.arraycopy(bytes, position, data, offset, length);
        position += length;
    }

    /** An unsigned LEB128 varint of at most 5 bytes. */
    int readVarint() {
        int value = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            byte b = readByte();
            value |= (b & 0x7F) << shift;
            if (b >= 0) {
                return value;
            }
        }
        throw new CodecException("malformed varint: more than 5 bytes");
    }

    /** Reads what {@link HeapCodecOutput#writeString} wrote. */
    @Override
    public String readString() {
        int header = readVarint();
        int n = header >>> 1;
        boolean wide = (header & 1) != 0;
        long length = wide ? 2L * n : n;
        if (length > limit - position) {
            throw new CodecException("a string of " + n + " chars does not fit in the " + (limit - position) + " bytes left");
        }
        String s;
        if (!wide) {
            s = new String(bytes, position, n, StandardCharsets.ISO_8859_1);
        } else {
            char[] chars = new char[n];
            for (int i = 0, at = position; i < n; i++, at += 2) {
                chars[i] = (char) ((bytes[at] & 0xFF) | (bytes[at + 1] & 0xFF) << 8);
            }
            s = new String(chars);
        }
        position += (int) length;
        return s;
    }

    @Override
    public long remaining() {
        return limit - position;
    }
}
