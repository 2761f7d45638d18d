package io.sluice.channels;

import io.sluice.codec.CodecException;
import io.sluice.codec.CodecInput;
import java.nio.BufferUnderflowException;
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

    @Override
    public String readString() {
        try {
            String s = bytes.readUtf8();
            if (s == null) {
                throw new CodecException("expected a string, found a null marker");
            }
            return s;
        } catch (BufferUnderflowException | IllegalStateException e) {
            throw new CodecException("malformed string: " + e.getMessage(), e);
        }
    }

    @Override
    public long remaining() {
        return bytes.readRemaining();
    }
}
