package io.sluice.channels;

import io.sluice.channel.ChannelException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.BooleanSupplier;

/**
 * The OS lock on {@code writer.lock} in a Chronicle queue's directory that the one process
 * writing the queue holds: a channel's writer, or the recorder of a run's provenance. The OS
 * releases it when that process dies, so a free lock tells a reader that the files are no longer
 * being written, and that what a killed writer left half-made may be repaired ({@link
 * UnfinishedFiles}).
 *
 * <p>A lock held by this JVM counts as held: Java locks files per process, not per thread. The
 * static methods may be called from any thread; a taken lock is closed by its taker, once.
 */
public final class WriterLock implements AutoCloseable {
    /** The lock file's name in the queue's directory. */
    public static final String FILE = "writer.lock";

    private final FileChannel file;
    private final FileLock lock;

    private WriterLock(FileChannel file, FileLock lock) {
        this.file = file;
        this.lock = lock;
    }

    /**
     * Takes the lock of the queue in {@code directory}, creating the lock file if need be; the
     * caller closes it when it stops writing.
     *
     * @param queue what the queue is, for messages: a channel's name, say
     * @throws ChannelException naming the queue and directory if another writer holds the lock,
     *     or it cannot be taken
     */
    public static WriterLock take(Path directory, String queue) {
        FileChannel file = null;
        try {
            file = FileChannel.open(directory.resolve(FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = tryLock(file);
            if (lock == null) {
                throw new ChannelException(queue, directory, "it is being written by another writer (" + FILE + " is locked)", null);
            }
            return new WriterLock(file, lock);
        } catch (IOException | RuntimeException e) {
            closeQuietly(file);
            if (e instanceof ChannelException ce) {
                throw ce;
            }
            throw new ChannelException(queue, directory, "cannot take the writer lock " + FILE + ": " + e, e);
        }
    }

    /**
     * Whether a process, this one included, holds the lock of the queue in {@code directory}.
     * False if there is no lock file, or it cannot be opened to find out.
     */
    public static boolean isHeld(Path directory) {
        Path lockFile = directory.resolve(FILE);
        if (!Files.exists(lockFile)) {
            return false;
        }
        try (FileChannel ch = FileChannel.open(lockFile, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            FileLock lock = tryLock(ch);
            if (lock == null) {
                return true;
            }
            lock.release();
            return false;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Runs {@code repair} holding the lock of the queue in {@code directory}, if no writer holds it
     * and this process can take it; returns what {@code repair} returned, or false if it did not
     * run: a writer alive, in this JVM or another; no lock file (a queue written before writers
     * took one, which cannot be told from a live one); or a directory this process may only read.
     * Its files are then left to their writer.
     */
    public static boolean ifNoWriter(Path directory, BooleanSupplier repair) {
        Path lockFile = directory.resolve(FILE);
        if (!Files.exists(lockFile)) {
            return false;
        }
        try (FileChannel ch = FileChannel.open(lockFile, StandardOpenOption.WRITE)) {
            FileLock lock = tryLock(ch);
            if (lock == null) {
                return false;
            }
            try {
                return repair.getAsBoolean();
            } finally {
                lock.release();
            }
        } catch (IOException e) {
            return false;
        }
    }

    /** The lock, or null if a process holds it; OverlappingFileLockException means this one does. */
    private static FileLock tryLock(FileChannel file) throws IOException {
        try {
            return file.tryLock();
        } catch (OverlappingFileLockException e) {
            return null;
        }
    }

    /** Releases the lock. */
    @Override
    public void close() {
        try {
            lock.release();
        } catch (IOException e) {
            // The lock goes with the file below.
        }
        closeQuietly(file);
    }

    private static void closeQuietly(FileChannel file) {
        if (file != null) {
            try {
                file.close();
            } catch (IOException e) {
                // Nothing was written through it.
            }
        }
    }
}
