package io.sluice.channel.local;

import io.sluice.channel.ChannelException;
import io.sluice.channel.local.internal.WriterLock;
import java.nio.file.Path;

/**
 * Reads a persistent channel's tokens as their encoded bytes, from any seq, while a writer (this
 * process or another) may still append: for a reader that does not have the tokens' classes, such
 * as a space server sending them on. Reads any persistent channel, written by
 * {@link PersistentChannels} or by {@link EncodedChannel}; the bytes are what the codec named by
 * {@link #codecId()} wrote. Checks every batch as a typed reader does (its place, its seqs, its
 * CRC-32C) before returning a token of it.
 *
 * <p><b>Threading.</b> One thread at a time; handing it to another thread between calls is allowed
 * if the caller ensures happens-before. It never blocks: {@link #poll} returns null when no token
 * is stored yet, and the caller decides how to wait.
 *
 * <p><b>Ownership.</b> The opener closes it, which releases the files. It takes no lock: the
 * channel's writer is not held up by readers.
 *
 * <p><b>Failure.</b> Damaged files (a batch failing its checksum, a file cut short, excerpts that
 * cannot be read although the channel stores more) make {@link #poll} throw a
 * {@link ChannelException} naming the queue file and the seq; the tokens before the damage were
 * returned, it keeps failing until {@link #seek} moves it, and tokens of other files stay readable.
 * A stream whose writer stopped without ending it (a killed process, say) simply has no further
 * token: {@code poll} returns null, and {@link #isEndOfStream} false.
 *
 * <p><b>Experimental:</b> made for the space server of {@code sluice-remote}, written at the same
 * time; its API may change with that server.
 */
public final class EncodedChannelReader implements AutoCloseable {
    private final ChronicleStore store;
    private final StoreCursor<PassThroughCodec.Slice> cursor;
    /** A token read ahead by {@link #isEndOfStream}; returned by the next poll. */
    private PassThroughCodec.Slice pending;
    /**
     * The seq at which, finding no token and no writer alive, the reader made sure that no stored
     * excerpt lies beyond ({@link StoreCursor#checkNothingUnreadable}); -1 if at none. Done once
     * per seq, so that polling a channel nobody writes does not read its files again and again.
     */
    private long checkedStopAt = -1;
    private boolean closed;

    private EncodedChannelReader(ChronicleStore store) {
        this.store = store;
        this.cursor = new StoreCursor<>(store, new PassThroughCodec(store.metadata().codec()));
    }

    /**
     * Opens the channel in {@code channelDirectory} to read its tokens from {@code fromSeq} on.
     *
     * @param fromSeq the seq of the first token to read: from the first one kept (0, unless a
     *     retention step removed files) up to the stored count
     * @throws ChannelException naming the directory if it holds no channel or is damaged, or
     *     naming the channel if {@code fromSeq} was removed by retention or is beyond what is stored
     * @throws IllegalArgumentException if {@code fromSeq} is negative
     */
    public static EncodedChannelReader open(Path channelDirectory, long fromSeq) {
        ChronicleStore store = ChronicleStore.openForReading(channelDirectory);
        EncodedChannelReader reader = null;
        try {
            reader = new EncodedChannelReader(store);
            reader.seek(fromSeq);
            return reader;
        } catch (RuntimeException e) {
            if (reader != null) {
                reader.close();
            } else {
                store.close();
            }
            if (e instanceof ChannelException || e instanceof IllegalArgumentException) {
                throw e;
            }
            throw store.failure("cannot open the channel for reading: " + e, e);
        }
    }

    /** The name of the tokens' class, as recorded in {@code channel.json}. */
    public String typeName() {
        return store.metadata().type();
    }

    /** The id of the codec that encoded the tokens, as recorded in {@code channel.json}. */
    public String codecId() {
        return store.metadata().codec();
    }

    /** The seq of the next token poll returns. */
    public long position() {
        checkOpen();
        return cursor.seq() - (pending != null ? 1 : 0);
    }

    /**
     * Moves to {@code seq}: the next token {@link #poll} returns is token {@code seq}. Clears a
     * damage found before.
     *
     * @param seq any seq from the first kept one up to the stored count
     * @throws ChannelException naming the channel if {@code seq} was removed by retention or is
     *     beyond what is stored (the reader stays where it was), or naming the file if the file
     *     holding it is damaged
     * @throws IllegalArgumentException if {@code seq} is negative
     */
    public void seek(long seq) {
        checkOpen();
        if (seq < 0) {
            throw new IllegalArgumentException("seq must not be negative, was " + seq);
        }
        long kept = store.firstKeptSeq();
        if (seq < kept) {
            // Checked here too: a new cursor at 0 takes a seek to 0 as a move by no token.
            throw store.failure("it keeps its tokens from " + kept + " on; the tokens before were removed by a retention step;"
                    + " cannot seek to " + seq, null);
        }
        if (pending != null) {
            // The cursor is one token ahead of this reader: put it back, where a failed seek leaves it.
            cursor.seek(position());
            pending = null;
        }
        try {
            cursor.seek(seq);
        } catch (IllegalArgumentException e) {
            throw store.failure(e.getMessage(), e);
        }
        checkedStopAt = -1;
    }

    /**
     * The next token's bytes, or null if no further token is stored yet (or the stream ended: see
     * {@link #isEndOfStream}). Returns a new array for each token.
     *
     * @throws ChannelException naming the file and seq if the batch holding it is damaged (a CRC
     *     mismatch, say), or if no process writes the channel any more and excerpts stored after
     *     this position cannot be read
     */
    public byte[] poll() {
        checkOpen();
        if (pending != null) {
            byte[] bytes = pending.array();
            pending = null;
            return bytes;
        }
        PassThroughCodec.Slice token = cursor.next();
        if (token == null && !cursor.ended() && cursor.seq() != checkedStopAt && !WriterLock.isHeld(store.directory())) {
            // No writer any more: look once more (it may have written and exited since), then make
            // sure the stream really stops here rather than at damage that hides what follows.
            token = cursor.next();
            if (token == null && !cursor.ended()) {
                cursor.checkNothingUnreadable();
                checkedStopAt = cursor.seq();
            }
        }
        return token == null ? null : token.array();
    }

    /**
     * True if the stream's end marker was read and every token before it was returned. Reads
     * ahead one token to find out (kept for the next {@link #poll}).
     *
     * @throws ChannelException as {@link #poll} does
     */
    public boolean isEndOfStream() {
        checkOpen();
        if (pending == null && !cursor.ended()) {
            pending = cursor.next();
        }
        return pending == null && cursor.ended();
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("the reader of channel '" + store.channel() + "' (" + store.directory() + ") is closed");
        }
    }

    /** Releases the files. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            cursor.close();
        } finally {
            store.close();
        }
    }

    @Override
    public String toString() {
        return "EncodedChannelReader[" + store.channel() + " in " + store.directory() + "]";
    }
}
