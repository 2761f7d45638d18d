package io.sluice.channel;

/**
 * The read end of a channel that keeps its tokens (a persistent channel), so that a reader can
 * move to any token, backwards as well as forwards: the π-channel read end.
 *
 * @param <T> the token type
 */
public interface SeekableChannelReader<T> extends ChannelReader<T> {

    /**
     * Moves the reader: the next {@link #take()} returns token {@code seq}. Seeking to the current
     * end is allowed and waits for the next token written.
     *
     * @throws IllegalArgumentException if {@code seq} is negative or beyond the end of the stream
     */
    void seek(long seq);

    /** The seq of the next token this reader will take; the same as {@link #position()}. */
    default long tell() {
        return position();
    }
}
