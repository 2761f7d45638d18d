package io.sluice.channel.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.local.internal.BlockAllocation;
import io.sluice.channel.local.internal.QueueFileSpace;
import io.sluice.codec.Codec;
import io.sluice.testing.Tmpfs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link QueueFileSpace} both ways it allocates a queue file's blocks: with {@code fallocate}
 * where there is one, and by writing zeros (what a platform or file system without it gets). Either
 * way a reservation gives blocks ({@link FileBlocks}) to the file's holes before the write position
 * and to the room after it, never changes bytes already written, and a disk without room is a
 * {@link QueueFileSpace.NoRoomException} naming the file that leaves the tokens before it
 * readable and the space usable for a reservation that fits, which starts the file over if the
 * failure came first.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class QueueFileSpaceTest {
    private static final Codec<String> STRINGS = Codecs.builtIn().forType(String.class);
    private static final int TOKENS = 500;

    @TempDir
    Path work;

    private static Function<Path, BlockAllocation> allocation(String way) {
        return way.equals("zeros") ? file -> null : BlockAllocationTest::open;
    }

    /** Writes {@link #TOKENS} tokens into a new channel in {@code dir}; returns its store, open. */
    private static ChronicleStore storeWithTokens(Path dir) {
        ChronicleStore store = ChronicleStore.create(dir, "c", String.class, STRINGS, 1 << 20);
        try (StoreAppender<String> appender = store.appender(STRINGS, 0)) {
            for (int i = 0; i < TOKENS; i++) {
                appender.append("token " + i);
            }
        }
        return store;
    }

    /** Just past the last byte of {@code bytes} that is not zero: nothing was written beyond it. */
    private static long endOfData(byte[] bytes) {
        int end = bytes.length;
        while (end > 0 && bytes[end - 1] == 0) {
            end--;
        }
        return end;
    }

    private static void assertAllTokensReadable(ChronicleStore store) {
        try (StoreCursor<String> cursor = store.cursor(STRINGS, 0)) {
            for (int i = 0; i < TOKENS; i++) {
                assertThat(cursor.next()).isEqualTo("token " + i);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"fallocate", "zeros"})
    void reservingBeyondTheDataOfAQueueFileKeepsEveryByteWritten(String way) throws IOException {
        try (ChronicleStore store = storeWithTokens(work.resolve("c"))) {
            Path file = store.fileOf(0);
            byte[] before = Files.readAllBytes(file);
            long end = endOfData(before);
            try (QueueFileSpace space = new QueueFileSpace(store.directory(), store::fileOfCycle, allocation(way))) {
                space.reserve(store.cycleOf(TOKENS), end, 100);
                assertThat(space.reservedTo()).isGreaterThanOrEqualTo(end + 100 + QueueFileSpace.HEADROOM);
            }
            assertThat(Files.readAllBytes(file)).isEqualTo(before);
            assertAllTokensReadable(store);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"fallocate", "zeros"})
    void reservingInAFileGivesBlocksToItsHolesBeforeTheWritePositionAndToTheRoomAfterIt(String way) throws IOException {
        try (ChronicleStore store = storeWithTokens(work.resolve("c"))) {
            Path file = store.fileOf(0);
            byte[] before = Files.readAllBytes(file);
            long end = endOfData(before);
            FileBlocks.punchZeroPages(file);
            assertThat(FileBlocks.allocated(file)).as("blocks before the write position, once its zero pages are holes")
                    .isLessThan(end & -FileBlocks.PAGE);
            try (QueueFileSpace space = new QueueFileSpace(store.directory(), store::fileOfCycle, allocation(way))) {
                space.reserve(store.cycleOf(TOKENS), end, 100);
                assertThat(FileBlocks.allocated(file)).as("blocks, all the way to what is reserved")
                        .isGreaterThanOrEqualTo(space.reservedTo() & -FileBlocks.PAGE);
            }
            assertThat(Files.readAllBytes(file)).isEqualTo(before);
            assertAllTokensReadable(store);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"fallocate", "zeros"})
    void aFullDiskWhileGivingAFileItsFirstBlocksLeavesItToBeStartedOverByTheNextReservation(String way) throws Exception {
        Path disk = work.resolve("disk");
        try (Tmpfs tmpfs = Tmpfs.mountOrSkip(disk, "2m", false); ChronicleStore store = storeWithTokens(disk.resolve("c"))) {
            Path file = store.fileOf(0);
            long end = endOfData(Files.readAllBytes(file));
            FileBlocks.punchZeroPages(file);
            assertThat(FileBlocks.allocated(file)).as("blocks before the write position").isLessThan(end & -FileBlocks.PAGE);
            Path filler = Tmpfs.fill(disk.resolve("filler"));
            try (QueueFileSpace space = new QueueFileSpace(store.directory(), store::fileOfCycle, allocation(way))) {
                assertThatThrownBy(() -> space.reserve(store.cycleOf(TOKENS), end, 100))
                        .as("allocating the holes before the write position, as the space starts on the file")
                        .isInstanceOfSatisfying(QueueFileSpace.NoRoomException.class, e -> assertThat(e.file()).isEqualTo(file))
                        .hasMessageContaining("No space left on device");

                Files.delete(filler);
                space.reserve(store.cycleOf(TOKENS), end, 100);
                assertThat(FileBlocks.allocated(file)).as("blocks, the holes before the write position too")
                        .isGreaterThanOrEqualTo(space.reservedTo() & -FileBlocks.PAGE);
            }
            assertAllTokensReadable(store);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"fallocate", "zeros"})
    void reservingMoreThanTheDiskHoldsFailsNamingTheFileAndKeepsTheTokens(String way) throws Exception {
        Path disk = work.resolve("disk");
        try (Tmpfs tmpfs = Tmpfs.mountOrSkip(disk, "2m", false); ChronicleStore store = storeWithTokens(disk.resolve("c"))) {
            Path file = store.fileOf(0);
            long end = endOfData(Files.readAllBytes(file));
            try (QueueFileSpace space = new QueueFileSpace(store.directory(), store::fileOfCycle, allocation(way))) {
                assertThatThrownBy(() -> space.reserve(store.cycleOf(TOKENS), end, 4 << 20))
                        .isInstanceOfSatisfying(QueueFileSpace.NoRoomException.class, e -> assertThat(e.file()).isEqualTo(file))
                        .hasMessageContaining("the disk is full")
                        .hasMessageContaining("No space left on device");

                space.reserve(store.cycleOf(TOKENS), end, 100);
                assertThat(space.reservedTo()).as("a reservation that fits, after the one that did not")
                        .isGreaterThanOrEqualTo(end + 100 + QueueFileSpace.HEADROOM);
            }
            assertAllTokensReadable(store);
        }
    }
}
