package io.sluice.channel.local;

import io.sluice.channel.ChannelFactory;

/** Factories of the channel implementations in this module. */
public final class Channels {
    private Channels() {}

    /**
     * Memory channels: tokens live on the heap until every reader has taken them, so a channel
     * whose readers lag far behind grows without limit unless its run bounds it (a capacity, which
     * the data-driven director keeps). A reader must be opened before the first token is written.
     * Nothing survives the process.
     *
     * <p>The factory is stateless and may be shared by any number of runs.
     */
    public static ChannelFactory memory() {
        return MemoryChannelFactory.INSTANCE;
    }
}
