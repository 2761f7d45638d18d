package io.sluice.channel.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.local.internal.ChronicleSettings;
import io.sluice.channel.local.internal.PlainQueueFile;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PlainQueueFile}: a queue file's excerpts walked with plain reads, up to the last one its
 * header records; a file cut short, or whose chain of entries breaks, is refused naming it, and
 * bytes after the last excerpt are never read.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PlainQueueFileTest {
    private static final int EXCERPTS = 300;

    static {
        ChronicleSettings.apply();
    }

    @TempDir
    Path dir;
    private int cycle;
    private Path file;
    /** Where each excerpt's header word is, as the walk of the whole file found them. */
    private final List<Long> positions = new ArrayList<>();

    /** Excerpt {@code i}: {@code i % 50 + 1} bytes, each {@code i}. */
    private static byte[] excerpt(int i) {
        byte[] b = new byte[i % 50 + 1];
        java.util.Arrays.fill(b, (byte) i);
        return b;
    }

    @BeforeEach
    void writeQueue() throws IOException {
        try (SingleChronicleQueue queue = queue(false); ExcerptAppender appender = queue.createAppender()) {
            for (int i = 0; i < EXCERPTS; i++) {
                try (DocumentContext dc = appender.writingDocument()) {
                    dc.wire().bytes().write(excerpt(i));
                }
            }
            cycle = appender.cycle();
        }
        file = walk(true).file;
    }

    private SingleChronicleQueue queue(boolean readOnly) {
        return SingleChronicleQueueBuilder.binary(dir).rollCycle(RollCycles.FAST_DAILY).blockSize(256 << 10).readOnly(readOnly).build();
    }

    /** What a walk of the file found. */
    private record Walked(Path file, List<byte[]> excerpts) {}

    private Walked walk(boolean recordPositions) throws IOException {
        try (SingleChronicleQueue queue = queue(true); PlainQueueFile f = PlainQueueFile.open(queue, cycle)) {
            List<byte[]> out = new ArrayList<>();
            while (f.next()) {
                assertThat(f.seq()).isEqualTo(out.size());
                out.add(java.util.Arrays.copyOf(f.excerpt(), f.excerptLength()));
                if (recordPositions) {
                    positions.add(f.excerptPosition());
                }
            }
            if (recordPositions) {
                assertThat(f.lastExcerpt()).isEqualTo(positions.get(positions.size() - 1));
            }
            return new Walked(f.file(), out);
        }
    }

    @Test
    void everyExcerptIsReadInOrderUpToTheLastTheHeaderRecords() throws IOException {
        List<byte[]> read = walk(false).excerpts();
        assertThat(read).hasSize(EXCERPTS);
        for (int i = 0; i < EXCERPTS; i++) {
            assertThat(read.get(i)).as("excerpt %d", i).isEqualTo(excerpt(i));
        }
        try (SingleChronicleQueue queue = queue(true)) {
            assertThat(PlainQueueFile.fileOfCycle(queue, cycle)).isEqualTo(file);
            assertThat(PlainQueueFile.open(queue, cycle + 1)).as("no such file").isNull();
        }
    }

    @Test
    void garbageAfterTheLastExcerptIsNotRead() throws IOException {
        long last = positions.get(EXCERPTS - 1);
        byte[] garbage = new byte[4096];
        new java.util.Random(7).nextBytes(garbage);
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(last + 4 + excerpt(EXCERPTS - 1).length + 3 & ~3L);
            raf.write(garbage);
        }
        assertThat(walk(false).excerpts()).hasSize(EXCERPTS);
    }

    @Test
    void aFileCutShortIsRefusedNamingIt() throws IOException {
        long last = positions.get(EXCERPTS - 1);
        for (long length : new long[] {last + 6, last, positions.get(EXCERPTS / 2), 100}) {
            try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
                raf.setLength(length);
            }
            assertThatThrownBy(() -> walk(false)).as("cut to %d bytes", length)
                    .isInstanceOf(PlainQueueFile.DamagedFileException.class).hasMessageStartingWith(file + ": ")
                    .hasMessageContaining("truncated");
        }
    }

    @Test
    void aBrokenChainOfEntriesIsRefusedNamingIt() throws IOException {
        long middle = positions.get(EXCERPTS / 2);
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(middle);
            raf.writeInt(0);
        }
        assertThatThrownBy(() -> walk(false)).isInstanceOf(PlainQueueFile.DamagedFileException.class)
                .hasMessageStartingWith(file + ": the entry at byte " + middle + " is not written");
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(middle);
            raf.writeInt(Integer.reverseBytes(0x3FFF_0000)); // a length far beyond the file
        }
        assertThatThrownBy(() -> walk(false)).isInstanceOf(PlainQueueFile.DamagedFileException.class)
                .hasMessageStartingWith(file + ": the entry at byte " + middle + " ends at byte");
    }

    @Test
    void aFileWhoseHeaderWasNeverFinishedHoldsNothingToReadUnlessEntriesFollowIt() throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.writeInt(0);
        }
        try (SingleChronicleQueue queue = queue(true)) {
            assertThatThrownBy(() -> PlainQueueFile.open(queue, cycle)).isInstanceOf(PlainQueueFile.DamagedFileException.class)
                    .hasMessage(file + ": its header is missing (zeros), yet entries follow it; the queue file is damaged");
        }
        // Marked not complete, but with a length: not what Chronicle's creator writes.
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.writeInt(Integer.reverseBytes(0x8000_0000 | 193));
        }
        try (SingleChronicleQueue queue = queue(true)) {
            assertThatThrownBy(() -> PlainQueueFile.open(queue, cycle)).isInstanceOf(PlainQueueFile.DamagedFileException.class)
                    .hasMessage(file + ": its header is not finished, yet entries follow it; the queue file is damaged");
        }
        // What a writer killed while it created the file leaves: the header and index arrays, no excerpt.
        KilledWriters.killedWhileCreating(file);
        assertThat(PlainQueueFile.leftByItsCreator(file)).isTrue();
        try (SingleChronicleQueue queue = queue(true)) {
            assertThat(PlainQueueFile.open(queue, cycle)).isNull();
        }
        Files.write(file, new byte[0]);
        try (SingleChronicleQueue queue = queue(true)) {
            assertThat(PlainQueueFile.open(queue, cycle)).isNull();
        }
    }

    @Test
    void excerptsEndWhereAKilledWriterLeftItsLastExcerptUnfinished() throws IOException {
        KilledWriters.killedWhileAppending(file, 20);
        List<byte[]> read = PlainQueueFile.excerpts(file, PlainQueueFileTest::written);
        assertThat(read).hasSize(EXCERPTS);
        for (int i = 0; i < read.size(); i++) {
            assertThat(read.get(i)).as("excerpt %d", i).isEqualTo(excerpt(i));
        }
    }

    @Test
    void excerptsHiddenByAZeroedPageAreDamageNotTheEnd() throws IOException {
        long page = positions.get(EXCERPTS / 2) / 4096 * 4096;
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(page);
            raf.write(new byte[4096]);
        }
        assertThatThrownBy(() -> PlainQueueFile.excerpts(file, PlainQueueFileTest::written))
                .isInstanceOf(PlainQueueFile.DamagedFileException.class).hasMessageStartingWith(file + ": nothing is written at byte ")
                .hasMessageContaining("yet entries follow");
    }

    @Test
    void excerptsAfterAnEntryMarkedNotCompleteAreDamageNotTheEnd() throws IOException {
        long middle = positions.get(EXCERPTS / 2);
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(middle);
            int word = Integer.reverseBytes(raf.readInt());
            raf.seek(middle);
            raf.writeInt(Integer.reverseBytes(word | 0x8000_0000));
        }
        assertThatThrownBy(() -> PlainQueueFile.excerpts(file, PlainQueueFileTest::written))
                .isInstanceOf(PlainQueueFile.DamagedFileException.class)
                .hasMessageStartingWith(file + ": the entry at byte " + middle + " is not complete, yet entries follow");
    }

    /** Whether bytes are an excerpt this test writes: excerpt {@code i} is {@code i % 50 + 1} bytes, each {@code (byte) i}. */
    private static boolean written(byte[] b) {
        if (b.length == 0) {
            return false;
        }
        for (byte x : b) {
            if (x != b[0]) {
                return false;
            }
        }
        for (int i = Byte.toUnsignedInt(b[0]); i < EXCERPTS; i += 256) {
            if (b.length == i % 50 + 1) {
                return true;
            }
        }
        return false;
    }
}
