package io.sluice.workflow;

import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.TokenSizer;
import java.net.URI;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A channel of a workflow: from one output port to one or more input ports.
 *
 * @param name the channel's name, unique in the workflow
 * @param writer the output port that writes it
 * @param type the type of its tokens (the writer port's type)
 * @param readers the input ports that read it, in the order they were connected; empty for an
 *     output port left unconnected, whose tokens are counted and dropped
 * @param capacity the capacity, {@link ChannelSpec#UNBOUNDED} if none
 * @param initialTokens tokens placed on it before any actor fires: those its writer port declares
 *     ({@link io.sluice.actor.InitialTokens}), then the channel's own ({@link #channelTokens()})
 * @param policy the policy asked for this channel, or null for the run's default
 * @param space the space the channel lives in ({@link ChannelOptions#space}), or null
 * @param ui what an editor keeps about the channel ({@link ChannelOptions#ui}); empty if none
 * @param writerTokens how many of the {@code initialTokens}, the first ones, the writer port
 *     declares
 * @param capacityBytes the capacity in bytes ({@link ChannelOptions#capacityBytes}),
 *     {@link ChannelSpec#UNBOUNDED_BYTES} if none
 * @param tokenSizer how its tokens' bytes are estimated ({@link ChannelOptions#tokenSizer}), or
 *     null for {@link TokenSizer#estimate()}
 */
public record ChannelDefinition(String name, PortRef writer, Class<?> type, List<PortRef> readers, int capacity,
        List<Object> initialTokens, ChannelPolicy policy, URI space, Map<String, Object> ui, int writerTokens,
        long capacityBytes, TokenSizer tokenSizer) {

    /**
     * @throws IllegalArgumentException if {@code writerTokens} is negative or more than the initial
     *     tokens, or {@code capacityBytes} is less than 1
     */
    public ChannelDefinition {
        readers = List.copyOf(readers);
        initialTokens = List.copyOf(initialTokens);
        ui = Collections.unmodifiableMap(new LinkedHashMap<>(ui));
        if (writerTokens < 0 || writerTokens > initialTokens.size()) {
            throw new IllegalArgumentException("channel '" + name + "': " + writerTokens + " of its " + initialTokens.size()
                    + " initial tokens cannot be its writer's");
        }
        if (capacityBytes < 1) {
            throw new IllegalArgumentException("channel '" + name + "': capacityBytes must be at least 1, was " + capacityBytes);
        }
    }

    /** A channel not bounded in bytes. */
    public ChannelDefinition(String name, PortRef writer, Class<?> type, List<PortRef> readers, int capacity,
            List<Object> initialTokens, ChannelPolicy policy, URI space, Map<String, Object> ui, int writerTokens) {
        this(name, writer, type, readers, capacity, initialTokens, policy, space, ui, writerTokens, ChannelSpec.UNBOUNDED_BYTES,
                null);
    }

    /** A channel none of whose initial tokens its writer port declares. */
    public ChannelDefinition(String name, PortRef writer, Class<?> type, List<PortRef> readers, int capacity,
            List<Object> initialTokens, ChannelPolicy policy, URI space, Map<String, Object> ui) {
        this(name, writer, type, readers, capacity, initialTokens, policy, space, ui, 0);
    }

    /**
     * The channel's own initial tokens, as its {@link ChannelOptions#initialTokens} gave them:
     * {@link #initialTokens()} without those its writer port declares, which come with the actor.
     */
    public List<Object> channelTokens() {
        return initialTokens.subList(writerTokens, initialTokens.size());
    }

    /** True if the channel's own definition bounds it in bytes. */
    public boolean boundedInBytes() {
        return capacityBytes != ChannelSpec.UNBOUNDED_BYTES;
    }

    /** The spec a channel factory needs to open this channel. */
    public ChannelSpec<?> spec() {
        return new ChannelSpec<>(name, type, capacity, policy);
    }
}
