package io.sluice.channel;

/**
 * The write end of a {@link Channel}: appends tokens and ends the stream. Used by one thread at a
 * time; {@link #position()} may be called from any thread.
 *
 * <p><b>No capacity.</b> A writer never waits for a reader: a channel keeps what its readers have
 * not taken yet, and how far they may lag behind is the run's to decide (a director keeps a
 * channel within its {@link ChannelSpec#capacity()} by waiting before it puts). A channel may
 * wait here for its own resources only, and only for something that happens without any actor of
 * the run acting (a background thread, a peer): a director cannot see such a wait.
 *
 * <p><b>Failure.</b> A token that cannot be stored is not written and the put throws, naming the
 * channel ({@link ChannelException}); tokens written before it stay.
 *
 * @param <T> the token type
 */
public interface ChannelWriter<T> extends AutoCloseable {

    /**
     * Appends a token.
     *
     * @return the token's seq
     * @throws InterruptedException if the thread is interrupted while the channel waits for its
     *     own resources; the token was not written
     * @throws NullPointerException if the token is null
     * @throws ClassCastException if the token is not of the channel's type
     * @throws IllegalStateException if the writer or the channel is closed
     * @throws ChannelException if the token cannot be stored
     */
    long put(T token) throws InterruptedException;

    /** The seq the next token will get, i.e. the number of tokens written so far. Any thread. */
    long position();

    /** Ends the stream: readers see the end after the last token written. Idempotent. */
    @Override
    void close();
}
