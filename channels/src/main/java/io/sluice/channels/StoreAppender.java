package io.sluice.channels;

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
    private Thread owner;
    private long next;

    StoreAppender(ChronicleStore store, Codec<T> codec, long next) {
        this.store = store;
        this.codec = codec;
        this.next = next;
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
     * @throws io.sluice.channel.ChannelException if the files cannot be written (a full disk);
     *     tokens appended before stay readable
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
        long seq = next;
        store.clockFor(seq);
        try (DocumentContext dc = appender.writingDocument()) {
            try {
                Bytes<?> bytes = dc.wire().bytes();
                bytes.writeByte(tag);
                if (token != null) {
                    codec.write(token, out.on(bytes));
                }
            } catch (RuntimeException | Error e) {
                dc.rollbackOnClose();
                throw e;
            }
        } catch (CodecException e) {
            throw e;
        } catch (RuntimeException e) {
            throw store.failure("cannot write token " + seq + ": " + e, e);
        }
        long index = appender.lastIndexAppended();
        if (index != store.indexOf(seq)) {
            throw store.failure("token " + seq + " was stored at index " + Long.toHexString(index) + " instead of "
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
        appender.close();
    }
}
