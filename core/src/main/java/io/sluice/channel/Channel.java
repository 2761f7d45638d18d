package io.sluice.channel;

/**
 * A FIFO stream of tokens from one writer to any number of readers, each reading at its own
 * position. A token's identity is the channel and its sequence number ({@code seq}): its 0-based
 * position in the stream, which never changes.
 *
 * <p><b>End of stream.</b> Closing the {@link #writer()} ends the stream: readers take the tokens
 * that were written and then see the end.
 *
 * <p><b>No capacity.</b> A channel keeps each token at least until every reader has taken it; its
 * writer never waits for a reader. A run that bounds how far readers may lag behind does so
 * itself ({@link ChannelSpec#capacity()}).
 *
 * <p><b>Threading.</b> The writer is used by one thread at a time, each reader by one thread at a
 * time; the writer and the readers may be on different threads. {@link #stats()} may be called
 * from any thread.
 *
 * <p><b>Ownership.</b> Whoever opened the channel closes it with {@link #close()}, after the writer
 * and readers are done; closing releases memory, files and threads it holds. It does not end the
 * stream: a closed channel's tokens stay wherever the implementation keeps them.
 *
 * <p>Every implementation passes the channel contract test in the {@code channels} module's test
 * jar.
 *
 * @param <T> the token type
 */
public interface Channel<T> extends AutoCloseable {

    /** The channel's name. */
    String name();

    /** The type of the tokens. */
    Class<T> type();

    /** The channel's one writer. */
    ChannelWriter<T> writer();

    /**
     * Opens a reader positioned at the first token (seq 0). Each reader sees every token once, in
     * order, independently of other readers.
     *
     * @param readerName who reads, for messages and statistics (e.g. {@code actor.port})
     * @throws IllegalStateException if the channel cannot give a new reader every token, e.g. a
     *     memory channel after its first {@code put}, or if it is closed
     */
    ChannelReader<T> openReader(String readerName);

    /** Current counters. */
    ChannelStats stats();

    /**
     * Whether the channel keeps its waiting tokens on the heap and nowhere else, as a memory
     * channel does: a run then keeps it within {@link io.sluice.run.RunConfig#memoryCapacity()}
     * unless its definition sets a capacity, so that the heap does not grow with the data. False
     * by default.
     */
    default boolean onHeap() {
        return false;
    }

    /** Releases what the channel holds. Idempotent. */
    @Override
    void close();
}
