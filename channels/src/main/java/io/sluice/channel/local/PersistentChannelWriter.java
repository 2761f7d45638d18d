package io.sluice.channel.local;

import io.sluice.channel.ChannelException;
import io.sluice.channel.internal.TokenChecks;
import io.sluice.codec.Codec;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Appends tokens to a persistent channel from outside a run, after the tokens it stores: for a
 * channel that several programs write in turn over time, such as records written by programs of
 * several versions of their format. Opened by {@link PersistentChannels#openWriter}. The channel
 * is in the format every persistent channel has, so {@link PersistentChannels#openReader} and
 * {@code sluice channel read} read it.
 *
 * <p><b>Writing.</b> {@link #put} encodes a token into a batch on the heap; {@link #flush}
 * appends the batch to the queue files, where readers in any process see it and where it survives
 * this process being killed (not a power loss). A full batch is appended by the put that fills
 * it. {@link #end} ends the stream; {@link #close} releases the channel without ending it, and a
 * later writer may append after its last token.
 *
 * <p><b>Threading.</b> One thread at a time; handing it to another thread between calls is allowed
 * if the caller ensures happens-before. {@link #position()} may be read from any thread.
 *
 * <p><b>Ownership.</b> The opener closes it, which releases the writer lock: one writer per
 * channel at a time, across processes.
 *
 * <p><b>Failure.</b> A token the codec cannot encode is not written and the put throws the
 * codec's exception; a queue file that cannot be written fails the call that writes it with a
 * {@link ChannelException} naming the file, and tokens flushed before stay readable.
 *
 * @param <T> the token type
 */
public final class PersistentChannelWriter<T> implements AutoCloseable {
    private final ChronicleStore store;
    private final Class<T> type;
    private final StoreAppender<T> appender;
    private volatile long position;
    private boolean ended;
    private boolean closed;

    private PersistentChannelWriter(ChronicleStore store, Class<T> type, Codec<T> codec) {
        this.store = store;
        this.type = type;
        ChronicleStore.Stored stored = store.stored();
        if (stored.ended()) {
            throw store.failure("its stream ended after " + stored.tokens() + " tokens; nothing can be appended", null);
        }
        this.appender = store.appender(codec.bind(store.codecStore()), stored.tokens());
        this.position = stored.tokens();
    }

    static <T> PersistentChannelWriter<T> open(Path channelDirectory, String channel, Class<T> type, Codecs codecs) {
        Objects.requireNonNull(channelDirectory, "channelDirectory");
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(type, "type");
        Codec<T> codec;
        try {
            codec = codecs.forType(type);
        } catch (IllegalArgumentException e) {
            throw new ChannelException(channel, channelDirectory, e.getMessage(), e);
        }
        ChronicleStore store = ChronicleStore.openToResume(channelDirectory, channel, codec.storedType(), codec.id(),
                PersistentChannels.DEFAULT_TOKENS_PER_FILE, "the writer", "it cannot be appended to");
        try {
            return new PersistentChannelWriter<>(store, type, codec);
        } catch (RuntimeException e) {
            store.close();
            if (e instanceof ChannelException) {
                throw e;
            }
            throw store.failure("cannot open the channel for writing: " + e, e);
        }
    }

    /** The channel's name. */
    public String name() {
        return store.channel();
    }

    /**
     * Adds a token as seq {@link #position()}, to be appended by the next {@link #flush} (or by this
     * call, if it fills the batch).
     *
     * @return the token's seq
     * @throws NullPointerException if the token is null
     * @throws ClassCastException if it is not of the writer's type
     * @throws IllegalStateException if the stream ended or the writer is closed
     * @throws ChannelException naming the queue file if a full batch could not be appended
     */
    public long put(T token) {
        checkOpen();
        TokenChecks.check(store.channel(), type, token, ended);
        long seq = appender.next();
        appender.add(token);
        position = appender.next();
        return seq;
    }

    /** The seq the next token gets: the tokens stored before this writer and those it put. Any thread. */
    public long position() {
        return position;
    }

    /**
     * Appends the tokens put since the last flush to the queue files.
     *
     * @throws ChannelException naming the queue file if it cannot be written; the tokens stay to
     *     be flushed again
     */
    public void flush() {
        checkOpen();
        appender.flush();
    }

    /** Flushes, then ends the stream: readers see its end after the last token. Idempotent. */
    public void end() {
        checkOpen();
        if (!ended) {
            appender.appendEnd();
            ended = true;
        }
    }

    /**
     * Flushes and releases the channel without ending its stream. Idempotent.
     *
     * @throws ChannelException naming the queue file if the flush fails; the channel is released
     *     all the same, and the tokens not flushed are lost
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            appender.flush();
        } finally {
            try {
                appender.close();
            } finally {
                store.close();
            }
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("the writer of channel '" + store.channel() + "' (" + store.directory() + ") is closed");
        }
    }

    @Override
    public String toString() {
        return "PersistentChannelWriter[" + store.channel() + " in " + store.directory() + "]";
    }
}
