package io.sluice.codec;

/**
 * Turns tokens of one type into bytes and back, for channels that store or send tokens.
 *
 * <p>A persistent channel records its codec's {@link #id()} and value type in its metadata, so
 * that a reader in another process can find the same codec without configuration. Codecs write
 * through {@link CodecOutput} and read through {@link CodecInput}, which a channel implements over
 * its own buffers, so that a codec for primitives or strings copies nothing in between.
 *
 * <p><b>Descriptions stored once.</b> A codec whose tokens refer to descriptions stored once per
 * channel (record formats, say) gets the channel's {@link CodecStore} through {@link #bind}, and
 * may name in {@link #storedType()} what every type of its family shares, so that tokens written
 * as one type can be read as another. Codecs that encode each token whole need neither.
 *
 * <p><b>Threading.</b> A codec is stateless (a bound one keeps only caches of what its channel
 * stores) and may be used by several threads at once: a channel's writer and readers share it.
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

    /**
     * The token type a persistent channel records in its metadata, and that a reader's codec must
     * name to read the channel: {@code type().getName()} by default. A codec family whose codecs
     * read each other's tokens (records of any version of a format) names one type for all of them.
     */
    default String storedType() {
        return type().getName();
    }

    /**
     * This codec for one channel, which stores the descriptions the codec's tokens refer to in
     * {@code store}: channels that store tokens call it once per channel they open, and encode
     * and decode that channel's tokens with the codec it returns. By default, this codec itself.
     */
    default Codec<T> bind(CodecStore store) {
        return this;
    }
}
