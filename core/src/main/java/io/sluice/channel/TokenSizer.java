package io.sluice.channel;

/**
 * Estimates how many bytes of heap a token takes, so that a run can bound a channel in bytes as
 * well as in tokens ({@link io.sluice.workflow.ChannelOptions#capacityBytes},
 * {@link io.sluice.run.RunConfig#memoryCapacityBytes()}).
 *
 * <p>A sizer is called on the writer's thread once for every token put to a channel bounded in
 * bytes, so it must be cheap: it looks at the token's shape (an array's length, a string's
 * length), never encodes or walks it. It must not change the token, must return a value of at
 * least 0, and is called from one thread at a time per channel; a sizer that throws fails the
 * writer's actor. The bytes counted are an estimate, so a byte bound is approximate: it holds
 * the channel near the bound, not exactly under it.
 *
 * <p>{@link #estimate()} is the default; give a channel its own sizer where its tokens hold data
 * the estimate cannot see (a record with large fields, a list), or let the token type implement
 * {@link Sized}.
 */
@FunctionalInterface
public interface TokenSizer {

    /** The bytes {@link #estimate()} counts for a token it knows nothing about. */
    long OTHER_OBJECT_BYTES = 64;

    /**
     * The estimated heap bytes of {@code token}, at least 0.
     *
     * @param token a token put to the channel, never null
     */
    long sizeOf(Object token);

    /**
     * The default estimate, for a 64-bit JVM with compressed references: an array is its header
     * (16 bytes) and its elements ({@code byte[]} one byte each, {@code char[]} two, {@code int[]}
     * and {@code float[]} four, {@code long[]} and {@code double[]} eight, an array of references
     * four per reference, not counting what they refer to); a {@link String} 40 bytes and one a
     * character (a string with characters outside Latin-1 takes twice that, which this does not
     * see); a boxed number, {@link Boolean} or {@link Character} 16 or 24 bytes; a token that
     * implements {@link Sized} what it says; anything else {@link #OTHER_OBJECT_BYTES}. A token's
     * class is tested against these in turn: a few type checks and no allocation.
     */
    static TokenSizer estimate() {
        return EstimatingSizer.INSTANCE;
    }

    /** Counts every token as {@code bytes}, e.g. for tokens known to be alike. */
    static TokenSizer fixed(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("a token's size cannot be negative, was " + bytes);
        }
        return token -> bytes;
    }

    /**
     * A token that knows its own size, for {@link #estimate()}: implement it on a token type whose
     * instances hold much data, e.g. a record with a large array field.
     */
    interface Sized {
        /** The estimated heap bytes of this token and what only it refers to, at least 0; cheap. */
        long estimatedBytes();
    }
}
