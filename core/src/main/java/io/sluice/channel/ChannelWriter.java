package io.sluice.channel;

/**
 * The write end of a {@link Channel}. Used by one thread at a time, except {@link #hasCapacity()},
 * {@link #position()}, {@link #abandoned()} and {@link #isClosed()}, which any thread may call (a
 * director's deadlock detector does), and {@link #capacity()} and {@link #raiseCapacity(int)}.
 *
 * @param <T> the token type
 */
public interface ChannelWriter<T> {

    /**
     * Appends a token, blocking while the channel is full (bounded channels only).
     *
     * @return the token's seq
     * @throws InterruptedException if the thread is interrupted while blocked; the token was not
     *     written
     * @throws NullPointerException if the token is null
     * @throws IllegalStateException if the writer is closed
     */
    long put(T token) throws InterruptedException;

    /**
     * Appends a token if that can be done without blocking.
     *
     * @return the token's seq, or -1 if the channel is full and nothing was written
     */
    long offer(T token);

    /**
     * Appends a token at once, even if that takes the channel beyond its capacity. For a
     * scheduler whose waiting reader cannot take before this writer's firing returns (a
     * demand-driven director whose reader waits, further down the stack, for this very channel):
     * the channel holds more than its capacity until that reader catches up.
     *
     * @return the token's seq
     */
    long putBeyondCapacity(T token);

    /** The channel's capacity now, {@link ChannelSpec#UNBOUNDED} if it has none. Any thread. */
    int capacity();

    /**
     * Raises the channel's capacity to {@code capacity} and wakes a writer waiting for room. Never
     * lowers it; no effect on an unbounded channel. A data-driven director calls it to end an
     * artificial deadlock (Parks' rule). Any thread.
     */
    void raiseCapacity(int capacity);

    /**
     * True if {@link #put} would not block now: the channel has room, or no reader is left to
     * wait for. Never blocks.
     */
    boolean hasCapacity();

    /**
     * Blocks until {@link #hasCapacity()}.
     *
     * @throws InterruptedException if the thread is interrupted while blocked
     */
    void awaitCapacity() throws InterruptedException;

    /** The seq the next token will get, i.e. the number of tokens written so far. */
    long position();

    /**
     * True if every reader has closed: tokens written from now on are not read by anyone. A
     * channel that never had a reader is abandoned from the start.
     */
    boolean abandoned();

    /** Ends the stream: readers see the end after the last token written. Idempotent. */
    void close();

    /** True once {@link #close()} was called. */
    boolean isClosed();
}
