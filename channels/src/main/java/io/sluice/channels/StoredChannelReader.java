package io.sluice.channels;

import io.sluice.channel.SeekableChannelReader;
import io.sluice.codec.Codec;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.locks.LockSupport;

/**
 * A reader of a persistent channel from outside the run that writes it, possibly in another
 * process, opened by {@link PersistentChannels#openReader}. With no writer in this process to wake
 * it, a waiting reader polls the files, backing off from 50 microseconds to 10 milliseconds.
 *
 * <p><b>End of stream.</b> The stream ends at the end marker the writer appends when it closes.
 * If no process writes the channel any more and there is no end marker (the writer was killed, or
 * its run stopped), the stream ends after the last token stored; {@link #complete()} tells the two
 * apart.
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
    private boolean closed;

    StoredChannelReader(ChronicleStore store, Codec<T> codec) {
        this.store = store;
        this.cursor = store.cursor(codec, 0);
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
        return pending != null || cursor.ended() || !writerAlive();
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
        return isReady() && pending == null && (cursor.ended() || !writerAlive());
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
        pending = null;
        cursor.seek(seq);
    }

    /**
     * Whether some process holds the channel's writer lock. Asked only when no token is there, so
     * the cost of a file lock does not weigh on reads.
     */
    private boolean writerAlive() {
        return writerAlive(store.directory());
    }

    /** Whether some process holds the writer lock of the channel in {@code directory}. */
    static boolean writerAlive(Path directory) {
        Path lockFile = directory.resolve(ChronicleStore.LOCK_FILE);
        if (!Files.exists(lockFile)) {
            return false;
        }
        try (FileChannel ch = FileChannel.open(lockFile, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            FileLock lock = ch.tryLock();
            if (lock == null) {
                return true;
            }
            lock.release();
            return false;
        } catch (OverlappingFileLockException e) {
            return true;
        } catch (IOException e) {
            return false;
        }
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
