package io.sluice.channels;

import io.sluice.channel.ChannelException;
import io.sluice.codec.Codec;
import io.sluice.codec.CodecException;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Appends tokens, and finally the end marker, to a {@link ChronicleStore}. Used by one thread at a
 * time; handing it to another thread is allowed between calls (see {@link #ownedBy}).
 */
final class StoreAppender<T> implements AutoCloseable {
    private final ChronicleStore store;
    private final Codec<T> codec;
    private final BytesCodecOutput out = new BytesCodecOutput();
    private final ExcerptAppender appender;
    private final QueueFileSpace space;
    private Thread owner;
    private long next;
    /** Set when a write faulted: the files are in an unknown state, nothing more is written. */
    private ChannelException broken;

    StoreAppender(ChronicleStore store, Codec<T> codec, long next) {
        this.store = store;
        this.codec = codec;
        this.next = next;
        this.space = new QueueFileSpace(store);
        try {
            this.appender = store.queue().createAppender();
        } catch (RuntimeException e) {
            throw store.failure("cannot append: " + e, e);
        }
        this.owner = Thread.currentThread();
    }

    /**
     * Appends a token as seq {@link #next()}.
     *
     * @throws CodecException if the codec cannot encode it; nothing is written
     * @throws ChannelException naming the queue file if it cannot be written (a full disk: see
     *     {@link QueueFileSpace}); nothing of the token is written, tokens appended before stay
     *     readable, and the append may be tried again once there is room
     */
    void append(T token) {
        write(ChronicleStore.TOKEN, token);
    }

    /** Appends the end-of-stream marker. */
    void appendEnd() {
        write(ChronicleStore.END, null);
    }

    private void write(byte tag, T token) {
        ownedBy(Thread.currentThread());
        if (broken != null) {
            throw store.failure(next, "an earlier write failed: " + broken.getMessage(), broken);
        }
        long seq = next;
        store.clockFor(seq);
        if (seq % store.metadata().tokensPerFile() == 0) {
            // Chronicle creates the file of this token in writingDocument(), before space can be reserved in it.
            space.checkRoomForNewFile(seq);
        }
        try (DocumentContext dc = appender.writingDocument()) {
            try {
                Bytes<?> bytes = dc.wire().bytes();
                space.reserve(seq, bytes.writePosition(), 0);
                bytes.writeByte(tag);
                if (token != null) {
                    codec.write(token, out.on(bytes, space, seq));
                }
            } catch (RuntimeException | Error e) {
                dc.rollbackOnClose();
                throw e;
            }
        } catch (CodecException | ChannelException e) {
            throw e;
        } catch (RuntimeException e) {
            throw store.failure(seq, "cannot write token " + seq + ": " + e, e);
        } catch (InternalError e) {
            // A backstop: a faulting write through the memory map, if the JVM reports it here. What
            // Chronicle wrote since is unknown: no more writes.
            broken = store.failure(seq, "cannot write token " + seq + ": the memory-mapped file could not be written ("
                    + e.getMessage() + "); the disk is full, or its file system failed", e);
            throw broken;
        }
        long index = appender.lastIndexAppended();
        if (index != store.indexOf(seq)) {
            throw store.failure(seq, "token " + seq + " was stored at index " + Long.toHexString(index) + " instead of "
                    + Long.toHexString(store.indexOf(seq)) + "; the queue files were changed by something else", null);
        }
        next = seq + 1;
    }

    /** The seq the next token will get. */
    long next() {
        return next;
    }

    /** Lets {@code thread} use the appender from now on; the caller ensures happens-before. */
    void ownedBy(Thread thread) {
        if (owner != thread) {
            appender.singleThreadedCheckReset();
            owner = thread;
        }
    }

    /** Forces what was appended to the disk (msync), so that it survives a power loss. */
    void sync() {
        ownedBy(Thread.currentThread());
        appender.sync();
    }

    @Override
    public void close() {
        ownedBy(Thread.currentThread());
        try {
            appender.close();
        } finally {
            space.close();
        }
    }
}
