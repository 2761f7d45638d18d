package io.sluice.channel;

/**
 * Counters of one channel.
 *
 * @param channel the channel's name
 * @param tokensWritten how many tokens the writer put, initial tokens included
 * @param peakDepth the most tokens that were waiting in the channel at once: written but not yet
 *     taken by its slowest reader (0 for a channel without readers)
 * @param capacity the capacity the run kept the channel within, {@link ChannelSpec#UNBOUNDED} if
 *     none: a channel reports its spec's; a run the one it ended with, which a director may have
 *     raised to end an artificial deadlock
 * @param capacityBytes the capacity in bytes (estimated, see {@link TokenSizer}) the run kept the
 *     channel within, {@link ChannelSpec#UNBOUNDED_BYTES} if none; raised as {@code capacity} may be
 */
public record ChannelStats(String channel, long tokensWritten, long peakDepth, int capacity, long capacityBytes) {

    /** The counters of a channel not bounded in bytes ({@link ChannelSpec#UNBOUNDED_BYTES}). */
    public ChannelStats(String channel, long tokensWritten, long peakDepth, int capacity) {
        this(channel, tokensWritten, peakDepth, capacity, ChannelSpec.UNBOUNDED_BYTES);
    }
}
