package io.sluice.channel.local.internal;

import io.sluice.channel.ChannelBusyException;
import io.sluice.channel.ChannelException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;

/**
 * The OS lock on {@code writer.lock} in a Chronicle queue's directory that the one process
 * writing the queue holds: a channel's writer, or the recorder of a run's provenance. The OS
 * releases it when that process dies, so a free lock tells a reader that the files are no longer
 * being written, and that what a killed writer left half-made may be repaired ({@link
 * UnfinishedFiles}).
 *
 * <p>A lock held by this JVM counts as held: Java locks files per process, not per thread
 * ({@link ProcessLock}). The static methods may be called from any thread; a taken lock is closed
 * by its taker, once.
 */
public final class WriterLock implements AutoCloseable {
    /** The lock file's name in the queue's directory. */
    public static final String FILE = "writer.lock";

    private final ProcessLock lock;

    private WriterLock(ProcessLock lock) {
        this.lock = lock;
    }

    /**
     * Takes the lock of the queue in {@code directory}, creating the lock file if need be; the
     * caller closes it when it stops writing.
     *
     * @param queue what the queue is, for messages: a channel's name, say
     * @throws ChannelBusyException naming the queue and directory if another writer holds the lock
     * @throws ChannelException naming them if the lock cannot be taken for another reason
     */
    public static WriterLock take(Path directory, String queue) {
        ProcessLock lock;
        try {
            lock = ProcessLock.tryTake(directory.resolve(FILE));
        } catch (IOException | RuntimeException e) {
            throw new ChannelException(queue, directory, "cannot take the writer lock " + FILE + ": " + e, e);
        }
        if (lock == null) {
            throw new ChannelBusyException(queue, directory, "it is being written by another writer (" + FILE + " is locked)");
        }
        return new WriterLock(lock);
    }

    /**
     * Whether a process, this one included, holds the lock of the queue in {@code directory}.
     * False if there is no lock file, or it cannot be opened to find out.
     */
    public static boolean isHeld(Path directory) {
        return ProcessLock.isHeld(directory.resolve(FILE));
    }

    /**
     * Runs {@code repair} holding the lock of the queue in {@code directory}, if no writer holds it
     * and this process can take it; returns what {@code repair} returned, or false if it did not
     * run: a writer alive, in this JVM or another; no lock file (a queue written before writers
     * took one, which cannot be told from a live one); or a directory this process may only read.
     * Its files are then left to their writer.
     */
    public static boolean ifNoWriter(Path directory, BooleanSupplier repair) {
        return ProcessLock.ifFree(directory.resolve(FILE), repair);
    }

    /** Releases the lock. */
    @Override
    public void close() {
        lock.close();
    }
}
