package io.sluice.provenance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.local.PersistentChannels;
import io.sluice.channel.local.internal.PlainQueueFile;
import io.sluice.director.Directors;
import io.sluice.run.Checkpoint;
import io.sluice.run.RunConfig;
import io.sluice.run.RunInfo;
import io.sluice.run.WorkLayout;
import io.sluice.testing.TestActors;
import io.sluice.workflow.Workflow;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A store damaged after its run: flipped bits in the firing log's batches, a log cut short or
 * with garbage after its last batch, a damaged index file, {@code run.json} or completion marker.
 * Every query either gives the undamaged answer or fails with a {@link ProvenanceException}
 * naming the file (and, for a batch, which one), never a fault or a wrong answer; a resume of a
 * damaged store is refused before anything on disk changes.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DamagedStoreTest {
    private static final int TOKENS = 20_000;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path work;
    private StoreLayout layout;
    /** Every firing of every actor and the actors' totals, as the undamaged store answers. */
    private String whole;

    private static Workflow workflow() {
        return Workflow.builder("pairs")
                .actor("src", TestActors.emit(Integer.class, IntStream.range(0, TOKENS).boxed().toList()))
                .actor("pair", new ProvenanceRecorderTest.PairSum())
                .actor("sink", TestActors.collect(Integer.class))
                .connect("src.out", "pair.in")
                .connect("pair.out", "sink.in")
                .build();
    }

    @BeforeEach
    void recordARun() throws Exception {
        Directors.dataDriven().run(workflow(), RunConfig.builder().workDirectory(work)
                .channels(PersistentChannels.builder(WorkLayout.channels(work)).policy(ChannelPolicy.DIRECT).build())
                .listener(ProvenanceRecorder.create()).build());
        layout = new StoreLayout(work);
        whole = answers();
        assertThat(whole).contains("pair#9999 ");
    }

    /** What the store answers: every firing, the totals, a lineage; or the failure, as a string. */
    private String answers() {
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            StringBuilder b = new StringBuilder();
            for (String actor : store.actors()) {
                store.firings(actor, 0, Long.MAX_VALUE, f -> b.append(f.actor()).append('#').append(f.firing()).append(' ')
                        .append(f.consumed()).append(f.produced()).append(f.startEpochNanos()).append('\n'));
            }
            b.append(store.actorSummaries()).append('\n');
            b.append(store.lineage(new TokenRef("pair.out", TOKENS / 2 - 1), Lineage.Direction.BACKWARD, 3).steps());
            return b.toString();
        }
    }

    /** Where each excerpt of the firing log is: its file, and the position of its header word and its length. */
    private record Excerpt(Path file, long position, int length) {}

    private List<Excerpt> excerpts() throws IOException {
        List<Excerpt> out = new ArrayList<>();
        try (SingleChronicleQueue queue = FiringLogFiles.openForReading(layout.firings(), false)) {
            for (int cycle = queue.firstCycle(); cycle <= queue.lastCycle(); cycle++) {
                try (PlainQueueFile file = PlainQueueFile.open(queue, cycle)) {
                    while (file != null && file.next()) {
                        out.add(new Excerpt(file.file(), file.excerptPosition(), file.excerptLength()));
                    }
                }
            }
        }
        return out;
    }

    private static void flip(Path file, long bit) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(bit / 8);
            int b = raf.read();
            raf.seek(bit / 8);
            raf.write(b ^ (1 << (bit % 8)));
        }
    }

    /** The run as if its process was killed before it ended: no completion marker, so that the store reads the whole log. */
    private void withoutMarker() throws IOException {
        Files.delete(layout.complete());
    }

    /** Every file under the work directory, with a digest of its bytes. */
    private Map<String, String> snapshot() throws Exception {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(work)) {
            for (Path f : files.sorted().toList()) {
                String digest = Files.isRegularFile(f)
                        ? HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(f))) : "dir";
                out.put(work.relativize(f).toString(), digest);
            }
        }
        return out;
    }

    @Test
    void aFlippedBitInABatchFailsEveryQueryThatReadsItNamingTheFileAndTheBatch() throws Exception {
        List<Excerpt> excerpts = excerpts();
        assertThat(excerpts).hasSizeGreaterThan(5);
        Random random = new Random(36);
        for (int k : new int[] {0, excerpts.size() / 2, excerpts.size() - 1, random.nextInt(excerpts.size())}) {
            Excerpt e = excerpts.get(k);
            long bit = 8 * (e.position() + 4) + random.nextInt(8 * e.length());
            flip(e.file(), bit);
            assertThatThrownBy(this::answers).as("excerpt %d, bit %d", k, bit).isInstanceOf(ProvenanceException.class)
                    .hasMessageStartingWith(e.file() + ": the batch of actor '").hasMessageContaining("' from firing ")
                    .hasMessageContaining("damaged");
            flip(e.file(), bit);
        }
        withoutMarker();
        Excerpt e = excerpts.get(excerpts.size() / 3);
        flip(e.file(), 8 * (e.position() + 4 + e.length() / 2));
        assertThatThrownBy(() -> ProvenanceStore.open(work)).as("rebuilding the indexes from the log")
                .isInstanceOf(ProvenanceException.class).hasMessageStartingWith(e.file() + ": the excerpt at index ")
                .hasMessageContaining("at byte " + e.position() + ") is damaged: it fails its checksum");
    }

    /**
     * Seeded random damage anywhere in the firing log's file (its header and index arrays too):
     * flipped bits, 8-byte words overwritten, zeroed pages. Each query gives the undamaged answer
     * or fails naming a file of the store; none faults or answers otherwise.
     */
    @Test
    void randomDamageToTheLogGivesTheWholeAnswerOrAnErrorNamingAFile() throws Exception {
        Path file = excerpts().get(0).file();
        byte[] intact = Files.readAllBytes(file);
        long end = excerpts().get(excerpts().size() - 1).position() + 64;
        Random random = new Random(3636);
        int identical = 0;
        int detected = 0;
        for (int round = 0; round < 60; round++) {
            byte[] damaged = intact.clone();
            int kind = round % 3;
            int at = random.nextInt((int) end);
            if (kind == 0) {
                damaged[at] ^= (byte) (1 << random.nextInt(8));
            } else if (kind == 1) {
                for (int i = 0; i < 8 && at + i < damaged.length; i++) {
                    damaged[at + i] = (byte) random.nextInt();
                }
            } else {
                java.util.Arrays.fill(damaged, at & ~4095, Math.min(damaged.length, (at & ~4095) + 4096), (byte) 0);
            }
            Files.write(file, damaged);
            for (boolean marker : new boolean[] {true, false}) {
                byte[] markerBytes = marker ? null : Files.readAllBytes(layout.complete());
                if (!marker) {
                    withoutMarker();
                }
                try {
                    String answer = answers();
                    String expected = marker ? whole : whole.substring(0, whole.lastIndexOf("\n[ActorSummary"));
                    assertThat(marker ? answer : answer.substring(0, answer.lastIndexOf("\n[ActorSummary")))
                            .as("round %d (kind %d at byte %d), %s", round, kind, at, marker ? "complete" : "rebuilt")
                            .isEqualTo(expected);
                    identical++;
                } catch (ProvenanceException e) {
                    assertThat(e.getMessage()).as("round %d", round).startsWith(work.toString());
                    detected++;
                } finally {
                    if (!marker) {
                        Files.write(layout.complete(), markerBytes);
                    }
                }
            }
        }
        Files.write(file, intact);
        assertThat(detected).as("damage detected").isPositive();
        assertThat(identical + detected).isEqualTo(120);
    }

    /** A header word marked as metadata hides its batch from Chronicle: the next one's ordinal, or the index, tells. */
    @Test
    void aBatchThatADamagedHeaderWordHidesIsMissedNamingTheFile() throws Exception {
        List<Excerpt> excerpts = excerpts();
        Excerpt e = excerpts.get(excerpts.size() / 2);
        flip(e.file(), 8 * e.position() + 30);
        assertThatThrownBy(this::answers).isInstanceOf(ProvenanceException.class).hasMessageStartingWith(e.file() + ": ");
        withoutMarker();
        assertThatThrownBy(() -> ProvenanceStore.open(work)).isInstanceOf(ProvenanceException.class)
                .hasMessageStartingWith(e.file() + ": the excerpt at index ")
                .hasMessageContaining("is excerpt " + (excerpts.size() / 2 + 1) + " of the log, where excerpt " + (excerpts.size() / 2)
                        + " was due");
    }

    @Test
    void aFiringLogCutShortFailsNamingTheFileAndNeverFaults() throws Exception {
        List<Excerpt> excerpts = excerpts();
        Excerpt last = excerpts.get(excerpts.size() - 1);
        Path file = last.file();
        for (long length : new long[] {last.position() + 4 + last.length() - 1, excerpts.get(excerpts.size() / 2).position(), 100}) {
            try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
                raf.setLength(length);
            }
            assertThatThrownBy(this::answers).as("cut to %d bytes", length).isInstanceOf(ProvenanceException.class)
                    .hasMessageStartingWith(file + ": ").hasMessageContaining("truncated");
        }
        withoutMarker();
        assertThatThrownBy(() -> ProvenanceStore.open(work)).isInstanceOf(ProvenanceException.class)
                .hasMessageStartingWith(file + ": ").hasMessageContaining("truncated");
    }

    @Test
    void garbageAfterTheLastBatchIsNotReadAndTheAnswersAreWhole() throws Exception {
        Excerpt last = excerpts().get(excerpts().size() - 1);
        byte[] garbage = new byte[4096];
        new Random(36).nextBytes(garbage);
        try (RandomAccessFile raf = new RandomAccessFile(last.file().toFile(), "rw")) {
            raf.seek((last.position() + 4 + last.length() + 3) & ~3L);
            raf.write(garbage);
        }
        assertThat(answers()).isEqualTo(whole);
        withoutMarker();
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            assertThat(store.run().complete()).isFalse();
            assertThat(store.actorSummaries()).extracting(ActorSummary::firings).containsExactly(TOKENS + 1L, TOKENS / 2 + 1L,
                    TOKENS / 2 + 1L);
        }
    }

    @Test
    void aDamagedIndexFileIsNotUsedTheIndexesAreRebuiltFromTheLog() throws Exception {
        long size = Files.size(layout.indexes());
        for (long bit : new long[] {3, 8 * (size / 2) + 1, 8 * size - 2}) {
            flip(layout.indexes(), bit);
            assertThat(answers()).as("bit %d flipped", bit).isEqualTo(whole);
            flip(layout.indexes(), bit);
        }
    }

    @Test
    void aDamagedRunFileOrCompletionMarkerIsRefusedNamingIt() throws Exception {
        Path runJson = layout.root().resolve(RunFile.NAME);
        byte[] run = Files.readAllBytes(runJson);
        int at = new String(run, StandardCharsets.UTF_8).indexOf("\"initialTokens\" : 0") + "\"initialTokens\" : ".length();
        Files.write(runJson, replaced(run, at, '1'));
        assertThatThrownBy(() -> ProvenanceStore.open(work)).isInstanceOf(ProvenanceException.class)
                .hasMessage(runJson + ": damaged: it fails its checksum" + checksums(runJson));
        Files.write(runJson, run);

        byte[] marker = Files.readAllBytes(layout.complete());
        int digit = new String(marker, StandardCharsets.UTF_8).indexOf("\"firings\":") + "\"firings\":".length();
        Files.write(layout.complete(), replaced(marker, digit, marker[digit] == '9' ? '8' : (char) (marker[digit] + 1)));
        assertThatThrownBy(() -> ProvenanceStore.open(work)).isInstanceOf(ProvenanceException.class)
                .hasMessageStartingWith(layout.complete() + ": the completion marker is damaged: it fails its checksum");
        Files.write(layout.complete(), marker);
        assertThat(answers()).isEqualTo(whole);
    }

    private static byte[] replaced(byte[] bytes, int at, char c) {
        byte[] out = bytes.clone();
        out[at] = (byte) c;
        return out;
    }

    /** The checksums part of the message about {@code file}, whatever they are. */
    private static String checksums(Path file) throws IOException {
        String text = Files.readString(file);
        String recorded = text.substring("{\"crc32c\":\"".length(), "{\"crc32c\":\"".length() + 8);
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        byte[] bytes = Files.readAllBytes(file);
        int rest = "{\"crc32c\":\"".length() + 10;
        crc.update(bytes, rest, bytes.length - rest);
        return String.format(" (CRC-32C %08x, recorded %s)", (int) crc.getValue(), recorded);
    }

    @Test
    void aResumeOfADamagedLogIsRefusedNamingTheBatchBeforeAnythingChanges() throws Exception {
        List<Excerpt> excerpts = excerpts();
        Excerpt e = excerpts.get(excerpts.size() / 2);
        flip(e.file(), 8 * (e.position() + 4) + 17);
        Map<String, String> before = snapshot();

        assertThatThrownBy(() -> ProvenanceRecorder.resuming(work))
                .isInstanceOf(ProvenanceException.class).hasMessageStartingWith(e.file() + ": the excerpt at index ")
                .hasMessageContaining("is damaged: it fails its checksum");
        assertThat(snapshot()).isEqualTo(before);

        try (RandomAccessFile raf = new RandomAccessFile(e.file().toFile(), "rw")) {
            raf.setLength(e.position() + 8);
        }
        before = snapshot();
        assertThatThrownBy(() -> ProvenanceRecorder.resuming(work))
                .isInstanceOf(ProvenanceException.class).hasMessageStartingWith(e.file() + ": ").hasMessageContaining("truncated");
        assertThat(snapshot()).isEqualTo(before);
    }

    /** A resumed run whose recording cannot start (here: its workflow is not the one recorded) leaves the work directory as it was. */
    @Test
    void aResumedRunThatCannotStartRecordingPutsTheEarlierProvenanceBack() throws Exception {
        Map<String, String> before = snapshot();
        ProvenanceRecorder recorder = ProvenanceRecorder.resuming(work);
        assertThat(recorder.recordedFirings("pair")).isEqualTo(TOKENS / 2 + 1);
        recorder.restartAt(List.of(new Checkpoint("pair", 10, Map.of("pair.in", 20L), Map.of("pair.out", 10L), new byte[0], false)));
        Workflow other = Workflow.builder("pairs")
                .actor("source", TestActors.emit(Integer.class, List.of(1, 2)))
                .actor("pair", new ProvenanceRecorderTest.PairSum())
                .actor("sink", TestActors.collect(Integer.class))
                .connect("source.out", "pair.in")
                .connect("pair.out", "sink.in")
                .build();
        assertThat(snapshot()).as("nothing moved before the run starts").isEqualTo(before);

        assertThatThrownBy(() -> recorder.runStarted(new RunInfo("again", other, "hand", Instant.now(), work, "direct")))
                .isInstanceOf(ProvenanceException.class).hasMessageContaining("differ from those of the run it resumes");
        recorder.releaseEarlier();
        assertThat(snapshot()).isEqualTo(before);
        assertThat(answers()).isEqualTo(whole);
    }

    /** A store of format 6, which has no checksums, is read as it is, and says that it is not checked. */
    @Test
    void aStoreOfFormat6IsReadAndSaysItHasNoChecksums() throws Exception {
        Path runJson = layout.root().resolve(RunFile.NAME);
        ObjectNode run = (ObjectNode) JSON.readTree(runJson.toFile());
        run.remove("crc32c");
        run.put("format", 6);
        Files.writeString(runJson, JSON.writeValueAsString(run));
        ObjectNode end = (ObjectNode) JSON.readTree(layout.complete().toFile());
        end.remove("crc32c");
        Files.writeString(layout.complete(), JSON.writeValueAsString(end));
        byte[] indexes = Files.readAllBytes(layout.indexes());
        Files.write(layout.indexes(), java.util.Arrays.copyOf(indexes, indexes.length - 4));

        assertThat(answers()).isEqualTo(whole);
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            assertThat(store.run().format()).isEqualTo(6);
            assertThat(store.run().checksummed()).isFalse();
            assertThat(store.run().complete()).isTrue();
        }
        // A format-7 store whose run.json lost its checksum is damaged, not taken for an older one.
        Files.writeString(runJson, JSON.writeValueAsString(run.put("format", 7)));
        assertThatThrownBy(() -> ProvenanceStore.open(work)).isInstanceOf(ProvenanceException.class)
                .hasMessage(runJson + ": damaged: it lacks the checksum a store of format 7 has");
    }
}
