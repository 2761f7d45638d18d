package io.sluice.channels;

import io.sluice.codec.CodecOutput;
import net.openhft.chronicle.bytes.Bytes;

/**
 * A {@link CodecOutput} that writes straight into Chronicle {@link Bytes} (the memory-mapped
 * excerpt being written), so a codec's output is not copied on its way to the file. Re-pointed
 * at each excerpt by its one user thread. Before each write it makes sure the file's blocks
 * under it are allocated ({@link QueueFileSpace}), so that a full disk fails the write with an
 * exception instead of a fault.
 */
final class BytesCodecOutput implements CodecOutput {
    private Bytes<?> bytes;
    private QueueFileSpace space;
    private long seq;

    /** Writes into {@code target}, the excerpt of token {@code seq}, reserving space in {@code space}. */
    BytesCodecOutput on(Bytes<?> target, QueueFileSpace space, long seq) {
        this.bytes = target;
        this.space = space;
        this.seq = seq;
        return this;
    }

    private void room(long n) {
        long position = bytes.writePosition();
        if (position + n > space.reservedTo()) {
            space.reserve(seq, position, n);
        }
    }

    @Override
    public void writeByte(int value) {
        room(1);
        bytes.writeByte((byte) value);
    }

    @Override
    public void writeInt(int value) {
        room(4);
        bytes.writeInt(value);
    }

    @Override
    public void writeLong(long value) {
        room(8);
        bytes.writeLong(value);
    }

    @Override
    public void writeDouble(double value) {
        room(8);
        bytes.writeDouble(value);
    }

    @Override
    public void writeBytes(byte[] data, int offset, int length) {
        room(length);
        bytes.write(data, offset, length);
    }

    @Override
    public void writeString(CharSequence value) {
        // A stop-bit length, then at most 3 bytes of UTF-8 per char.
        room(10 + 3L * value.length());
        bytes.writeUtf8(value);
    }
}
