package io.sluice.codec;

import java.util.Collection;

/**
 * A service that contributes codecs, found by {@code Codecs.discover(ClassLoader)} in the
 * {@code channels} module: list the implementation in
 * {@code META-INF/services/io.sluice.codec.CodecProvider}. A program that reads a persistent
 * channel finds the channel's codec by the id stored with it, so a codec for a type of your own
 * must be provided this way (or registered explicitly) in every program that reads it.
 */
public interface CodecProvider {

    /** The codecs this provider contributes; their ids must be unique. */
    Collection<Codec<?>> codecs();

    /**
     * A codec made on demand for {@code type}, a type no codec of {@link #codecs()} is for: for a
     * family of codecs, one per type of a kind (such as record classes). Null, by default, if this
     * provider has none for the type. Asked when a channel of the type is opened for writing.
     */
    default <T> Codec<T> codecFor(Class<T> type) {
        return null;
    }

    /**
     * A codec of the family {@code id}, made on demand to read tokens stored by that family as
     * {@code type}; null, by default, if this provider has no such family or it cannot read into
     * that type. Asked when a channel stored under {@code id} is opened for reading.
     */
    default <T> Codec<T> codecFor(String id, Class<T> type) {
        return null;
    }
}
