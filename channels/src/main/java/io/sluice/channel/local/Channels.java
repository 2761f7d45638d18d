package io.sluice.channel.local;

import io.sluice.channel.ChannelFactory;
import io.sluice.channel.memory.MemoryChannels;

/**
 * Factories of channel implementations, from before memory channels moved to {@code sluice-core}.
 *
 * @deprecated use {@link MemoryChannels#factory()}, which needs no Chronicle Queue on the
 *     classpath; persistent channels are built with {@link PersistentChannels#builder}
 */
@Deprecated
public final class Channels {
    private Channels() {}

    /**
     * The memory channel factory: the same as {@link MemoryChannels#factory()}.
     *
     * @deprecated use {@link MemoryChannels#factory()}
     */
    @Deprecated
    public static ChannelFactory memory() {
        return MemoryChannels.factory();
    }
}
