package io.sluice.channels;

import io.sluice.codec.Codec;
import io.sluice.codec.CodecException;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Reads the tokens of a {@link ChronicleStore} in order from a position. Used by one thread at a
 * time; handing it to another thread is allowed between calls.
 */
final class StoreCursor<T> implements AutoCloseable {
    private final ChronicleStore store;
    private final Codec<T> codec;
    private final BytesCodecInput in = new BytesCodecInput();
    private final ExcerptTailer tailer;
    private Thread owner;
    private long seq;
    private boolean ended;

    StoreCursor(ChronicleStore store, Codec<T> codec) {
        this.store = store;
        this.codec = codec;
        try {
            this.tailer = store.queue().createTailer();
        } catch (RuntimeException e) {
            throw store.failure("cannot read: " + e, e);
        }
        this.owner = Thread.currentThread();
    }

    /**
     * The next token, or null if none is stored yet or the stream has ended ({@link #ended()}).
     *
     * @throws io.sluice.channel.ChannelException if the stored bytes are not a token: corrupt or
     *     truncated files; the message names the seq and the directory
     */
    T next() {
        if (ended) {
            return null;
        }
        ownedBy(Thread.currentThread());
        try (DocumentContext dc = tailer.readingDocument()) {
            if (!dc.isPresent()) {
                return null;
            }
            long at = store.seqOf(dc.index());
            if (at != seq) {
                throw store.failure("expected token " + seq + " but found excerpt " + at + "; the queue files are corrupt", null);
            }
            Bytes<?> bytes = dc.wire().bytes();
            if (bytes.readRemaining() < 1) {
                throw store.failure("token " + seq + " is empty; the queue files are corrupt", null);
            }
            byte tag = bytes.readByte();
            if (tag == ChronicleStore.END) {
                ended = true;
                return null;
            }
            if (tag != ChronicleStore.TOKEN) {
                throw store.failure("token " + seq + " has an unknown tag " + tag + "; the queue files are corrupt", null);
            }
            T token = codec.read(in.on(bytes));
            seq++;
            return token;
        } catch (CodecException e) {
            throw store.failure("token " + seq + " cannot be decoded by codec '" + codec.id() + "': " + e.getMessage(), e);
        } catch (io.sluice.channel.ChannelException e) {
            throw e;
        } catch (RuntimeException e) {
            throw store.failure("cannot read token " + seq + ": " + e, e);
        }
    }

    /** True once the end-of-stream marker was read. */
    boolean ended() {
        return ended;
    }

    /** The seq of the next token {@link #next()} returns. */
    long seq() {
        return seq;
    }

    /**
     * Moves to {@code target}: the next token read will be token {@code target}, whether it is
     * stored already or will be.
     *
     * @throws IllegalArgumentException if {@code target} is negative or beyond the last token
     *     stored plus one
     */
    void seek(long target) {
        if (target < 0) {
            throw new IllegalArgumentException("seq must not be negative, was " + target);
        }
        ownedBy(Thread.currentThread());
        try {
            if (target == 0) {
                tailer.toStart();
            } else if (!tailer.moveToIndex(store.indexOf(target))) {
                // Not stored (yet): position just after the token before it, if that is stored.
                if (!tailer.moveToIndex(store.indexOf(target - 1))) {
                    throw new IllegalArgumentException("channel '" + store.channel() + "' has fewer than " + target
                            + " tokens; cannot seek to " + target);
                }
                try (DocumentContext dc = tailer.readingDocument()) {
                    if (!dc.isPresent() || dc.wire().bytes().readByte() != ChronicleStore.TOKEN) {
                        throw new IllegalArgumentException("channel '" + store.channel() + "' ends before token " + target);
                    }
                }
            }
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (RuntimeException e) {
            throw store.failure("cannot seek to token " + target + ": " + e, e);
        }
        seq = target;
        ended = false;
    }

    void ownedBy(Thread thread) {
        if (owner != thread) {
            tailer.singleThreadedCheckReset();
            owner = thread;
        }
    }

    @Override
    public void close() {
        ownedBy(Thread.currentThread());
        tailer.close();
    }
}
