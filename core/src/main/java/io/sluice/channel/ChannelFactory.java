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

    /**
     * Opens a new channel whose writer and readers are all used by one thread, as a director
     * that fires every actor on its one driver thread does (the demand-driven and SDF
     * directors): the factory may then open a channel that skips what a reader on another
     * thread needs (waking it when a token arrives), as memory channels do. Such a channel keeps
     * every other part of the {@link Channel} contract; a reader used on another thread all the
     * same still sees every token once, in order, but may wait longer for one to arrive. Its
     * stats, {@link ChannelWriter#position()}, {@link ChannelReader#position()},
     * {@link ChannelReader#isReady()} and {@link ChannelReader#isEndOfStream()} may be called
     * from any thread, as always.
     *
     * <p>By default the same as {@link #open}.
     *
     * @throws IOException as {@link #open} does
     * @throws IllegalArgumentException as {@link #open} does
     */
    default <T> Channel<T> openSingleThreaded(ChannelSpec<T> spec) throws IOException {
        return open(spec);
    }

    /** A short name of the kind of channels this factory opens, e.g. {@code memory}. */
    String name();
}
