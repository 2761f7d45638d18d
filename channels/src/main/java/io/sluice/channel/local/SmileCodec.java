package io.sluice.channel.local;

import io.sluice.codec.Codec;
import io.sluice.codec.CodecException;
import io.sluice.codec.CodecInput;
import io.sluice.codec.CodecOutput;
import tools.jackson.core.JacksonException;
import tools.jackson.dataformat.smile.SmileMapper;

/**
 * Records and plain Java objects as Jackson's binary JSON, Smile: a length, then the Smile
 * document. Unlike the built-in codecs this serialises through a byte array. One instance per
 * value type; the mapper is shared, immutable and thread-safe.
 */
final class SmileCodec<T> implements Codec<T> {
    static final String ID = "smile";
    private static final SmileMapper MAPPER = SmileMapper.builder().build();

    private final Class<T> type;

    SmileCodec(Class<T> type) {
        this.type = type;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Class<T> type() {
        return type;
    }

    @Override
    public void write(T value, CodecOutput out) {
        byte[] bytes;
        try {
            bytes = MAPPER.writeValueAsBytes(value);
        } catch (JacksonException e) {
            throw new CodecException("cannot encode a " + type.getName() + " as Smile: " + e.getOriginalMessage(), e);
        }
        out.writeInt(bytes.length);
        out.writeBytes(bytes, 0, bytes.length);
    }

    @Override
    public T read(CodecInput in) {
        int length = in.readInt();
        if (length < 0 || length > in.remaining()) {
            throw new CodecException("Smile document of " + length + " bytes does not fit in the " + in.remaining() + " bytes left");
        }
        byte[] bytes = new byte[length];
        in.readBytes(bytes, 0, length);
        try {
            return MAPPER.readValue(bytes, type);
        } catch (JacksonException e) {
            throw new CodecException("cannot decode a " + type.getName() + " from Smile: " + e.getOriginalMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "codec smile for " + type.getName();
    }
}
