package io.sluice.samples;

import io.sluice.codec.Codec;
import io.sluice.codec.CodecProvider;
import java.util.Collection;
import java.util.List;

/** The codecs of the sample actors' own token types, found through {@code META-INF/services}. */
public final class SampleCodecs implements CodecProvider {

    @Override
    public Collection<Codec<?>> codecs() {
        return List.of(new SortItemCodec());
    }
}
