package io.sluice.channel;

/**
 * A read end of a {@link Channel}, with its own position. Used by one thread at a time, except
 * {@link #isReady()}, {@link #isEndOfStream()} and {@link #position()}, which any thread may call
 * (a director's deadlock detector does, and a director that bounds the channel reads the
 * readers' positions from the writer's thread).
 *
 * <p>Tokens are never null, so a null result means "nothing now" from {@link #poll()} and "end
 * of stream" from {@link #take()}.
 *
 * @param <T> the token type
 */
public interface ChannelReader<T> extends AutoCloseable {

    /** The name this reader was opened with. */
    String name();

    /**
     * Takes the next token, blocking until one is written or the stream ends.
     *
     * @return the token, or null if the stream has ended and every token was read
     * @throws InterruptedException if the thread is interrupted while blocked; the position has
     *     not moved
     */
    T take() throws InterruptedException;

    /**
     * Takes the next token if one is available now.
     *
     * @return the token, or null if none is available now (see {@link #isEndOfStream()})
     */
    T poll();

    /** True if {@link #take()} would return at once: a token is available or the stream ended. */
    boolean isReady();

    /**
     * Blocks until {@link #isReady()}: a token is available or the stream has ended.
     *
     * @throws InterruptedException if the thread is interrupted while blocked
     */
    void awaitReady() throws InterruptedException;

    /** True if the stream has ended and every token was read. */
    boolean isEndOfStream();

    /**
     * The seq of the next token this reader will take. Any thread: the reader publishes its
     * position as it takes, with at least release semantics.
     */
    long position();

    /**
     * Stops reading: the channel no longer keeps tokens for this reader. Idempotent.
     */
    @Override
    void close();
}
