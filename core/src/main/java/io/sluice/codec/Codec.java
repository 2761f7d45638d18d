package io.sluice.codec;

/**
 * Turns tokens of one type into bytes and back, for channels that store or send tokens.
 *
 * <p>A persistent channel records its codec's {@link #id()} and value type in its metadata, so
 * that a reader in another process can find the same codec without configuration. Codecs write
 * through {@link CodecOutput} and read through {@link CodecInput}, which a channel implements over
 * its own buffers, so that a codec for primitives or strings copies nothing in between.
 *
 * <p><b>Threading.</b> A codec is stateless and may be used by several threads at once.
 *
 * <p><b>Failure.</b> {@link #read} throws {@link CodecException} when the bytes are not a valid
 * encoding; channels add the channel, seq and file to the message.
 *
 * @param <T> the type of values
 */
public interface Codec<T> {

    /** A stable identifier, e.g. {@code string} or {@code smile}; stored with persisted data. */
    String id();

    /** The type of the values this codec encodes. */
    Class<T> type();

    /** Writes a value. */
    void write(T value, CodecOutput out);

    /** Reads a value written by {@link #write}, consuming exactly the bytes it wrote. */
    T read(CodecInput in);
}
