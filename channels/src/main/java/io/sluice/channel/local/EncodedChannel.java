package io.sluice.channel.local;

import io.sluice.channel.ChannelException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A persistent channel written as its tokens' encoded bytes, for a writer that does not have the
 * tokens' classes: a space server storing what its clients send. The channel is in exactly the
 * format a persistent channel of {@link PersistentChannels} has (its {@code channel.json} names the
 * token type and codec given here; its tokens are stored in checksummed batches), so that
 * {@link PersistentChannels#openReader}, {@link PersistentChannels#describe},
 * {@link PersistentChannels#verify} and {@code sluice channel read} read it with the real classes,
 * and {@link EncodedChannelReader} reads it back as bytes. The bytes are stored as given: they must
 * be what the codec named by {@link #codecId()} writes for a token of {@link #typeName()}, which is
 * not checked here (a reader with the real classes reports a token its codec cannot decode).
 *
 * <p><b>Writing.</b> {@link #append} gathers tokens in a batch on the heap; {@link #flush} appends
 * what was gathered to the queue files, where every reader, in this process or another, sees it
 * and where it survives this process being killed (not a power loss: the files are in the page
 * cache). A full batch ({@link ExcerptLayout#MAX_TOKENS} tokens or about
 * {@link ExcerptLayout#MAX_BYTES} bytes, or the last token of a queue file) is appended by the
 * {@code append} that fills it. {@link #end} ends the stream; {@link #close} releases the files
 * without ending it, and the channel may be opened again to append after its last stored token.
 *
 * <p><b>Threading.</b> Used by one thread at a time; handing it to another thread between calls is
 * allowed if the caller ensures happens-before. {@link #position()}, {@link #flushed()} and
 * {@link #ended()} may be read from any thread.
 *
 * <p><b>Ownership.</b> The opener closes it: closing releases the writer lock that
 * {@link #openForWriting} took, which no other writer, in this process or another, can take
 * meanwhile. A process killed while it holds the channel loses the tokens it had not flushed; the
 * next {@code openForWriting} continues after the last flushed one.
 *
 * <p><b>Failure.</b> A queue file that cannot be written (a full disk) fails the call that writes
 * it with a {@link ChannelException} naming the file: tokens flushed before stay readable, and what
 * was gathered but not appended stays gathered, to be flushed again once there is room.
 *
 * <p><b>Experimental:</b> made for the space server of {@code sluice-remote}, written at the same
 * time; its API may change with that server.
 */
public final class EncodedChannel implements AutoCloseable {
    private final ChronicleStore store;
    private final StoreAppender<PassThroughCodec.Slice> appender;
    /** Mirrors of the appender's counts, for readers of other threads; written by the writing thread. */
    private volatile long position;
    private volatile long flushed;
    private volatile boolean ended;
    private boolean closed;

    private EncodedChannel(ChronicleStore store) {
        this.store = store;
        ChronicleStore.Stored stored = store.stored();
        this.appender = store.appender(new PassThroughCodec(store.metadata().codec()), stored.tokens());
        this.position = stored.tokens();
        this.flushed = stored.tokens();
        this.ended = stored.ended();
    }

    /**
     * Creates the channel in {@code channelDirectory}, recording {@code typeName} and
     * {@code codecId} in its {@code channel.json} as a typed channel would, or, if the directory
     * already holds a channel, opens it to append after its last stored token. What a killed writer
     * left is recovered first, as {@link PersistentChannels.Builder#resume} does: its lock, a queue
     * file whose header it did not finish, an excerpt it half wrote. Takes the directory's writer
     * lock: one writer per channel, across processes. A new channel gets
     * {@link PersistentChannels#DEFAULT_TOKENS_PER_FILE} tokens per queue file; an existing one keeps
     * its own.
     *
     * @param channel the channel's name, recorded in {@code channel.json}; an existing channel must
     *     have this name
     * @param typeName the name of the tokens' class, as {@link Class#getName()} gives it
     * @param codecId the id of the codec that encoded the bytes that will be appended
     * @throws ChannelException naming the directory if it holds a channel of another name, type
     *     name or codec id (the message names both sides' name, type and codec), is locked by a
     *     live writer, is damaged, or cannot be created
     */
    public static EncodedChannel openForWriting(Path channelDirectory, String channel, String typeName, String codecId) {
        return openForWriting(channelDirectory, channel, typeName, codecId, PersistentChannels.DEFAULT_TOKENS_PER_FILE);
    }

    /** As {@link #openForWriting(Path, String, String, String)}, with {@code tokensPerFile} for a new channel. */
    static EncodedChannel openForWriting(Path channelDirectory, String channel, String typeName, String codecId, int tokensPerFile) {
        Objects.requireNonNull(channelDirectory, "channelDirectory");
        Objects.requireNonNull(channel, "channel");
        requireName(typeName, "typeName");
        requireName(codecId, "codecId");
        ChronicleStore store = ChronicleStore.openToResume(channelDirectory, channel, typeName, codecId, tokensPerFile,
                "the encoded writer", "it cannot be appended to");
        try {
            return new EncodedChannel(store);
        } catch (RuntimeException e) {
            store.close();
            if (e instanceof ChannelException) {
                throw e;
            }
            throw store.failure("cannot open the channel for writing: " + e, e);
        }
    }

    private static void requireName(String value, String what) {
        Objects.requireNonNull(value, what);
        if (value.isBlank()) {
            throw new IllegalArgumentException(what + " must not be blank");
        }
    }

    /** The channel's name. */
    public String name() {
        return store.channel();
    }

    /** The name of the tokens' class, as recorded in {@code channel.json}. */
    public String typeName() {
        return store.metadata().type();
    }

    /** The id of the codec that encoded the tokens, as recorded in {@code channel.json}. */
    public String codecId() {
        return store.metadata().codec();
    }

    /** Tokens stored so far: the seq the next append gets (counts tokens appended but not yet flushed too). */
    public long position() {
        return position;
    }

    /** Tokens flushed to the queue files (readable by any reader, surviving a killed process). */
    public long flushed() {
        return flushed;
    }

    /** True once {@link #end()} was called or the channel on disk already carried its end marker when opened. */
    public boolean ended() {
        return ended;
    }

    /**
     * Adds a token's bytes, {@code bytes[offset, offset + length)}, as seq {@link #position()}:
     * copied into the batch being gathered, which {@link #flush} appends (or this call, if the
     * batch is full). The array may be reused once this returns.
     *
     * @return the token's seq
     * @throws IllegalStateException if the stream ended or the channel is closed
     * @throws IndexOutOfBoundsException if the range is not within {@code bytes}
     * @throws ChannelException naming the queue file if a full batch had to be appended and could
     *     not be; the token was not added
     */
    public long append(byte[] bytes, int offset, int length) {
        checkWritable();
        Objects.checkFromIndexSize(offset, length, bytes.length);
        long seq = appender.next();
        try {
            appender.add(new PassThroughCodec.Slice(bytes, offset, length));
        } finally {
            flushed = appender.appended();
        }
        position = appender.next();
        return seq;
    }

    /**
     * Appends what {@link #append} gathered, as batches, to the queue files; after it returns
     * {@code flushed() == position()}. Does nothing if nothing is gathered.
     *
     * @throws IllegalStateException if the channel is closed
     * @throws ChannelException naming the queue file if it cannot be written; what was gathered
     *     stays gathered, to be flushed again
     */
    public void flush() {
        checkOpen();
        try {
            appender.flush();
        } finally {
            flushed = appender.appended();
        }
    }

    /**
     * Flushes, then writes the end marker: every reader sees the end of the stream after the last
     * token. Idempotent: does nothing if the stream ended already.
     *
     * @throws IllegalStateException if the channel is closed
     * @throws ChannelException naming the queue file if it cannot be written; the stream has not
     *     ended then, and {@code end} may be called again
     */
    public void end() {
        checkOpen();
        if (ended) {
            return;
        }
        try {
            appender.appendEnd();
        } finally {
            flushed = appender.appended();
        }
        ended = true;
    }

    /**
     * Flushes, and releases the writer lock and the files; does not end the stream, so the channel
     * may be opened for writing again. Idempotent.
     *
     * @throws ChannelException naming the queue file if the flush fails; the lock and files are
     *     released all the same, and the tokens not flushed are lost
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            appender.flush();
            flushed = appender.appended();
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
            throw new IllegalStateException("channel '" + store.channel() + "' (" + store.directory() + ") is closed");
        }
    }

    private void checkWritable() {
        checkOpen();
        if (ended) {
            throw new IllegalStateException("channel '" + store.channel() + "' (" + store.directory() + ") has ended after "
                    + position + " tokens");
        }
    }

    @Override
    public String toString() {
        return "EncodedChannel[" + store.channel() + " in " + store.directory() + "]";
    }
}
