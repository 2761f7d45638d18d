package io.sluice.provenance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.actor.Port;
import io.sluice.run.FiringSpan;
import io.sluice.run.FiringRecord;
import io.sluice.run.RunInfo;
import io.sluice.run.RunResult;
import io.sluice.run.RunStatus;
import io.sluice.testing.TestActors;
import io.sluice.workflow.Workflow;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The firing log's blocks are small (so that a run's first append is cheap), but large enough
 * for the largest batch its actors make: Chronicle takes an excerpt of at most a quarter block.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FiringLogBlocksTest {
    @TempDir
    Path work;

    @Test
    void aBlockIsTheSmallestPowerOfTwoFrom256KibWhoseQuarterHoldsTheLargestBatch() {
        assertThat(ProvenanceRecorder.firingLogBlockSize(ActorLog.maxBatchBytes(2))).isEqualTo(256 << 10);
        assertThat(ProvenanceRecorder.firingLogBlockSize(ActorLog.maxBatchBytes(100))).isEqualTo(256 << 10);
        assertThat(ProvenanceRecorder.firingLogBlockSize(1)).isEqualTo(256 << 10);
        assertThat(ProvenanceRecorder.firingLogBlockSize(64 << 10)).isEqualTo(256 << 10);
        assertThat(ProvenanceRecorder.firingLogBlockSize((64 << 10) + 1)).isEqualTo(512 << 10);
        assertThat(ProvenanceRecorder.firingLogBlockSize(ActorLog.maxBatchBytes(1000))).isEqualTo(512 << 10);
        assertThat(ProvenanceRecorder.firingLogBlockSize(ActorLog.maxBatchBytes(10_000))).isEqualTo(2 << 20);
        assertThat(ProvenanceRecorder.firingLogBlockSize(5L << 20)).isEqualTo(32 << 20);
    }

    /**
     * An actor whose every untimed firing jumps on each of its ports makes the largest records
     * there are, and batches as large as they get: each fits in the firing log and reads back.
     * With 1,000 ports a batch (about 70 KB) needs blocks larger than the smallest, with 10,000
     * (about 200 KB) larger still.
     */
    @ParameterizedTest
    @ValueSource(ints = {100, 1000, 10_000})
    void theLargestBatchesAnActorMakesAreAppendedAndReadBack(int ports) throws Exception {
        Instant started = Instant.now();
        ProvenanceRecorder recorder = ProvenanceRecorder.create();
        recorder.runStarted(new RunInfo("wide", wide(ports), "hand", started, work, "memory"));
        AlikeFiringsLog log = recorder.log("wide");
        int firings = 2_000_000 / ports;
        long[] none = {};
        long[] from = new long[ports];
        long[] to = new long[ports];
        for (int f = 0; f < firings; f++) {
            for (int p = 0; p < ports; p++) {
                // A token skipped on every port between firings: each record gives all its positions.
                from[p] = (1L << 60) + 2L * f;
                to[p] = from[p] + 1;
            }
            log.firing(f, FiringSpan.UNTIMED, FiringSpan.UNTIMED, none, none, from, to);
        }
        recorder.runEnded(new RunResult("wide", "wide", "hand", RunStatus.COMPLETED, started, Duration.ofMillis(1),
                List.of(), List.of()));

        int largest = FiringLogExcerpts.of(work).stream().mapToInt(b -> b.length).max().orElseThrow();
        assertThat(largest).as("the largest batch, which a flush made due only past the untimed bound")
                .isGreaterThanOrEqualTo(ActorLog.UNTIMED_MAX_BYTES).isLessThanOrEqualTo((int) ActorLog.maxBatchBytes(ports));
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            assertThat(store.run().complete()).isTrue();
            List<FiringRecord> read = new ArrayList<>();
            store.firings("wide", 0, Integer.MAX_VALUE, read::add);
            assertThat(read).hasSize(firings);
            FiringRecord last = read.get(firings - 1);
            assertThat(last.produced()).hasSize(ports);
            assertThat(last.produced().get(ports - 1).fromSeq()).isEqualTo((1L << 60) + 2L * (firings - 1));
        }
    }

    @Test
    void anExcerptLargerThanTheBlocksAllowIsRefusedNamingTheFileAndTheLogGoesOn() {
        try (SingleChronicleQueue queue = SingleChronicleQueueBuilder.binary(work).rollCycle(RollCycles.FAST_DAILY)
                .blockSize(ProvenanceRecorder.MIN_BLOCK).build();
                FiringLogAppender appender = new FiringLogAppender(queue)) {
            // An excerpt takes at most a quarter block, its batch that less its trailer.
            byte[] tooLarge = new byte[(int) ProvenanceRecorder.MIN_BLOCK / 4 - BatchTrailer.SIZE + 1];
            assertThatThrownBy(() -> appender.append(tooLarge, tooLarge.length)).isInstanceOf(ProvenanceException.class)
                    .hasMessageContaining(work.toString()).hasMessageContaining("does not fit in the firing log");
            byte[] fits = new byte[(int) ProvenanceRecorder.MIN_BLOCK / 4 - BatchTrailer.SIZE];
            long index = appender.append(fits, fits.length);
            assertThat(index).isNotNegative();
        }
    }

    /** A workflow of one actor with {@code ports} outputs, left unconnected: the recorder logs their positions all the same. */
    private static Workflow wide(int ports) {
        List<Port<?>> outs = IntStream.range(0, ports).<Port<?>>mapToObj(p -> Port.output("out" + p, Integer.class)).toList();
        return Workflow.builder("wide").actor("wide", TestActors.withPorts(outs)).build();
    }
}
