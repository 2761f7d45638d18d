package io.sluice.channel.local;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelFactory;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.ChannelSpec;

/** Opens {@link MemoryChannel}s. Stateless. */
final class MemoryChannelFactory implements ChannelFactory {
    static final MemoryChannelFactory INSTANCE = new MemoryChannelFactory();

    private MemoryChannelFactory() {}

    @Override
    public <T> Channel<T> open(ChannelSpec<T> spec) {
        if (spec.policy() != null && spec.policy() != ChannelPolicy.MEMORY) {
            throw new IllegalArgumentException("channel '" + spec.name() + "' asks for the policy '" + spec.policy().id()
                    + "', but the run's channels are memory channels; give the run a persistent channel factory "
                    + "(PersistentChannels.builder(directory)) to keep channels on disk");
        }
        return new MemoryChannel<>(spec);
    }

    @Override
    public String name() {
        return "memory";
    }
}
