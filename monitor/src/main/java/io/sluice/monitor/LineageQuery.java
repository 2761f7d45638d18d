package io.sluice.monitor;

import java.util.Objects;

/**
 * A question a {@link LineageSource} answers: the lineage of one token, identified as everywhere
 * in Sluice by its channel and its 0-based position there (its seq), in one direction, to a
 * depth counted in levels of firings. Immutable.
 *
 * @param channel the token's channel
 * @param seq the token's position in its channel, from 0
 * @param direction {@link Direction#BACKWARD} for what the token was derived from,
 *     {@link Direction#FORWARD} for what was derived from it
 * @param depth how many levels of firings to follow, from 1 to {@link #MAX_DEPTH}
 */
public record LineageQuery(String channel, long seq, Direction direction, int depth) {
    /** The depth the page and {@code /lineage} ask for unless told otherwise. */
    public static final int DEFAULT_DEPTH = 3;
    /**
     * The deepest lineage the monitor asks for: deeper ones would rarely fit a page, and each
     * level can multiply the firings drawn.
     */
    public static final int MAX_DEPTH = 20;

    /**
     * Checks the query.
     *
     * @throws IllegalArgumentException if the channel is empty, the seq negative, or the depth
     *     not between 1 and {@link #MAX_DEPTH}
     * @throws NullPointerException if the channel or the direction is null
     */
    public LineageQuery {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(direction, "direction");
        if (channel.isEmpty()) {
            throw new IllegalArgumentException("a lineage query needs a channel");
        }
        if (seq < 0) {
            throw new IllegalArgumentException("a token's seq is 0 or more, not " + seq);
        }
        if (depth < 1 || depth > MAX_DEPTH) {
            throw new IllegalArgumentException("the depth of a lineage is from 1 to " + MAX_DEPTH + ", not " + depth);
        }
    }

    /** The token asked about, as Sluice writes it: {@code channel#seq}. */
    public String token() {
        return channel + "#" + seq;
    }

    /** Which way a lineage goes from its token. */
    public enum Direction {
        /** To the firings and tokens the token was derived from. */
        BACKWARD,
        /** To the firings and tokens derived from the token. */
        FORWARD
    }
}
