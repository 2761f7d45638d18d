package io.sluice.channel.local.internal;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;

/**
 * An OS lock on a file that one process holds until it closes it or dies: the OS releases it
 * then, so a free lock tells another process that its holder is gone. What the lock guards is the
 * caller's: a queue's writer ({@link WriterLock}), a run's work directory.
 *
 * <p><b>This JVM's locks.</b> Java's file locks belong to the process, and on POSIX systems
 * closing any channel open on a locked file releases the process's lock on it, even one taken
 * through another channel. So this JVM never opens a file it holds locked a second time: the
 * files it holds are listed here, by their real paths, for as long as they are held, and asking
 * about one of them answers from that list. The list is the JVM-wide state that file locks are
 * anyway; it holds no more than the locks themselves.
 *
 * <p>The static methods may be called from any thread; a taken lock is closed by its taker, once.
 */
public final class ProcessLock implements AutoCloseable {
    /** The files this JVM holds locked, by real path. */
    private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();
    /**
     * The files of {@link #HELD} that this JVM holds only briefly, to ask whether another process
     * does ({@link #isHeld}) or to act while none does ({@link #ifFree}): a taker on another
     * thread waits for such a probe to end, at most {@link #PROBE_WAIT_NANOS}, rather than take
     * it for a holder.
     */
    private static final ConcurrentHashMap<Path, Integer> PROBES = new ConcurrentHashMap<>();
    private static final long PROBE_WAIT_NANOS = 2_000_000_000L;

    private final Path key;
    private final FileChannel channel;
    private final FileLock lock;
    private final boolean probe;

    private ProcessLock(Path key, FileChannel channel, FileLock lock, boolean probe) {
        this.key = key;
        this.channel = channel;
        this.lock = lock;
        this.probe = probe;
    }

    /**
     * Takes the lock on {@code file}, creating the file if need be (its directory must exist).
     *
     * @return the lock, or null if a process holds it: another one, or this one
     * @throws IOException if the file cannot be created or opened
     */
    public static ProcessLock tryTake(Path file) throws IOException {
        return tryTake(file, false);
    }

    private static ProcessLock tryTake(Path file, boolean probe) throws IOException {
        Path key = key(file);
        if (probe) {
            if (HELD.contains(key)) {
                return null; // held by this JVM (a writer on another thread, say): answered without marking a probe
            }
            PROBES.merge(key, 1, Integer::sum); // before HELD, so that a taker that finds it held sees why
        }
        long deadline = System.nanoTime() + PROBE_WAIT_NANOS;
        while (!HELD.add(key)) {
            if (probe || !PROBES.containsKey(key) || System.nanoTime() - deadline > 0) {
                if (probe) {
                    unprobe(key);
                }
                return null;
            }
            Thread.yield(); // another thread of this JVM is only probing it: wait for that to end
        }
        FileChannel channel = null;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock lock = tryLock(channel);
            if (lock == null) {
                channel.close();
                release(key, probe);
                return null;
            }
            return new ProcessLock(key, channel, lock, probe);
        } catch (IOException | RuntimeException | Error e) {
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            release(key, probe);
            throw e;
        }
    }

    /**
     * Whether a process, this one included, holds the lock on {@code file}. False if the file does
     * not exist, or cannot be opened to find out.
     */
    public static boolean isHeld(Path file) {
        try (ProcessLock probe = tryTake(existing(file), true)) {
            return probe == null;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Runs {@code action} holding the lock on {@code file}, if no process holds it and this one
     * can take it; returns what {@code action} returned, or false if it did not run (the lock is
     * held, the file does not exist, or it cannot be opened for writing).
     */
    public static boolean ifFree(Path file, BooleanSupplier action) {
        try (ProcessLock lock = tryTake(existing(file), true)) {
            return lock != null && action.getAsBoolean();
        } catch (IOException e) {
            return false;
        }
    }

    /** The channel of the locked file, to write who holds it, say; closed with the lock. */
    public FileChannel channel() {
        return channel;
    }

    /** Releases the lock. */
    @Override
    public void close() {
        try {
            lock.release();
        } catch (IOException e) {
            // The lock goes with the channel below.
        }
        try {
            channel.close();
        } catch (IOException e) {
            // Nothing is lost: the OS releases the lock with the channel.
        } finally {
            release(key, probe);
        }
    }

    /** Lets {@code key} go: from {@link #HELD} first, so that a taker waiting on a probe finds it free. */
    private static void release(Path key, boolean probe) {
        HELD.remove(key);
        if (probe) {
            unprobe(key);
        }
    }

    private static void unprobe(Path key) {
        PROBES.computeIfPresent(key, (k, n) -> n == 1 ? null : n - 1);
    }

    /** {@code file}, or a {@link NoSuchFileException} if it does not exist (a lock is never created to ask about it). */
    private static Path existing(Path file) throws NoSuchFileException {
        if (!Files.exists(file)) {
            throw new NoSuchFileException(file.toString());
        }
        return file;
    }

    /** The file's real path, or its directory's with its name if it does not exist yet. */
    private static Path key(Path file) throws IOException {
        if (Files.exists(file)) {
            return file.toRealPath();
        }
        Path parent = file.toAbsolutePath().getParent();
        return parent.toRealPath().resolve(file.getFileName());
    }

    /** The lock, or null if another process holds it; OverlappingFileLockException means this JVM does. */
    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException e) {
            return null;
        }
    }
}
