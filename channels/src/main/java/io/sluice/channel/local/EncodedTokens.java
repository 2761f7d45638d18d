package io.sluice.channel.local;

import io.sluice.codec.Codec;
import io.sluice.codec.CodecException;
import java.util.Objects;

/**
 * Turns tokens into their codec's bytes and back, exactly as a persistent channel stores them: for
 * channel implementations that send tokens elsewhere (remote channels), so that what they send is
 * what an {@code EncodedChannel} keeps and any persistent channel reader decodes.
 *
 * <p><b>Threading.</b> Not thread-safe: one instance per thread (the encoder keeps one buffer).
 *
 * @param <T> the token type
 */
public final class EncodedTokens<T> {
    private final Codec<T> codec;
    private final HeapCodecOutput out = new HeapCodecOutput(256);
    private final HeapCodecInput in = new HeapCodecInput();

    private EncodedTokens(Codec<T> codec) {
        this.codec = Objects.requireNonNull(codec, "codec");
    }

    /** Encodes and decodes with {@code codec}. */
    public static <T> EncodedTokens<T> of(Codec<T> codec) {
        return new EncodedTokens<>(codec);
    }

    /** The codec. */
    public Codec<T> codec() {
        return codec;
    }

    /**
     * Encodes {@code token} into this instance's buffer: its bytes are {@link #buffer()}{@code [0,
     * length)}, valid until the next call.
     *
     * @return the length of the encoding
     * @throws CodecException if the codec cannot encode it
     */
    public int encode(T token) {
        out.truncate(0);
        codec.write(token, out);
        return out.size();
    }

    /** The buffer the last {@link #encode} wrote to. */
    public byte[] buffer() {
        return out.array();
    }

    /**
     * Decodes the token in {@code bytes[offset, offset + length)}.
     *
     * @throws CodecException if those bytes are not one whole encoding of a token
     */
    public T decode(byte[] bytes, int offset, int length) {
        in.on(bytes, offset, offset + length);
        T token = codec.read(in);
        if (in.position() != offset + length) {
            throw new CodecException("codec '" + codec.id() + "' read " + (in.position() - offset) + " of the token's " + length
                    + " bytes");
        }
        return token;
    }
}
