package io.sluice.channel.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sluice.channel.local.internal.BlockAllocation;
import io.sluice.channel.local.internal.QueueFileSpace;
import io.sluice.testing.Tmpfs;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link BlockAllocation}: it takes disk space without changing what a file holds or how long it
 * is, and a disk without room is an {@link IOException} naming the file. Skipped where there is no
 * {@code fallocate} (not Linux), where {@link QueueFileSpace} writes zeros instead; on Linux,
 * failing to open a file for it fails the test.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BlockAllocationTest {
    private static final int MIB = 1 << 20;

    @TempDir
    Path work;

    /** A file of {@code length} bytes, all holes. */
    private static Path sparseFile(Path file, long length) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(length);
        }
        return file;
    }

    /** Opens a file for allocation; skips the test where there is no fallocate, fails on Linux. */
    static BlockAllocation open(Path file) {
        assumeTrue(System.getProperty("os.name").toLowerCase().contains("linux"), "no fallocate on "
                + System.getProperty("os.name"));
        BlockAllocation blocks = BlockAllocation.open(file);
        assertThat(blocks).as("fallocate through Chronicle's posix library on Linux").isNotNull();
        return blocks;
    }

    @Test
    void allocatingOverWrittenBytesKeepsThemAndTheFileLength() throws IOException {
        Path file = sparseFile(work.resolve("f"), 4L * MIB);
        byte[] data = new byte[10_000];
        new Random(42).nextBytes(data);
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(5_000);
            f.write(data);
        }
        try (BlockAllocation blocks = open(file)) {
            assumeTrue(blocks.allocate(0, 2L * MIB), "the file system of " + work + " cannot allocate without writing");
            assertThat(blocks.allocate(MIB, MIB)).as("an empty range").isTrue();
        }
        byte[] read = Files.readAllBytes(file);
        assertThat(read).hasSize(4 * MIB);
        assertThat(Arrays.copyOfRange(read, 5_000, 15_000)).isEqualTo(data);
        assertThat(Arrays.copyOfRange(read, 0, 5_000)).containsOnly(0);
        assertThat(Arrays.copyOfRange(read, 15_000, 4 * MIB)).containsOnly(0);
    }

    @Test
    void allocatingGivesTheRangeBlocksEvenPastTheEndWithoutChangingTheLength() throws IOException {
        Path file = sparseFile(work.resolve("f"), 64 << 10);
        assumeTrue(FileBlocks.allocated(file) == 0, "the file system of " + work + " makes no sparse files");
        try (BlockAllocation blocks = open(file)) {
            assumeTrue(blocks.allocate(32 << 10, MIB), "the file system of " + work + " cannot allocate without writing");
        }
        assertThat(Files.size(file)).as("the length").isEqualTo(64 << 10);
        assertThat(FileBlocks.allocated(file)).as("bytes with blocks, of 32 KiB to 1 MiB asked for")
                .isGreaterThanOrEqualTo(MIB - (32 << 10))
                .isLessThan(MIB);
    }

    @Test
    void allocatingTakesTheDiskSpaceAndAFullDiskIsAnErrorNamingTheFile() throws Exception {
        Path disk = work.resolve("disk");
        try (Tmpfs tmpfs = Tmpfs.mountOrSkip(disk, "2m", false)) {
            Path file = sparseFile(disk.resolve("f"), 16L * MIB);
            long free = Files.getFileStore(disk).getUsableSpace();
            try (BlockAllocation blocks = open(file)) {
                assertThat(blocks.allocate(0, MIB)).isTrue();
                assertThat(Files.getFileStore(disk).getUsableSpace()).isLessThanOrEqualTo(free - MIB);

                assertThatThrownBy(() -> blocks.allocate(MIB, 8L * MIB))
                        .isInstanceOf(IOException.class)
                        .hasMessageStartingWith(file + ": cannot allocate bytes " + MIB + " to " + 8 * MIB + ": ")
                        .hasMessageContaining("No space left on device");
            }
            assertThat(Files.size(file)).isEqualTo(16L * MIB);
        }
    }
}
