package io.sluice.channel;

import java.io.IOException;

/**
 * Opens channels for a run. Implementations live in the {@code channels} module
 * ({@code io.sluice.channel.local.Channels}); a director is given the factory in its run
 * configuration and opens one channel per connected output port.
 *
 * <p><b>Threading.</b> A factory may be used by several runs at once, from any thread.
 *
 * <p><b>Ownership.</b> The caller owns each channel it opens and closes it.
 */
public interface ChannelFactory {

    /**
     * Opens a new channel.
     *
     * @throws IOException if storage for the channel cannot be prepared; the message names the
     *     channel and the file or directory involved
     * @throws IllegalArgumentException if the factory cannot provide such a channel
     */
    <T> Channel<T> open(ChannelSpec<T> spec) throws IOException;

    /** A short name of the kind of channels this factory opens, e.g. {@code memory}. */
    String name();
}
