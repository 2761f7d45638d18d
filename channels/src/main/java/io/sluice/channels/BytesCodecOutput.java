package io.sluice.channels;

import io.sluice.codec.CodecOutput;
import java.nio.charset.StandardCharsets;
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

    /** Writes into {@code target}, a buffer that is not a queue file (nothing to reserve). */
    BytesCodecOutput on(Bytes<?> target) {
        this.bytes = target;
        this.space = null;
        return this;
    }

    private void room(long n) {
        if (space == null) {
            return;
        }
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

    /**
     * A stop-bit header {@code length << 1 | wide}, then, if every char fits in a byte (Latin-1,
     * the common case for words), one byte per char copied in bulk, else every UTF-16 unit as is
     * (lossless, unpaired surrogates included). Decoding a narrow string is one array copy.
     */
    @Override
    public void writeString(CharSequence value) {
        String s = value.toString();
        int n = s.length();
        // A stop-bit header (at most 10 bytes), then at most 2 bytes per char.
        room(10 + 2L * n);
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
