package io.sluice.workflow;

import io.sluice.actor.Names;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.TokenSizer;
import java.net.URI;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How the channel behind a connection is set up: its name, capacity (in tokens and in bytes),
 * initial tokens, policy and space.
 * Immutable; start from {@link #defaults()}.
 *
 * <p>Options belong to the channel, which is shared by every connection from the same output
 * port; giving two different sets of options for one channel is an error.
 */
public final class ChannelOptions {
    private static final ChannelOptions DEFAULTS = new ChannelOptions(null, ChannelSpec.UNBOUNDED, List.of(), null, null, Map.of(),
            ChannelSpec.UNBOUNDED_BYTES, null);

    private final String name;
    private final int capacity;
    private final List<Object> initialTokens;
    private final ChannelPolicy policy;
    private final URI space;
    private final Map<String, Object> ui;
    private final long capacityBytes;
    private final TokenSizer sizer;

    private ChannelOptions(String name, int capacity, List<Object> initialTokens, ChannelPolicy policy, URI space,
            Map<String, Object> ui, long capacityBytes, TokenSizer sizer) {
        this.capacityBytes = capacityBytes;
        this.sizer = sizer;
        this.name = name;
        this.capacity = capacity;
        this.initialTokens = initialTokens;
        this.policy = policy;
        this.space = space;
        this.ui = ui;
    }

    /** An unbounded channel named after its writer port, with no initial tokens. */
    public static ChannelOptions defaults() {
        return DEFAULTS;
    }

    /** Names the channel; by default it is named after its writer port, {@code actor.port}. */
    public ChannelOptions name(String channelName) {
        return new ChannelOptions(Names.requireChannel(channelName), capacity, initialTokens, policy, space, ui, capacityBytes, sizer);
    }

    /**
     * Bounds the channel: under the data-driven director its writer blocks while a reader lags
     * {@code tokens} behind (back-pressure). The bound is never the cause of a failed run: if
     * every actor is blocked and some wait for room (an artificial deadlock), the smallest full
     * channel doubles its capacity (Parks' rule). The demand-driven director fires a writer only
     * when its output is needed and never makes a put wait, so there the bound is not enforced.
     *
     * @throws IllegalArgumentException if {@code tokens} is less than 1
     */
    public ChannelOptions capacity(int tokens) {
        if (tokens < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, was " + tokens);
        }
        return new ChannelOptions(name, tokens, initialTokens, policy, space, ui, capacityBytes, sizer);
    }

    /**
     * Bounds the channel in bytes as well: under the data-driven director its writer also waits
     * while the tokens a reader has yet to take are estimated to take {@code bytes} or more of the
     * heap, each sized by the channel's {@link #tokenSizer} ({@link TokenSizer#estimate()} unless
     * given). The bound is checked before each put, so one token larger than the bound still
     * passes once the channel is empty, and the channel holds at most the bound plus one token.
     * Tokens the channel holds before the run puts any (initial tokens aside) count as 0 bytes. As
     * with {@link #capacity}, an artificial deadlock grows the bound (Parks' rule: the full
     * channel holding the fewest tokens doubles the bound it has reached, a byte bound as often as
     * it takes to exceed the bytes waiting), and the demand-driven director does not enforce it.
     * A channel is full when either bound is reached.
     *
     * @throws IllegalArgumentException if {@code bytes} is less than 1
     */
    public ChannelOptions capacityBytes(long bytes) {
        if (bytes < 1) {
            throw new IllegalArgumentException("capacityBytes must be at least 1, was " + bytes);
        }
        return new ChannelOptions(name, capacity, initialTokens, policy, space, ui, bytes, sizer);
    }

    /**
     * How the run estimates the bytes of this channel's tokens for its byte capacity;
     * {@link TokenSizer#estimate()} unless given. Java only: a workflow written as JSON uses the
     * estimate.
     */
    public ChannelOptions tokenSizer(TokenSizer tokenSizer) {
        return new ChannelOptions(name, capacity, initialTokens, policy, space, ui, capacityBytes,
                Objects.requireNonNull(tokenSizer, "tokenSizer"));
    }

    /**
     * Tokens placed on the channel before any actor fires, as in a feedback loop that needs a
     * token to start. Each must be of the channel's type.
     */
    public ChannelOptions initialTokens(List<?> tokens) {
        return new ChannelOptions(name, capacity, List.copyOf(tokens), policy, space, ui, capacityBytes, sizer);
    }

    /**
     * Asks for a policy for this channel, overriding the run's default. The run's channel factory
     * refuses a policy it cannot provide.
     */
    public ChannelOptions policy(ChannelPolicy channelPolicy) {
        return new ChannelOptions(name, capacity, initialTokens, Objects.requireNonNull(channelPolicy, "channelPolicy"), space, ui, capacityBytes, sizer);
    }

    /**
     * Keeps the channel in the space at {@code uri} (e.g. {@code sluice://host:7000}, served by
     * {@code sluice serve}), whatever the run's channel factory: the run opens it from the factory
     * its configuration gives for that space ({@link io.sluice.run.RunConfig.Builder#space}), and
     * fails naming the channel and the space if it was given none.
     */
    public ChannelOptions space(URI uri) {
        return new ChannelOptions(name, capacity, initialTokens, policy, Objects.requireNonNull(uri, "uri"), ui, capacityBytes, sizer);
    }

    /**
     * Keeps {@code values} for an editor (where it draws the channel's line, its colour, a
     * note): Sluice ignores them, and a workflow written as JSON keeps them (its {@code "ui"}).
     */
    public ChannelOptions ui(Map<String, ?> values) {
        return new ChannelOptions(name, capacity, initialTokens, policy, space,
                Collections.unmodifiableMap(new LinkedHashMap<>(values)), capacityBytes, sizer);
    }

    /** What an editor keeps about the channel; empty if nothing. */
    public Map<String, Object> ui() {
        return ui;
    }

    /** The space the channel lives in, if one was given. */
    public Optional<URI> space() {
        return Optional.ofNullable(space);
    }

    /** The policy asked for, if any. */
    public Optional<ChannelPolicy> policy() {
        return Optional.ofNullable(policy);
    }

    /** The channel's name, if one was given. */
    public Optional<String> name() {
        return Optional.ofNullable(name);
    }

    /** The capacity, {@link ChannelSpec#UNBOUNDED} by default. */
    public int capacity() {
        return capacity;
    }

    /** The capacity in bytes, {@link ChannelSpec#UNBOUNDED_BYTES} by default. */
    public long capacityBytes() {
        return capacityBytes;
    }

    /** The sizer given, if any. */
    public Optional<TokenSizer> tokenSizer() {
        return Optional.ofNullable(sizer);
    }

    /** The initial tokens, empty by default. */
    public List<Object> initialTokens() {
        return initialTokens;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ChannelOptions other && Objects.equals(name, other.name) && capacity == other.capacity
                && initialTokens.equals(other.initialTokens) && Objects.equals(policy, other.policy) && Objects.equals(space, other.space) && ui.equals(other.ui)
                && capacityBytes == other.capacityBytes && Objects.equals(sizer, other.sizer);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, capacity, initialTokens, policy, space, ui, capacityBytes, sizer);
    }

    @Override
    public String toString() {
        return "ChannelOptions[name=" + name + ", capacity=" + (capacity == ChannelSpec.UNBOUNDED ? "unbounded" : capacity)
                + (capacityBytes == ChannelSpec.UNBOUNDED_BYTES ? "" : ", capacityBytes=" + capacityBytes)
                + ", initialTokens=" + initialTokens.size() + (policy == null ? "" : ", policy=" + policy.id())
                + (space == null ? "" : ", space=" + space) + "]";
    }
}
