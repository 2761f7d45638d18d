package io.sluice.channels;

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
 * where the file system does not support it (some network file systems) {@link #allocate}
 * returns false: the caller then writes zeros instead ({@link QueueFileSpace}).
 *
 * <p>Used by one thread. {@link #close} closes the file descriptor it holds.
 */
final class BlockAllocation implements AutoCloseable {
    private static final int O_RDWR = 2;
    private static final int FALLOC_FL_KEEP_SIZE = 1;
    private static final int EINTR = 4;
    private static final int ENOSYS = 38;
    private static final int EOPNOTSUPP = 95;

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
     * allocate without writing or the file cannot be opened: the caller's own open of the file
     * then reports why.
     */
    static BlockAllocation open(Path file) {
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
     * @return false, having allocated nothing, if the file system cannot allocate without writing
     * @throws IOException naming the file and the system's reason (e.g. "No space left on device")
     *     if the blocks cannot be allocated; some of them may have been
     */
    boolean allocate(long from, long to) throws IOException {
        if (to <= from) {
            return true;
        }
        while (true) {
            if (posix.fallocate(fd, FALLOC_FL_KEEP_SIZE, from, to - from) == 0) {
                return true;
            }
            int errno = posix.lastError();
            if (errno == EOPNOTSUPP || errno == ENOSYS) {
                return false;
            }
            if (errno != EINTR) {
                throw new IOException(file + ": cannot allocate bytes " + from + " to " + to + ": " + posix.strerror(errno)
                        + " (errno " + errno + ")");
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
