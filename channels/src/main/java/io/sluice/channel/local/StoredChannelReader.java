package io.sluice.channel.local;

import io.sluice.channel.SeekableChannelReader;
import io.sluice.channel.local.internal.WriterLock;
import io.sluice.codec.Codec;
import java.util.concurrent.locks.LockSupport;

/**
 * A reader of a persistent channel from outside the run that writes it, possibly in another
 * process, opened by {@link PersistentChannels#openReader}. With no writer in this process to wake
 * it, a waiting reader polls the files, backing off from 50 microseconds to 10 milliseconds.
 *
 * <p><b>End of stream.</b> The stream ends at the end marker the writer appends when it closes.
 * If no process writes the channel any more and there is no end marker (the writer was killed, or
 * its run stopped), the stream ends after the last token stored; {@link #complete()} tells the two
 * apart. A stream that stops before excerpts the files still hold (a corrupt or truncated queue
 * file) is not taken for a cut-off one: reading it throws a {@link io.sluice.channel.ChannelException}
 * naming the file, after the tokens before the damage.
 *
 * <p>Used by one thread at a time; closing it releases the files.
 */
final class StoredChannelReader<T> implements SeekableChannelReader<T> {
    private static final long MIN_BACKOFF_NANOS = 50_000;
    private static final long MAX_BACKOFF_NANOS = 10_000_000;

    private final ChronicleStore store;
    private final StoreCursor<T> cursor;
    /** A token read ahead by {@link #isReady()}; returned by the next take. */
    private T pending;
    /** Set once the stream was found to stop, without an end marker, where no writer can add to it. */
    private boolean cutOff;
    private boolean closed;

    StoredChannelReader(ChronicleStore store, Codec<T> codec) {
        this.store = store;
        this.cursor = store.cursor(codec, store.firstKeptSeq());
    }

    @Override
    public String name() {
        return "reader of " + store.directory();
    }

    @Override
    public T poll() {
        checkOpen();
        if (pending != null) {
            T t = pending;
            pending = null;
            return t;
        }
        return cursor.next();
    }

    @Override
    public T take() throws InterruptedException {
        awaitReady();
        return poll();
    }

    @Override
    public boolean isReady() {
        checkOpen();
        if (pending == null) {
            pending = cursor.next();
        }
        if (pending != null || cursor.ended() || cutOff) {
            return true;
        }
        if (writerAlive()) {
            return false;
        }
        // No writer any more: look once more (it may have written and exited since), then make
        // sure the stream really stops here rather than at a damaged file.
        pending = cursor.next();
        if (pending == null && !cursor.ended()) {
            cursor.checkNothingUnreadable();
            cutOff = true;
        }
        return true;
    }

    @Override
    public void awaitReady() throws InterruptedException {
        long backoff = MIN_BACKOFF_NANOS;
        while (!isReady()) {
            LockSupport.parkNanos(this, backoff);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            backoff = Math.min(MAX_BACKOFF_NANOS, backoff * 2);
        }
    }

    @Override
    public boolean isEndOfStream() {
        return isReady() && pending == null && (cursor.ended() || cutOff);
    }

    /** True if the stream ended with the writer's end marker, false if it was cut off or goes on. */
    public boolean complete() {
        return cursor.ended();
    }

    @Override
    public long position() {
        return cursor.seq() - (pending != null ? 1 : 0);
    }

    @Override
    public void seek(long seq) {
        checkOpen();
        if (pending != null) {
            // The cursor is one token ahead of this reader.
            cursor.seek(position());
            pending = null;
        }
        cursor.seek(seq);
        cutOff = false;
    }

    /**
     * Whether some process holds the channel's writer lock. Asked only when no token is there, so
     * the cost of a file lock does not weigh on reads.
     */
    private boolean writerAlive() {
        return WriterLock.isHeld(store.directory());
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException(name() + " is closed");
        }
    }

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
}
