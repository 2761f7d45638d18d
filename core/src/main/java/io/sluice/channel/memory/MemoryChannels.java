package io.sluice.channel.memory;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelFactory;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.ChannelSpec;

/**
 * Memory channels: tokens live on the heap until every reader has taken them. Nothing survives
 * the process, and nothing beyond the JDK is needed: a program that runs workflows over memory
 * channels depends on {@code sluice-core} and {@code sluice-director} alone.
 *
 * <p>A channel whose readers lag far behind grows without limit unless its run bounds it (a
 * capacity, which the data-driven director keeps). A reader must be opened before the first
 * token is written.
 *
 * <p>The factory is stateless and may be shared by any number of runs; it is the channel factory
 * of a {@link io.sluice.run.RunConfig} that names none.
 */
public final class MemoryChannels implements ChannelFactory {
    private static final MemoryChannels INSTANCE = new MemoryChannels();

    private MemoryChannels() {}

    /** The memory channel factory. */
    public static ChannelFactory factory() {
        return INSTANCE;
    }

    /**
     * Opens a memory channel.
     *
     * @throws IllegalArgumentException if the spec asks for a policy other than
     *     {@link ChannelPolicy#MEMORY}: a memory channel cannot keep tokens on disk
     */
    @Override
    public <T> Channel<T> open(ChannelSpec<T> spec) {
        checkPolicy(spec);
        return new MemoryChannel<>(spec, false);
    }

    /**
     * Opens a memory channel whose writer and readers are all used by one thread: a put publishes
     * the token with a release store and wakes nobody, which is most of what a put costs when
     * readers may be on other threads. A reader on another thread still sees every token once, in
     * order, but waits for one by parking for growing intervals (up to a millisecond) and looking
     * again, not by being woken.
     *
     * @throws IllegalArgumentException as {@link #open} does
     */
    @Override
    public <T> Channel<T> openSingleThreaded(ChannelSpec<T> spec) {
        checkPolicy(spec);
        return new MemoryChannel<>(spec, true);
    }

    private static void checkPolicy(ChannelSpec<?> spec) {
        if (spec.policy() != null && spec.policy() != ChannelPolicy.MEMORY) {
            throw new IllegalArgumentException("channel '" + spec.name() + "' asks for the policy '" + spec.policy().id()
                    + "', but the run's channels are memory channels; give the run a persistent channel factory "
                    + "(PersistentChannels.builder(directory)) to keep channels on disk");
        }
    }

    @Override
    public String name() {
        return "memory";
    }
}
