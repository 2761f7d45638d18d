package io.sluice.actors;

import io.sluice.codec.Codec;
import io.sluice.codec.CodecProvider;
import java.util.Collection;
import java.util.List;

/**
 * The codecs of the library's loosely typed ports ({@link TokenCodec}), found through
 * {@code META-INF/services}, so that its actors run over persistent and remote channels.
 */
public final class StandardCodecs implements CodecProvider {

    @Override
    public Collection<Codec<?>> codecs() {
        return List.of(TokenCodec.forObjects(), TokenCodec.forNumbers());
    }
}
