package io.sluice.run;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One channel of a {@link RunSnapshot}. The readers' positions are read before the writer's, so
 * that {@code depth} is never negative and never counts a token twice, whatever the actors do
 * meanwhile.
 *
 * @param name the channel's name
 * @param written tokens written so far (its writer's position: initial tokens and tokens of
 *     earlier runs of a resumed channel included)
 * @param read each reader's position (the seq of the next token it takes), by reader name
 *     ({@code actor.port}), in the workflow's order; empty for a channel no actor of this run reads
 * @param depth tokens written and not yet taken by the slowest reader (0 without readers)
 * @param capacity the capacity the run keeps the channel within now, or
 *     {@link io.sluice.channel.ChannelSpec#UNBOUNDED}
 * @param rate tokens written per second over the last progress interval (0 before the first)
 * @param capacityBytes the capacity in bytes (estimated) the run keeps the channel within now, or
 *     {@link io.sluice.channel.ChannelSpec#UNBOUNDED_BYTES}
 */
public record ChannelSnapshot(String name, long written, Map<String, Long> read, long depth, int capacity, double rate,
        long capacityBytes) {

    public ChannelSnapshot {
        Objects.requireNonNull(name, "name");
        read = Collections.unmodifiableMap(new LinkedHashMap<>(read));
    }

    /** A channel not bounded in bytes ({@link io.sluice.channel.ChannelSpec#UNBOUNDED_BYTES}). */
    public ChannelSnapshot(String name, long written, Map<String, Long> read, long depth, int capacity, double rate) {
        this(name, written, read, depth, capacity, rate, io.sluice.channel.ChannelSpec.UNBOUNDED_BYTES);
    }
}
