package io.sluice.channel.local.internal;

import java.io.IOException;
import java.nio.file.Path;
import net.openhft.posix.PosixAPI;

/**
 * Allocates a file's disk blocks without writing them: Linux's {@code fallocate(2)}, called through
 * Chronicle's posix library (which Chronicle Queue loads itself). Blocks already holding data are
 * left as they are, so allocating over a range that was partly written loses nothing; new blocks
 * read as zeros. The file's size does not change ({@code FALLOC_FL_KEEP_SIZE}).
 *
 * <p>Where there is no such call (not Linux, no native access) {@link #open} returns null, and
 * where the call fails for any reason but a lack of room (a file system that does not support
 * it, a sandbox that forbids it) {@link #allocate} returns false: the caller then writes zeros
 * instead ({@link QueueFileSpace}), which report their own error if the file cannot be written.
 *
 * <p>Used by one thread. {@link #close} closes the file descriptor it holds.
 */
public final class BlockAllocation implements AutoCloseable {
    private static final int O_RDWR = 2;
    private static final int FALLOC_FL_KEEP_SIZE = 1;
    private static final int EINTR = 4;
    /** No space left on device, and disk quota exceeded (Linux's numbers on x86 and ARM). */
    private static final int ENOSPC = 28;
    private static final int EDQUOT = 122;

    private final PosixAPI posix;
    private final Path file;
    private int fd;

    private BlockAllocation(PosixAPI posix, Path file, int fd) {
        this.posix = posix;
        this.file = file;
        this.fd = fd;
    }

    /**
     * Opens {@code file} (which exists) for allocation, or returns null if this platform cannot
     * allocate without writing or the file cannot be opened this way; the caller then writes
     * zeros, through a file it opened itself.
     */
    public static BlockAllocation open(Path file) {
        if (!System.getProperty("os.name", "").toLowerCase().contains("linux")) {
            return null;
        }
        try {
            PosixAPI posix = PosixAPI.posix();
            int fd = posix.open(file.toString(), O_RDWR, 0);
            return fd < 0 ? null : new BlockAllocation(posix, file, fd);
        } catch (RuntimeException | LinkageError e) {
            // No native access (the posix library falls back to one that refuses to open files).
            return null;
        }
    }

    /**
     * Allocates the blocks of bytes {@code [from, to)}.
     *
     * @return false if the blocks cannot be allocated this way for a reason other than a lack of
     *     room: the caller writes zeros instead
     * @throws IOException naming the file and the system's reason ("No space left on device",
     *     "Disk quota exceeded") if there is no room for them; some of them may have been
     *     allocated
     */
    public boolean allocate(long from, long to) throws IOException {
        if (to <= from) {
            return true;
        }
        while (true) {
            int result;
            try {
                result = posix.fallocate(fd, FALLOC_FL_KEEP_SIZE, from, to - from);
            } catch (RuntimeException | LinkageError e) {
                return false; // the native call itself is missing
            }
            if (result == 0) {
                return true;
            }
            int errno = posix.lastError();
            if (errno == ENOSPC || errno == EDQUOT) {
                throw new IOException(file + ": cannot allocate bytes " + from + " to " + to + ": " + posix.strerror(errno)
                        + " (errno " + errno + ")");
            }
            if (errno != EINTR) {
                return false;
            }
        }
    }

    @Override
    public void close() {
        if (fd >= 0) {
            posix.close(fd);
            fd = -1;
        }
    }
}
