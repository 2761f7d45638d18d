package io.sluice.provenance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.run.RunInfo;
import io.sluice.run.RunResult;
import io.sluice.run.RunStatus;
import io.sluice.testing.Tmpfs;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recording provenance onto a disk that fills up (a small tmpfs): the firing log's append fails
 * with a {@link ProvenanceException} naming its file before anything of the batch is written
 * (Chronicle writes through a memory map, where a full disk would be a fault that drops the
 * write), the batches appended before stay readable, and the batch that failed is appended once
 * there is room again; the store is not marked complete, since what the failing call had still
 * to log may be lost.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FiringLogDiskFullTest {
    private static final int ROOM = 600 << 10;

    @TempDir
    Path work;

    private Tmpfs tmpfs;
    /** The run's work directory, on the tmpfs, which {@link #filler} fills but for {@link #ROOM} bytes. */
    private Path run;
    private Path filler;
    private Instant started;
    private long t0;
    private ProvenanceRecorder recorder;
    private AlikeFiringsLog log;

    @BeforeEach
    void startOnAnAlmostFullDisk() throws Exception {
        Path disk = work.resolve("disk");
        tmpfs = Tmpfs.mountOrSkip(disk, "2m", false);
        run = disk.resolve("run");
        started = Instant.now();
        t0 = started.getEpochSecond() * 1_000_000_000L + started.getNano();
        recorder = ProvenanceRecorder.create();
        recorder.runStarted(new RunInfo("full", FiringLogProperties.WORKFLOW, "hand", started, run, "memory"));
        log = recorder.log("both");
        filler = Tmpfs.fill(disk.resolve("filler"));
        try (FileChannel f = FileChannel.open(filler, StandardOpenOption.WRITE)) {
            f.truncate(Math.max(0, f.size() - ROOM));
        }
    }

    @AfterEach
    void unmount() throws Exception {
        if (tmpfs != null) {
            tmpfs.close();
        }
    }

    @Test
    void aFullDiskFailsTheBatchNamingTheFiringLogAndKeepsTheBatchesBefore() throws Exception {
        long logged;
        try {
            logged = logUntilTheDiskIsFull();
        } finally {
            assertThatThrownBy(this::end).as("the batch that failed does not fit either")
                    .isInstanceOf(ProvenanceException.class).hasMessageContaining("the disk is full");
        }
        try (ProvenanceStore store = ProvenanceStore.open(run)) {
            assertThat(store.run().complete()).isFalse();
            List<Long> read = new ArrayList<>();
            store.firings("both", 0, Long.MAX_VALUE, f -> {
                assertThat(f.consumed().get(0).fromSeq()).isEqualTo(inFrom(f.firing()));
                read.add(f.firing());
            });
            // Every firing is timed, so a batch is appended at its 1024th record: the one that failed is the last 1024.
            assertThat(read).as("the firings of the batches appended before the disk was full").isNotEmpty()
                    .isEqualTo(firings(read.size()));
            assertThat(logged - read.size()).as("the firings of the batch that failed").isEqualTo(ActorLog.MAX_RECORDS);
        }
    }

    @Test
    void theBatchThatDidNotFitIsAppendedOnceThereIsRoomButTheStoreIsNotMarkedComplete() throws Exception {
        long logged;
        try {
            logged = logUntilTheDiskIsFull();
            Files.delete(filler);
        } finally {
            assertThatThrownBy(this::end).isInstanceOf(ProvenanceException.class)
                    .hasMessageContaining("the firings of actor 'both' may be missing some")
                    .hasMessageContaining("the disk is full");
        }
        try (ProvenanceStore store = ProvenanceStore.open(run)) {
            assertThat(store.run().complete()).as("a failed append may have lost firings").isFalse();
            List<Long> read = new ArrayList<>();
            store.firings("both", 0, Long.MAX_VALUE, f -> read.add(f.firing()));
            assertThat(read).as("every firing logged, the batch that failed appended at the end").isEqualTo(firings((int) logged));
            assertThat(store.producerOf(new TokenRef("both.out", inFrom(logged - 1) + 7))).hasValueSatisfying(
                    f -> assertThat(f.firing()).isEqualTo(logged - 1));
        }
    }

    @Test
    void aRunOfFiringsCutByAFullDiskLosesItsRestAndTheStoreIsNotMarkedComplete() throws Exception {
        long logged;
        long head = FiringBatch.MAX_FIRINGS - ActorLog.MAX_RECORDS;
        try {
            logged = logUntilTheDiskIsFull();
            // The log keeps the batch that failed (1024 firings); a run longer than a batch fills it
            // up, and its append fails again, before the rest of the run is logged.
            int n = FiringBatch.MAX_FIRINGS + 100;
            assertThatThrownBy(() -> log.firings(logged, n, t0 + 1_000 * logged, t0 + 1_000 * logged + 1,
                    new long[] {inFrom(logged)}, new long[] {1}, new long[] {inFrom(logged) + 7}, new long[] {1}))
                    .isInstanceOf(ProvenanceException.class).hasMessageContaining("the disk is full");
            // A full batch is tried again before anything is added to it.
            assertThatThrownBy(() -> log.firing(logged + n, t0, t0 + 1, new long[] {0}, new long[] {0}, new long[] {0},
                    new long[] {0})).isInstanceOf(ProvenanceException.class).hasMessageContaining("the disk is full");
            Files.delete(filler);
        } finally {
            assertThatThrownBy(this::end).isInstanceOf(ProvenanceException.class)
                    .hasMessageContaining("the firings of actor 'both' may be missing some");
        }
        try (ProvenanceStore store = ProvenanceStore.open(run)) {
            assertThat(store.run().complete()).isFalse();
            List<Long> read = new ArrayList<>();
            store.firings("both", 0, Long.MAX_VALUE, f -> read.add(f.firing()));
            assertThat(read).as("the firings up to the end of the run's part that filled the batch")
                    .isEqualTo(firings((int) (logged + head)));
        }
    }

    @Test
    void indexesThatDoNotFitFailTheRunNamingTheirFileAndTheStoreIsAnsweredFromItsLog() throws Exception {
        int n = 3 * ActorLog.MAX_RECORDS;
        for (long f = 0; f < n; f++) {
            long in = inFrom(f);
            log.firing(f, t0 + 1_000 * f, t0 + 1_000 * f + 500, new long[] {in}, new long[] {in + 1}, new long[] {in + 7},
                    new long[] {in + 8});
        }
        recorder.actorEnded("both", n);
        Tmpfs.fill(filler.resolveSibling("the rest"));

        assertThatThrownBy(this::end).isInstanceOf(ProvenanceException.class)
                .hasMessageStartingWith(run.resolve("provenance").resolve("index").resolve("indexes") + ": cannot write the run's indexes");
        try (ProvenanceStore store = ProvenanceStore.open(run)) {
            assertThat(store.run().complete()).isFalse();
            List<Long> read = new ArrayList<>();
            store.firings("both", 0, Long.MAX_VALUE, f -> read.add(f.firing()));
            assertThat(read).as("every firing, from the firing log").isEqualTo(firings(n));
            assertThat(store.producerOf(new TokenRef("both.out", inFrom(n - 1) + 7))).hasValueSatisfying(
                    f -> assertThat(f.firing()).isEqualTo(n - 1));
        }
    }

    /**
     * Logs timed firings that each jump ahead (so that each record holds its ports' positions)
     * until the log fails; returns how many were logged, the one it failed on included.
     */
    private long logUntilTheDiskIsFull() throws Exception {
        for (long f = 0; f < 10_000_000; f++) {
            long in = inFrom(f);
            try {
                log.firing(f, t0 + 1_000 * f, t0 + 1_000 * f + 500, new long[] {in}, new long[] {in + 1}, new long[] {in + 7},
                        new long[] {in + 8});
            } catch (ProvenanceException e) {
                assertThat(e).hasMessageContaining(Path.of("provenance", "firings").toString()).hasMessageContaining(".cq4")
                        .hasMessageContaining("the disk is full").hasMessageEndingWith("a batch of the firing log was not written");
                return f + 1;
            }
        }
        throw new AssertionError("ten million firings fitted on a disk of 2 MiB");
    }

    /** Ends the run, as failed. */
    private void end() throws Exception {
        recorder.runEnded(new RunResult("full", "w", "hand", RunStatus.FAILED, started, Duration.ofMillis(1), List.of(),
                List.of()));
    }

    private static long inFrom(long firing) {
        return 1_000 * firing;
    }

    private static List<Long> firings(int n) {
        List<Long> out = new ArrayList<>();
        for (long f = 0; f < n; f++) {
            out.add(f);
        }
        return out;
    }
}
