package io.sluice.bench;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelFactory;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.memory.MemoryChannels;
import java.io.IOException;

/**
 * Memory channels that are always opened for any thread, even when a run asks for single-threaded
 * ones ({@link ChannelFactory#openSingleThreaded}, which this factory leaves at its default): the
 * baseline that shows, in the same rounds, what single-threaded channels save the directors that
 * fire every actor on one thread.
 */
final class AnyThreadChannels implements ChannelFactory {
    static final AnyThreadChannels INSTANCE = new AnyThreadChannels();

    private AnyThreadChannels() {}

    @Override
    public <T> Channel<T> open(ChannelSpec<T> spec) throws IOException {
        return MemoryChannels.factory().open(spec);
    }

    @Override
    public String name() {
        return "memory, for any thread";
    }
}
