package io.sluice.channel.local;

import io.sluice.codec.Codec;
import io.sluice.codec.CodecInput;
import io.sluice.codec.CodecOutput;
import java.util.Objects;

/**
 * A codec that copies a token's bytes as another codec encoded them, under that codec's id: it
 * lets {@link StoreAppender} and {@link StoreCursor} store and read tokens whose classes this
 * process does not have ({@link EncodedChannel}, {@link EncodedChannelReader}). Each token is
 * stored with its length ({@link ExcerptLayout}), so {@link #read} takes every byte the cursor
 * gives it, which are exactly the bytes written. Stateless; any thread.
 */
final class PassThroughCodec implements Codec<PassThroughCodec.Slice> {
    private final String id;

    /** @param id the id of the codec that encoded the bytes, recorded in {@code channel.json} */
    PassThroughCodec(String id) {
        this.id = Objects.requireNonNull(id, "id");
    }

    /**
     * A token's bytes: {@code array[offset, offset + length)}, not copied; the caller does not
     * change them while the slice is being written.
     */
    record Slice(byte[] array, int offset, int length) {}

    @Override
    public String id() {
        return id;
    }

    @Override
    public Class<Slice> type() {
        return Slice.class;
    }

    @Override
    public void write(Slice value, CodecOutput out) {
        out.writeBytes(value.array(), value.offset(), value.length());
    }

    @Override
    public Slice read(CodecInput in) {
        byte[] bytes = new byte[(int) in.remaining()];
        in.readBytes(bytes, 0, bytes.length);
        return new Slice(bytes, 0, bytes.length);
    }

    @Override
    public String toString() {
        return "pass-through codec " + id;
    }
}
