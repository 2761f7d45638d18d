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
}
