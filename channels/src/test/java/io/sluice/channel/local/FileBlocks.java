package io.sluice.channel.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import net.openhft.posix.PosixAPI;

/**
 * What Java cannot see of a file: which of its bytes have disk blocks. Counts them with {@code du}
 * and makes holes with {@code fallocate(FALLOC_FL_PUNCH_HOLE)}, through Chronicle's posix library;
 * Linux only: tests calling it are skipped elsewhere, and where the file system cannot punch holes.
 */
final class FileBlocks {
    static final int PAGE = 4096;
    private static final int O_RDWR = 2;
    private static final int FALLOC_FL_KEEP_SIZE = 1;
    private static final int FALLOC_FL_PUNCH_HOLE = 2;
    private static final int EOPNOTSUPP = 95;

    private FileBlocks() {}

    private static void assumeLinux() {
        assumeTrue(System.getProperty("os.name").toLowerCase().contains("linux"),
                "blocks are counted and punched on Linux only, this is " + System.getProperty("os.name"));
    }

    /** The bytes of disk blocks that {@code file} has, as {@code du} counts them (in whole KiB). */
    static long allocated(Path file) throws IOException {
        assumeLinux();
        return PosixAPI.posix().du(file.toString()) * 1024;
    }

    /** Frees the blocks of every page of {@code file} that holds only zeros; what it reads is unchanged. */
    static void punchZeroPages(Path file) throws IOException {
        assumeLinux();
        byte[] bytes = Files.readAllBytes(file);
        PosixAPI posix = PosixAPI.posix();
        int fd = posix.open(file.toString(), O_RDWR, 0);
        assertThat(fd).as("open " + file).isNotNegative();
        try {
            for (int p = 0; p < bytes.length; p += PAGE) {
                if (zeros(bytes, p, Math.min(bytes.length, p + PAGE))) {
                    if (posix.fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, p, PAGE) != 0) {
                        int errno = posix.lastError();
                        assumeTrue(errno != EOPNOTSUPP, "the file system of " + file + " cannot punch holes");
                        throw new AssertionError("punching a hole at " + p + " of " + file + ": " + posix.strerror(errno));
                    }
                }
            }
        } finally {
            posix.close(fd);
        }
    }

    private static boolean zeros(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return true;
    }
}
