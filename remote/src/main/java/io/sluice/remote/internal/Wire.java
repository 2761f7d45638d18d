package io.sluice.remote.internal;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/**
 * How frames and their fields are laid out (protocol version 2): a 12-byte header, big-endian
 * numbers, strings as an unsigned 16-bit length and UTF-8, token lengths as unsigned LEB128
 * varints. See {@code docs/remote-protocol.md}.
 */
public final class Wire {
    /** The first two bytes of every frame: "SL". */
    public static final int MAGIC = 0x534C;
    /**
     * The protocol versions this implementation speaks: 2 only. Version 2 added the SERVICE and
     * FORMAT frames; a side of version 1 is refused in the handshake with an error naming both.
     */
    public static final int MIN_VERSION = 2;
    public static final int MAX_VERSION = 2;
    /** magic (2) | version (1) | type (1) | stream (4) | payload length (4). */
    public static final int HEADER = 12;
    /** The largest payload accepted before the handshake has agreed on one. */
    public static final int HANDSHAKE_MAX_FRAME = 16 << 10;
    /** The largest payload either side may ask for. */
    public static final int MAX_FRAME_LIMIT = 16 << 20;
    /** The payload size a side asks for unless told otherwise. */
    public static final int DEFAULT_MAX_FRAME = 1 << 20;
    /** The longest string field, in UTF-8 bytes. */
    public static final int MAX_STRING = 0xFFFF;

    private Wire() {}

    /** Writes {@code s} as an unsigned 16-bit length and its UTF-8 bytes. */
    public static void writeString(ByteBuf out, String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > MAX_STRING) {
            throw new IllegalArgumentException("a string of " + bytes.length + " bytes is longer than " + MAX_STRING);
        }
        out.writeShort(bytes.length);
        out.writeBytes(bytes);
    }

    /**
     * Reads a string written by {@link #writeString}.
     *
     * @throws MalformedFrameException if the buffer ends inside it
     */
    public static String readString(ByteBuf in, String field) {
        int n = readUnsignedShort(in, field);
        need(in, n, field);
        String s = in.toString(in.readerIndex(), n, StandardCharsets.UTF_8);
        in.skipBytes(n);
        return s;
    }

    public static int readUnsignedByte(ByteBuf in, String field) {
        need(in, 1, field);
        return in.readUnsignedByte();
    }

    public static int readUnsignedShort(ByteBuf in, String field) {
        need(in, 2, field);
        return in.readUnsignedShort();
    }

    public static int readInt(ByteBuf in, String field) {
        need(in, 4, field);
        return in.readInt();
    }

    public static long readLong(ByteBuf in, String field) {
        need(in, 8, field);
        return in.readLong();
    }

    /** Writes {@code value} (not negative) as an unsigned LEB128 varint. */
    public static void writeVarint(ByteBuf out, int value) {
        while ((value & ~0x7F) != 0) {
            out.writeByte((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        out.writeByte(value);
    }

    /** The bytes {@link #writeVarint} takes for {@code value}. */
    public static int varintSize(int value) {
        int n = 1;
        while ((value & ~0x7F) != 0) {
            value >>>= 7;
            n++;
        }
        return n;
    }

    /**
     * Reads an unsigned LEB128 varint of at most 31 bits.
     *
     * @throws MalformedFrameException if it is longer, negative, or the buffer ends inside it
     */
    public static int readVarint(ByteBuf in, String field) {
        int value = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            need(in, 1, field);
            int b = in.readUnsignedByte();
            value |= (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                if (value < 0 || (shift == 28 && b > 0x07)) {
                    throw new MalformedFrameException(field + " is too large");
                }
                return value;
            }
        }
        throw new MalformedFrameException(field + " is a varint longer than 5 bytes");
    }

    /** @throws MalformedFrameException if the payload is not used up, naming the frame */
    public static void expectEnd(ByteBuf in, FrameType type) {
        if (in.isReadable()) {
            throw new MalformedFrameException(in.readableBytes() + " unexpected bytes at the end of a " + type + " frame");
        }
    }

    private static void need(ByteBuf in, int n, String field) {
        if (in.readableBytes() < n) {
            throw new MalformedFrameException("the frame ends inside " + field);
        }
    }

    /**
     * The token type an OPEN names for {@code type}: the codec's stored type where its family
     * names one for all its types (records of any version of a format), so that ends of
     * different versions open the same channel; else the type's name.
     */
    public static String storedType(Class<?> type, io.sluice.codec.Codec<?> codec) {
        String stored = codec.storedType();
        return stored.equals(codec.type().getName()) ? type.getName() : stored;
    }
}
