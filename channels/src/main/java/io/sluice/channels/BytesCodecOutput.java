package io.sluice.channels;

import io.sluice.codec.CodecOutput;
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

    @Override
    public void writeString(CharSequence value) {
        bytes.writeUtf8(value);
    }
}
