package io.sluice.channel.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelException;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.SeekableChannelReader;
import io.sluice.testing.TestFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.Wires;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A writer killed while it created a queue file leaves the file with an unfinished header, which
 * Chronicle would wait for and then fail on (crash tests found this); so does one killed while it
 * created the queue's metadata file. A reader, and a resumed writer, remove such a file and carry
 * on from the files before it; an unfinished file with files after it is damage, left for a
 * reader to report when it reaches it.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class UnfinishedFilesTest {
    private static final int PER_FILE = 4;

    @TempDir
    Path work;

    private PersistentChannels.Builder builder() {
        return PersistentChannels.builder(work).policy(ChannelPolicy.DIRECT).tokensPerFile(PER_FILE);
    }

    /** Tokens 0..n-1 in a channel whose stream was cut off, as a killed writer leaves it. */
    private void writeCutOff(int n) throws Exception {
        try (Channel<String> channel = builder().build().open(ChannelSpec.unbounded("c", String.class))) {
            for (int i = 0; i < n; i++) {
                channel.writer().put(ChannelProcess.token(i));
            }
        }
    }

    private Path queueFile(int cycle) {
        try (ChronicleStore store = ChronicleStore.openForReading(work.resolve("c"))) {
            return store.fileOfCycle(cycle);
        }
    }

    /** Writes a file of 64 KiB whose first four bytes, Chronicle's header word, are {@code header}. */
    private static void writeWithHeader(Path file, int header) throws IOException {
        ByteBuffer bytes = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
        bytes.putInt(0, header);
        Files.write(file, bytes.array());
    }

    @ParameterizedTest(name = "header word {0}")
    @ValueSource(ints = {Wires.NOT_INITIALIZED, Wires.NOT_COMPLETE_UNKNOWN_LENGTH})
    void aReaderRemovesTheLastQueueFileIfItsHeaderIsUnfinished(int header) throws Exception {
        writeCutOff(2 * PER_FILE);
        Path unfinished = queueFile(2);
        writeWithHeader(unfinished, header);

        ChannelDescription d = PersistentChannels.describe(work.resolve("c"));
        assertThat(d.tokens()).isEqualTo(2 * PER_FILE);
        assertThat(d.ended()).isFalse();
        assertThat(unfinished).doesNotExist();
        try (SeekableChannelReader<String> reader = PersistentChannels.openReader(work.resolve("c"), String.class)) {
            assertThat(ChannelProcess.readAll(reader)).isEqualTo(ChannelProcess.tokens(2 * PER_FILE));
        }
    }

    /** What Chronicle's creator leaves when killed: the header marked not complete, the index arrays after it. */
    @Test
    void aReaderRemovesTheLastQueueFileItsCreatorLeftWithItsIndexArrays() throws Exception {
        writeCutOff(2 * PER_FILE + 1);
        Path unfinished = queueFile(2);
        KilledWriters.killedWhileCreating(unfinished);

        assertThat(PersistentChannels.describe(work.resolve("c")).tokens()).isEqualTo(2 * PER_FILE);
        assertThat(unfinished).doesNotExist();
    }

    /** A header word no creator writes (not complete, with a length), with tokens after it: damage, reported and kept. */
    @Test
    void aLastQueueFileWithADamagedHeaderAndTokensIsReportedNotRemoved() throws Exception {
        writeCutOff(2 * PER_FILE + 1);
        Path damaged = queueFile(2);
        try (FileChannel file = FileChannel.open(damaged, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer word = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
            file.read(word, 0);
            file.write(word.putInt(0, word.getInt(0) | Wires.NOT_COMPLETE).rewind(), 0);
        }

        assertThatThrownBy(() -> PersistentChannels.describe(work.resolve("c"))).isInstanceOf(ChannelException.class)
                .hasMessageContaining(damaged.toString()).hasMessageContaining("header is not finished");
        assertThat(damaged).exists();
    }

    @Test
    void aResumedWriterRemovesItAndWritesTheFileAgain() throws Exception {
        writeCutOff(2 * PER_FILE);
        writeWithHeader(queueFile(2), Wires.NOT_COMPLETE_UNKNOWN_LENGTH);

        Resumption resumption = Resumption.create();
        try (Channel<String> channel = builder().resume(resumption).build().open(ChannelSpec.unbounded("c", String.class))) {
            for (String t : ChannelProcess.tokens(3 * PER_FILE + 1)) {
                channel.writer().put(t);
            }
            channel.writer().close();
        }
        assertThat(resumption.channels()).containsExactly(new Resumption.ResumedChannel("c", 2 * PER_FILE, false, 0, 2 * PER_FILE));
        assertThat(PersistentChannels.describe(work.resolve("c")).ended()).isTrue();
        try (SeekableChannelReader<String> reader = PersistentChannels.openReader(work.resolve("c"), String.class)) {
            assertThat(ChannelProcess.readAll(reader)).isEqualTo(ChannelProcess.tokens(3 * PER_FILE + 1));
        }
    }

    @Test
    void anUnfinishedQueueMetadataFileIsRemovedAndMadeAgain() throws Exception {
        writeCutOff(PER_FILE + 1);
        writeWithHeader(work.resolve("c").resolve(SingleChronicleQueue.QUEUE_METADATA_FILE), Wires.NOT_INITIALIZED);

        try (SeekableChannelReader<String> reader = PersistentChannels.openReader(work.resolve("c"), String.class)) {
            assertThat(ChannelProcess.readAll(reader)).isEqualTo(ChannelProcess.tokens(PER_FILE + 1));
        }
    }

    /** Chronicle would wait for a metadata file cut short before reading without it: a reader removes it first. */
    @Test
    void aQueueMetadataFileCutShortIsRemovedBeforeChronicleWaitsForIt() throws Exception {
        writeCutOff(PER_FILE + 1);
        Path metadata = work.resolve("c").resolve(SingleChronicleQueue.QUEUE_METADATA_FILE);
        try (FileChannel file = FileChannel.open(metadata, StandardOpenOption.WRITE)) {
            file.truncate(421); // its header and first entries stay
        }
        assertThat(PersistentChannels.describe(work.resolve("c")).tokens()).isEqualTo(PER_FILE + 1);
        // removed, and made again whole when the reader corrected the queue's listing
        assertThat(Files.exists(metadata) ? Files.size(metadata) : 0).isNotEqualTo(421);
        try (SeekableChannelReader<String> reader = PersistentChannels.openReader(work.resolve("c"), String.class)) {
            assertThat(ChannelProcess.readAll(reader)).isEqualTo(ChannelProcess.tokens(PER_FILE + 1));
        }
    }

    /**
     * Chronicle fills in a metadata file's entries one by one after its header; a writer killed
     * in between leaves some missing, which a read-only queue cannot add (crash tests found this).
     */
    @Test
    void aQueueMetadataFileMissingEntriesIsRemovedByAReaderAndMadeAgainByAResumedWriter() throws Exception {
        writeCutOff(PER_FILE + 1);
        Path metadata = work.resolve("c").resolve(SingleChronicleQueue.QUEUE_METADATA_FILE);
        TestFiles.keepFirstEntries(metadata, 3);

        assertThat(PersistentChannels.describe(work.resolve("c")).tokens()).isEqualTo(PER_FILE + 1);
        try (SeekableChannelReader<String> reader = PersistentChannels.openReader(work.resolve("c"), String.class)) {
            assertThat(ChannelProcess.readAll(reader)).isEqualTo(ChannelProcess.tokens(PER_FILE + 1));
        }
        try (Channel<String> channel = builder().resume(Resumption.create()).build().open(ChannelSpec.unbounded("c", String.class))) {
            for (String t : ChannelProcess.tokens(2 * PER_FILE)) {
                channel.writer().put(t);
            }
            channel.writer().close();
        }
        assertThat(metadata).exists();
        try (SeekableChannelReader<String> reader = PersistentChannels.openReader(work.resolve("c"), String.class)) {
            assertThat(ChannelProcess.readAll(reader)).isEqualTo(ChannelProcess.tokens(2 * PER_FILE));
        }
    }

    @Test
    void anUnfinishedQueueFileWithFilesAfterItIsDamageAndIsLeftInPlace() throws Exception {
        writeCutOff(3 * PER_FILE);
        Path middle = queueFile(1);
        writeWithHeader(middle, Wires.NOT_INITIALIZED);

        // A reader that reaches it reports it (DamagedChannelTest); opening the channel keeps it.
        assertThat(PersistentChannels.describe(work.resolve("c")).tokens()).isEqualTo(3 * PER_FILE);
        assertThat(middle).exists();
    }
}
