package io.sluice.channel;

import io.sluice.actor.Names;
import java.util.Objects;

/**
 * What a {@link ChannelFactory} needs to open a channel.
 *
 * @param name the channel's name, unique in its run; by default {@code actor.port} of its writer
 *     port
 * @param type the type of its tokens
 * @param capacity the most tokens the run lets a reader lag behind the writer, {@link #UNBOUNDED}
 *     for no limit: a director keeps the channel within it (its writer waits before it puts),
 *     not the channel, which may size its buffers by it
 * @param policy how this channel asks to be kept, or null for the factory's default; a factory
 *     that cannot keep it so refuses to open it
 * @param <T> the token type
 */
public record ChannelSpec<T>(String name, Class<T> type, int capacity, ChannelPolicy policy) {

    /** The capacity of a channel whose readers may lag behind without limit. */
    public static final int UNBOUNDED = Integer.MAX_VALUE;

    /** The byte capacity of a channel not bounded in bytes. */
    public static final long UNBOUNDED_BYTES = Long.MAX_VALUE;

    /** @throws IllegalArgumentException if the name is invalid or the capacity is not positive */
    public ChannelSpec {
        Names.requireChannel(name);
        Objects.requireNonNull(type, "type");
        if (capacity < 1) {
            throw new IllegalArgumentException("channel '" + name + "': capacity must be at least 1, was " + capacity);
        }
    }

    /** A channel with the factory's default policy. */
    public ChannelSpec(String name, Class<T> type, int capacity) {
        this(name, type, capacity, null);
    }

    /** An unbounded channel. */
    public static <T> ChannelSpec<T> unbounded(String name, Class<T> type) {
        return new ChannelSpec<>(name, type, UNBOUNDED);
    }

    /** True if the run bounds how far the channel's readers may lag behind. */
    public boolean bounded() {
        return capacity != UNBOUNDED;
    }
}
