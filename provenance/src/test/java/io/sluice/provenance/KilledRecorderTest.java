package io.sluice.provenance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.local.PersistentChannels;
import io.sluice.channel.local.internal.WriterLock;
import io.sluice.director.Directors;
import io.sluice.run.RunConfig;
import io.sluice.run.RunInfo;
import io.sluice.run.RunResult;
import io.sluice.run.RunStatus;
import io.sluice.testing.TestActors;
import io.sluice.testing.TestFiles;
import io.sluice.workflow.Workflow;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A recorder killed while Chronicle made one of the firing log's files leaves it half-made. A
 * {@link ProvenanceStore} opened on such a run repairs the log as a channel's reader repairs a
 * channel, once the recorder's lock on the log is free; while a run still holds it, the log is
 * left alone and the answer says why.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class KilledRecorderTest {
    private static final int TOKENS = 5_000;

    @TempDir
    Path work;
    private Path firings;
    private Path metadata;
    private List<ActorSummary> whenEnded;

    private static Workflow workflow() {
        return Workflow.builder("count")
                .actor("src", TestActors.emit(Integer.class, IntStream.range(0, TOKENS).boxed().toList()))
                .actor("sink", TestActors.collect(Integer.class))
                .connect("src.out", "sink.in")
                .build();
    }

    @BeforeEach
    void recordARunAndKillIt() throws Exception {
        RunConfig config = RunConfig.builder().workDirectory(work).listener(ProvenanceRecorder.create())
                .channels(PersistentChannels.builder(work.resolve("channels")).policy(ChannelPolicy.DIRECT).build()).build();
        Directors.dataDriven().run(workflow(), config);
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            whenEnded = store.actorSummaries();
        }
        KilledRuns.asIfKilled(work);
        firings = new StoreLayout(work).firings();
        metadata = firings.resolve(SingleChronicleQueue.QUEUE_METADATA_FILE);
    }

    @Test
    void aFiringLogMetadataFileLackingEntriesIsRemovedAndTheRunAnswered() throws Exception {
        TestFiles.keepFirstEntries(metadata, 3);

        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            assertThat(store.run().complete()).isFalse();
            assertThat(store.actorSummaries()).isEqualTo(whenEnded);
        }
        assertThat(metadata).doesNotExist();
    }

    @Test
    void whileARunHoldsTheFiringLogItIsLeftAloneAndTheAnswerSaysSo() throws Exception {
        TestFiles.keepFirstEntries(metadata, 3);
        byte[] before = Files.readAllBytes(metadata);

        try (WriterLock recording = WriterLock.take(firings, "a run still recording")) {
            assertThatThrownBy(() -> ProvenanceStore.open(work)).isInstanceOf(ProvenanceException.class)
                    .hasMessageContaining(firings.toString()).hasMessageContaining("a run is still recording it");
        }
        assertThat(Files.readAllBytes(metadata)).isEqualTo(before);
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            assertThat(store.actorSummaries()).isEqualTo(whenEnded);
        }
    }

    /**
     * A kill as the log rolled to a new day leaves the new file with an unfinished header, whose
     * header Chronicle would wait half a minute for if a reader went on into it. A reader of the
     * log ends at the file before it instead; a resumed run removes it before it reads the log.
     */
    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void aLastFiringLogFileWithAnUnfinishedHeaderDoesNotStopTheRunBeingAnswered() throws Exception {
        Path unfinished = nextQueueFile();
        Files.write(unfinished, ByteBuffer.allocate(64 * 1024).order(ByteOrder.LITTLE_ENDIAN).array());
        // As the killed recorder did, the queue's listing names the new file.
        try (SingleChronicleQueue queue = SingleChronicleQueueBuilder.binary(firings).build()) {
            queue.refreshDirectoryListing();
        }

        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            assertThat(store.actorSummaries()).isEqualTo(whenEnded);
        }
        try (EarlierFirings earlier = EarlierFirings.find(work)) {
            assertThat(earlier.recordedFirings("src")).isEqualTo(TOKENS + 1);
            earlier.setAside();
            assertThat(earlier.recordedFirings("src")).isEqualTo(TOKENS + 1);
        }
        assertThat(work.resolve(EarlierFirings.DIRECTORY).resolve("firings").resolve(unfinished.getFileName())).doesNotExist();
    }

    @Test
    void aRunThatStillRecordsIsNotResumedAndKeepsItsProvenance() throws Exception {
        TestFiles.deleteRecursively(work.resolve(StoreLayout.DIRECTORY));
        ProvenanceRecorder recording = ProvenanceRecorder.create();
        Instant started = Instant.now();
        recording.runStarted(new RunInfo("live", workflow(), "hand", started, work, "direct"));
        try {
            assertThatThrownBy(() -> ProvenanceRecorder.resuming(work)).isInstanceOf(ProvenanceException.class)
                    .hasMessageContaining("still being recorded");
            assertThat(work.resolve(StoreLayout.DIRECTORY).resolve(RunFile.NAME)).exists();
            assertThat(work.resolve(EarlierFirings.DIRECTORY)).doesNotExist();
        } finally {
            recording.runEnded(new RunResult("live", "count", "hand", RunStatus.COMPLETED, started, Duration.ofMillis(1),
                    List.of(), List.of()));
        }
    }

    /** The name of the queue file after the log's last one: the next day's. */
    private Path nextQueueFile() throws Exception {
        Path last;
        try (Stream<Path> files = Files.list(firings)) {
            last = files.filter(f -> f.toString().endsWith(SingleChronicleQueue.SUFFIX)).sorted().reduce((a, b) -> b).orElseThrow();
        }
        String name = last.getFileName().toString();
        String day = name.substring(0, 8);
        String next = LocalDate.parse(day, DateTimeFormatter.BASIC_ISO_DATE).plusDays(1).format(DateTimeFormatter.BASIC_ISO_DATE);
        return firings.resolve(next + name.substring(8));
    }
}
