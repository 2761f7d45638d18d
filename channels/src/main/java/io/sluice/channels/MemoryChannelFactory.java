package io.sluice.channels;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelFactory;
import io.sluice.channel.ChannelSpec;

/** Opens {@link MemoryChannel}s. Stateless. */
final class MemoryChannelFactory implements ChannelFactory {
    static final MemoryChannelFactory INSTANCE = new MemoryChannelFactory();

    private MemoryChannelFactory() {}

    @Override
    public <T> Channel<T> open(ChannelSpec<T> spec) {
        return new MemoryChannel<>(spec);
    }

    @Override
    public String name() {
        return "memory";
    }
}
