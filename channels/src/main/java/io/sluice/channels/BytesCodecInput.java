package io.sluice.channels;

import io.sluice.codec.CodecException;
import io.sluice.codec.CodecInput;
import java.nio.BufferUnderflowException;
import java.nio.charset.StandardCharsets;
import net.openhft.chronicle.bytes.Bytes;

/**
 * A {@link CodecInput} that reads straight from Chronicle {@link Bytes} (the memory-mapped
 * excerpt being read). Re-pointed at each excerpt by its one user thread. Reading past the end of
 * the excerpt throws {@link CodecException}.
 */
final class BytesCodecInput implements CodecInput {
    private Bytes<?> bytes;

    BytesCodecInput on(Bytes<?> source) {
        this.bytes = source;
        return this;
    }

    private void need(long n) {
        if (bytes.readRemaining() < n) {
            throw new CodecException("needed " + n + " more bytes, only " + bytes.readRemaining() + " left");
        }
    }

    @Override
    public byte readByte() {
        need(1);
        return bytes.readByte();
    }

    @Override
    public int readInt() {
        need(4);
        return bytes.readInt();
    }

    @Override
    public long readLong() {
        need(8);
        return bytes.readLong();
    }

    @Override
    public double readDouble() {
        need(8);
        return bytes.readDouble();
    }

    @Override
    public void readBytes(byte[] data, int offset, int length) {
        need(length);
        bytes.read(data, offset, length);
    }

    /** Reads what {@link BytesCodecOutput#writeString} wrote. */
    @Override
    public String readString() {
        long header;
        try {
            header = bytes.readStopBit();
        } catch (BufferUnderflowException | IllegalStateException e) {
            throw new CodecException("malformed string length: " + e.getMessage(), e);
        }
        long n = header >>> 1;
        boolean wide = (header & 1) != 0;
        if (header < 0 || n > Integer.MAX_VALUE || (wide ? 2 * n : n) > bytes.readRemaining()) {
            throw new CodecException("a string of " + n + " chars does not fit in the " + bytes.readRemaining() + " bytes left");
        }
        if (!wide) {
            byte[] latin1 = new byte[(int) n];
            bytes.read(latin1);
            return new String(latin1, StandardCharsets.ISO_8859_1);
        }
        char[] chars = new char[(int) n];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = (char) bytes.readUnsignedShort();
        }
        return new String(chars);
    }

    @Override
    public long remaining() {
        return bytes.readRemaining();
    }
}
