package io.sluice.channels;

import io.sluice.codec.CodecOutput;
import java.nio.charset.StandardCharsets;
import net.openhft.chronicle.bytes.Bytes;

/**
 * A {@link CodecOutput} that writes straight into Chronicle {@link Bytes} (the memory-mapped
 * excerpt being written), so a codec's output is not copied on its way to the file. Re-pointed
 * at each excerpt by its one user thread.
 */
final class BytesCodecOutput implements CodecOutput {
    private Bytes<?> bytes;

    BytesCodecOutput on(Bytes<?> target) {
        this.bytes = target;
        return this;
    }

    @Override
    public void writeByte(int value) {
        bytes.writeByte((byte) value);
    }

    @Override
    public void writeInt(int value) {
        bytes.writeInt(value);
    }

    @Override
    public void writeLong(long value) {
        bytes.writeLong(value);
    }

    @Override
    public void writeDouble(double value) {
        bytes.writeDouble(value);
    }

    @Override
    public void writeBytes(byte[] data, int offset, int length) {
        bytes.write(data, offset, length);
    }

    /**
     * A stop-bit header {@code length << 1 | wide}, then, if every char fits in a byte (Latin-1,
     * the common case for words), one byte per char copied in bulk, else every UTF-16 unit as is
     * (lossless, unpaired surrogates included). Decoding a narrow string is one array copy.
     */
    @Override
    public void writeString(CharSequence value) {
        String s = value.toString();
        int n = s.length();
        boolean narrow = true;
        for (int i = 0; i < n && narrow; i++) {
            narrow = s.charAt(i) <= 0xFF;
        }
        if (narrow) {
            bytes.writeStopBit((long) n << 1);
            bytes.write(s.getBytes(StandardCharsets.ISO_8859_1));
        } else {
            bytes.writeStopBit(((long) n << 1) | 1);
            for (int i = 0; i < n; i++) {
                bytes.writeUnsignedShort(s.charAt(i));
            }
        }
    }
}
