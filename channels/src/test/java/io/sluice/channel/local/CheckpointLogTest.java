package io.sluice.channel.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import io.sluice.channel.Channel;
import io.sluice.channel.ChannelException;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelWriter;
import io.sluice.run.Checkpoint;
import io.sluice.workflow.Workflow;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The checkpoint log: what a run saves survives it, and a resumed run restarts each resumable
 * actor at its last checkpoint whose positions its channels hold; the channels then open there.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CheckpointLogTest {
    private static final Duration INTERVAL = Duration.ofMillis(100);

    @TempDir
    Path work;

    @Stateless
    static final class Pass implements Actor {
        static final InputPort<String> IN = Port.input("in", String.class);
        static final OutputPort<String> OUT = Port.output("out", String.class);

        @Override
        public List<Port<?>> ports() {
            return List.of(IN, OUT);
        }

        @Override
        public void fire(FiringContext context) {
            context.put(OUT, context.take(IN));
        }
    }

    /** Not resumable: replayed from its first firing. */
    static final class Plain implements Actor {
        static final OutputPort<String> OUT = Port.output("out", String.class);

        @Override
        public List<Port<?>> ports() {
            return List.of(OUT);
        }

        @Override
        public void fire(FiringContext context) {
            context.finish();
        }
    }

    /** src → a → b; channels src.out and a.out. */
    private static Workflow workflow() {
        return Workflow.builder("w")
                .actor("src", new Plain())
                .actor("a", new Pass())
                .actor("b", new Pass())
                .connect("src", Plain.OUT, "a", Pass.IN)
                .connect("a", Pass.OUT, "b", Pass.IN)
                .build();
    }

    private Path checkpoints() {
        return work.resolve("checkpoints");
    }

    private Path channels() {
        return work.resolve("channels");
    }

    /** Writes tokens 0..n-1 to the channel, cut off (not ended), as a killed run leaves it. */
    private void store(String channel, int n) throws Exception {
        try (Channel<String> c = PersistentChannels.builder(channels()).policy(ChannelPolicy.DIRECT).build()
                .open(ChannelSpec.unbounded(channel, String.class))) {
            for (int i = 0; i < n; i++) {
                c.writer().put(ChannelProcess.token(i));
            }
        }
    }

    private static Checkpoint a(long firing, long in, long out) {
        return new Checkpoint("a", firing, Map.of("a.in", in), Map.of("a.out", out), new byte[0], false);
    }

    private CheckpointLog resume() {
        return CheckpointLog.resume(checkpoints(), INTERVAL, workflow(), channels(), actor -> Long.MAX_VALUE);
    }

    @Test
    void anActorRestartsAtItsLastCheckpointWhosePositionsAreStored() throws Exception {
        store("src.out", 100);
        store("a.out", 50);
        try (CheckpointLog log = CheckpointLog.create(checkpoints(), INTERVAL)) {
            log.save(a(10, 10, 10));
            log.save(a(40, 40, 40));
            log.save(a(60, 60, 60)); // a.out holds only 50: not durable
            log.save(new Checkpoint("b", 30, Map.of("b.in", 30L), Map.of(), new byte[0], false));
            log.save(new Checkpoint("b", 55, Map.of("b.in", 55L), Map.of(), new byte[0], false)); // read past what a.out holds
        }
        try (CheckpointLog log = resume()) {
            assertThat(log.restartPoint("a").orElseThrow().firing()).isEqualTo(40);
            assertThat(log.restartPoint("b").orElseThrow().firing()).isEqualTo(30);
            assertThat(log.restartPoint("src")).isEmpty();
            assertThat(log.writerStart("a.out")).isEqualTo(40);
            assertThat(log.readerStart("a.in")).isEqualTo(40);
            assertThat(log.readerStart("b.in")).isEqualTo(30);
            assertThat(log.writerStart("src.out")).isZero();
        }
    }

    @Test
    void anActorRestartsNoLaterThanItsLimitAndOnlyIfTheWorkflowCallsItResumable() throws Exception {
        store("src.out", 100);
        store("a.out", 100);
        try (CheckpointLog log = CheckpointLog.create(checkpoints(), INTERVAL)) {
            log.save(a(10, 10, 10));
            log.save(a(40, 40, 40));
            log.save(new Checkpoint("src", 5, Map.of(), Map.of("src.out", 5L), new byte[0], false));
        }
        try (CheckpointLog log = CheckpointLog.resume(checkpoints(), INTERVAL, workflow(), channels(), actor -> 20)) {
            assertThat(log.restartPoint("a").orElseThrow().firing()).isEqualTo(10);
            assertThat(log.restartPoint("src")).as("src is not resumable in the workflow").isEmpty();
        }
    }

    @Test
    void aResumedLogGoesOnSavingAndAMissingOneHasNoRestartPoints() throws Exception {
        try (CheckpointLog log = resume()) {
            assertThat(log.restartPoints()).isEmpty();
            log.save(a(0, 0, 0));
        }
        try (CheckpointLog log = resume()) {
            assertThat(log.restartPoint("a")).isPresent();
        }
    }

    @Test
    void aNewLogRefusesADirectoryHoldingOne() {
        CheckpointLog.create(checkpoints(), INTERVAL).close();
        assertThatThrownBy(() -> CheckpointLog.create(checkpoints(), INTERVAL))
                .isInstanceOf(ChannelException.class)
                .hasMessageContaining(checkpoints().toString())
                .hasMessageContaining("holds checkpoints already");
    }

    @ParameterizedTest
    @EnumSource(value = ChannelPolicy.class, names = {"DIRECT", "CACHED", "FAST_TRACK"})
    void channelsOpenWhereTheirActorsRestart(ChannelPolicy policy) throws Exception {
        store("src.out", 50);
        store("a.out", 50);
        try (CheckpointLog log = CheckpointLog.create(checkpoints(), INTERVAL)) {
            log.save(a(20, 20, 20));
            log.save(new Checkpoint("b", 30, Map.of("b.in", 30L), Map.of(), new byte[0], false));
        }
        try (CheckpointLog log = resume()) {
            Resumption resumption = Resumption.from(log);
            try (Channel<String> c = PersistentChannels.builder(channels()).policy(policy).resume(resumption).build()
                    .open(ChannelSpec.unbounded("a.out", String.class))) {
                ChannelWriter<String> writer = c.writer();
                ChannelReader<String> reader = c.openReader("b.in");
                assertThat(writer.position()).isEqualTo(20);
                assertThat(reader.position()).isEqualTo(30);
                for (int i = 20; i < 60; i++) {
                    writer.put(ChannelProcess.token(i));
                }
                writer.close();
                for (int i = 30; i < 60; i++) {
                    assertThat(reader.take()).isEqualTo(ChannelProcess.token(i));
                }
                assertThat(reader.take()).isNull();
                assertThatThrownBy(() -> writer.put("more")).isInstanceOf(IllegalStateException.class);
            }
            assertThat(resumption.channels()).containsExactly(new Resumption.ResumedChannel("a.out", 50, false, 20, 30));
        }
        assertThat(PersistentChannels.describe(channels().resolve("a.out")).tokens()).isEqualTo(60);
    }

    @Test
    void aRestartedWriterThatPutsOtherTokensFailsNamingTheSeq() throws Exception {
        store("src.out", 50);
        store("a.out", 50);
        try (CheckpointLog log = CheckpointLog.create(checkpoints(), INTERVAL)) {
            log.save(a(20, 20, 20));
        }
        try (CheckpointLog log = resume();
                Channel<String> c = PersistentChannels.builder(channels()).policy(ChannelPolicy.DIRECT)
                        .resume(Resumption.from(log)).build().open(ChannelSpec.unbounded("a.out", String.class))) {
            assertThatThrownBy(() -> c.writer().put(ChannelProcess.token(0)))
                    .isInstanceOf(ChannelException.class)
                    .hasMessageContaining("as token 20")
                    .hasMessageContaining("not deterministic");
        }
    }

    @Test
    void aDamagedCheckpointFailsTheResumeNamingTheLog() throws Exception {
        store("src.out", 100);
        store("a.out", 100);
        try (CheckpointLog log = CheckpointLog.create(checkpoints(), INTERVAL)) {
            log.save(a(10, 10, 10));
            log.save(a(40, 40, 40));
        }
        Path file;
        try (var files = java.nio.file.Files.list(checkpoints())) {
            file = files.filter(f -> f.toString().endsWith(".cq4")).findFirst().orElseThrow();
        }
        // The second checkpoint's firing, 40 (its actor's name "a" and the tag before it): 40 becomes 41.
        byte[] bytes = java.nio.file.Files.readAllBytes(file);
        int at = lastIndexOf(bytes, new byte[] {1, 'a', 40, 0, 0, 0, 0, 0, 0, 0});
        bytes[at + 2] = 41;
        java.nio.file.Files.write(file, bytes);

        assertThatThrownBy(this::resume).isInstanceOf(ChannelException.class)
                .hasMessageContaining(checkpoints().toString())
                .hasMessageContaining("excerpt 2 of the checkpoint log fails its checksum");
    }

    /** A page zeroed in the middle of the log hides the checkpoints after it: damage, not the log's end. */
    @Test
    void aZeroedPageInTheMiddleIsDamageNotTheEnd() throws Exception {
        Path file = aThousandCheckpoints();
        byte[] bytes = java.nio.file.Files.readAllBytes(file);
        int middle = lastIndexOf(bytes, new byte[] {1, 'a', (byte) 244, 1, 0, 0, 0, 0, 0, 0}); // the checkpoint of firing 500
        zeroFourKiB(file, middle / 4096 * 4096L);
        assertThatThrownBy(() -> CheckpointLog.verify(checkpoints())).isInstanceOf(ChannelException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("yet entries follow");
    }

    /**
     * A page zeroed at the end of the log hides the checkpoints in it and leaves nothing after
     * them: with plain reads, a log that ended earlier; its header, which records where its last
     * checkpoint starts, tells the damage.
     */
    @Test
    void aZeroedPageAtTheEndIsDamageNotTheEnd() throws Exception {
        Path file = aThousandCheckpoints();
        byte[] bytes = java.nio.file.Files.readAllBytes(file);
        // From the header word of the checkpoint of firing 990 on (its tag, then the actor's name
        // "a", then the firing), as a zeroed page starting there would.
        int from = lastIndexOf(bytes, new byte[] {1, 'a', (byte) 222, 3, 0, 0, 0, 0, 0, 0}) - 1 - 4;
        assertThat(from % 4).as("an entry's header word is 4-byte aligned").isZero();
        zeroFourKiB(file, from);
        assertThatThrownBy(() -> CheckpointLog.verify(checkpoints())).isInstanceOf(ChannelException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("nothing is written there");
        assertThatThrownBy(this::resume).isInstanceOf(ChannelException.class).hasMessageContaining(file.toString());
    }

    /** Chronicle's metadata file holds no checkpoint: damaged, the log still reads whole and resumes. */
    @Test
    void aDamagedMetadataFileIsNoDamageToTheCheckpoints() throws Exception {
        store("src.out", 100);
        store("a.out", 100);
        try (CheckpointLog log = CheckpointLog.create(checkpoints(), INTERVAL)) {
            log.save(a(40, 40, 40));
        }
        zeroFourKiB(checkpoints().resolve("metadata.cq4t"), 0);
        CheckpointLog.verify(checkpoints());
        try (CheckpointLog log = resume()) {
            assertThat(log.restartPoint("a").orElseThrow().firing()).isEqualTo(40);
        }
    }

    /** A run killed while Chronicle created the log's next file leaves its header unfinished: it holds no checkpoint. */
    @Test
    void aFileTheKilledRunWasCreatingIsNoDamage() throws Exception {
        store("src.out", 100);
        store("a.out", 100);
        try (CheckpointLog log = CheckpointLog.create(checkpoints(), INTERVAL)) {
            log.save(a(40, 40, 40));
        }
        Path last = lastFile();
        String name = last.getFileName().toString();
        Path next = last.resolveSibling("99991231" + name.substring(8));
        java.nio.file.Files.copy(last, next);
        KilledWriters.killedWhileCreating(next);

        CheckpointLog.verify(checkpoints());
        try (CheckpointLog log = resume()) {
            assertThat(log.restartPoint("a").orElseThrow().firing()).isEqualTo(40);
        }
    }

    /**
     * A run killed while it saved a checkpoint leaves part of it after the last one saved (Chronicle
     * writes an excerpt's header word last): the log ends before it, and goes on over it.
     */
    @Test
    void aCheckpointTheKilledRunWasSavingIsNoDamage() throws Exception {
        store("src.out", 100);
        store("a.out", 100);
        try (CheckpointLog log = CheckpointLog.create(checkpoints(), INTERVAL)) {
            log.save(a(40, 40, 40));
            log.save(a(50, 50, 50));
        }
        KilledWriters.killedWhileAppending(lastFile(), 9);

        CheckpointLog.verify(checkpoints());
        try (CheckpointLog log = resume()) {
            assertThat(log.restartPoint("a").orElseThrow().firing()).isEqualTo(50);
            log.save(a(45, 45, 45));
        }
        try (CheckpointLog log = resume()) {
            assertThat(log.restartPoint("a").orElseThrow().firing()).isEqualTo(45);
        }
    }

    /** Saves the checkpoints of firings 0 to 999 of actor a, which fill one file of the log; returns it. */
    private Path aThousandCheckpoints() throws Exception {
        store("src.out", 1000);
        store("a.out", 1000);
        try (CheckpointLog log = CheckpointLog.create(checkpoints(), INTERVAL)) {
            for (int i = 0; i < 1000; i++) {
                log.save(a(i, i, i));
            }
        }
        return lastFile();
    }

    /** Writes 4 KiB of zeros into {@code file} at {@code offset}, as a page lost would leave. */
    private static void zeroFourKiB(Path file, long offset) throws java.io.IOException {
        try (var ch = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
            ch.write(java.nio.ByteBuffer.allocate(4096), offset);
        }
    }

    private Path lastFile() throws java.io.IOException {
        try (var files = java.nio.file.Files.list(checkpoints())) {
            return files.filter(f -> f.toString().endsWith(".cq4")).sorted().reduce((x, y) -> y).orElseThrow();
        }
    }

    @Test
    void aLogOfTheOlderFormatIsStillRead() throws Exception {
        store("src.out", 100);
        store("a.out", 100);
        // The older format: no header, and checkpoints with neither a tag nor a checksum.
        try (var queue = net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder.binary(checkpoints()).build();
                var appender = queue.createAppender()) {
            for (long firing : new long[] {10, 40}) {
                try (var dc = appender.writingDocument()) {
                    var out = dc.wire().bytes();
                    out.writeUtf8("a");
                    out.writeLong(firing);
                    out.writeBoolean(false);
                    out.writeInt(1);
                    out.writeUtf8("a.in");
                    out.writeLong(firing);
                    out.writeInt(1);
                    out.writeUtf8("a.out");
                    out.writeLong(firing);
                    out.writeInt(0);
                }
            }
        }
        try (CheckpointLog log = resume()) {
            assertThat(log.restartPoint("a").orElseThrow().firing()).isEqualTo(40);
        }
    }

    private static int lastIndexOf(byte[] bytes, byte[] pattern) {
        outer:
        for (int i = bytes.length - pattern.length; i >= 0; i--) {
            for (int j = 0; j < pattern.length; j++) {
                if (bytes[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("not found");
    }
}
