package io.sluice.durable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.ChannelException;
import io.sluice.channel.ChannelPolicy;
import io.sluice.director.Directors;
import io.sluice.provenance.ActorSummary;
import io.sluice.provenance.ProvenanceStore;
import io.sluice.run.RunResult;
import io.sluice.testing.TestActors;
import io.sluice.testing.TestFiles;
import io.sluice.workflow.Workflow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@link DurableRun}: a run kept in its work directory, started afresh or resumed. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DurableRunTest {
    private static final String METADATA = SingleChronicleQueue.QUEUE_METADATA_FILE;

    @TempDir
    Path work;

    /** The work directory, taken for the test as a run's owner takes it. */
    private WorkDirectory directory;

    @BeforeEach
    void take() throws Exception {
        directory = WorkDirectory.take(work);
    }

    @AfterEach
    void release() {
        directory.close();
    }

    private static Workflow workflow() {
        return Workflow.builder("numbers")
                .actor("src", TestActors.emit(Integer.class, IntStream.range(0, 1000).boxed().toList()))
                .actor("sink", TestActors.collect(Integer.class))
                .connect("src.out", "sink.in")
                .build();
    }

    @Test
    void aRunKeepsItsChannelsCheckpointsAndProvenanceInItsWorkDirectory() throws Exception {
        try (DurableRun run = DurableRun.in(directory).policy(ChannelPolicy.DIRECT).start(workflow())) {
            assertThat(run.resumption()).isEmpty();
            Directors.dataDriven().run(workflow(), run.config().build());
        }
        assertThat(directory.channels().resolve("src.out")).isDirectory();
        assertThat(directory.checkpoints()).isDirectory();
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            assertThat(store.actorSummaries()).extracting(ActorSummary::firings).containsExactly(1001L, 1001L);
        }
        assertThatThrownBy(() -> DurableRun.in(directory).start(workflow()))
                .as("a second start over the first run's files").isInstanceOf(ChannelException.class)
                .hasMessageContaining("holds checkpoints already");
    }

    @Test
    void resumingWhereNoRunWasLeftRunsTheWholeWorkflow() throws Exception {
        RunResult result;
        try (DurableRun run = DurableRun.in(directory).resume(workflow())) {
            assertThat(run.restartPoints()).isEmpty();
            result = Directors.dataDriven().run(workflow(), run.config().build());
        }
        assertThat(result.channel("src.out").orElseThrow().tokensWritten()).isEqualTo(1000);
        assertThat(Files.exists(work.resolve("provenance").resolve("run.json"))).isTrue();
    }

    /**
     * A run killed while Chronicle filled in a queue's metadata file leaves entries missing, which
     * a read-only queue cannot add; the resume reads its channels and its firing log read-only.
     */
    @Test
    void aRunWhoseQueueMetadataFilesLackEntriesResumes() throws Exception {
        try (DurableRun run = DurableRun.in(directory).policy(ChannelPolicy.DIRECT).start(workflow())) {
            Directors.dataDriven().run(workflow(), run.config().build());
        }
        TestFiles.keepFirstEntries(directory.channels().resolve("src.out").resolve(METADATA), 3);
        TestFiles.keepFirstEntries(work.resolve("provenance").resolve("firings").resolve(METADATA), 3);

        try (DurableRun run = DurableRun.in(directory).policy(ChannelPolicy.DIRECT).resume(workflow())) {
            Directors.dataDriven().run(workflow(), run.config().build());
            assertThat(run.resumption().orElseThrow().channels()).extracting(c -> c.verified()).containsExactly(1000L);
        }
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            assertThat(store.actorSummaries()).extracting(ActorSummary::firings).containsExactly(1001L, 1001L);
        }
    }

    @Test
    void memoryChannelsCannotBeDurable() {
        assertThatThrownBy(() -> DurableRun.in(directory).policy(ChannelPolicy.MEMORY))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("memory channels keep nothing");
    }

    @Test
    void aResumedRunWithoutProvenanceLeavesNoneToCopy() throws Exception {
        try (DurableRun run = DurableRun.in(directory).provenance(false).start(workflow())) {
            Directors.dataDriven().run(workflow(), run.config().build());
        }
        try (DurableRun run = DurableRun.in(directory).provenance(false).resume(workflow())) {
            assertThat(run.restartPoints()).as("plain test actors are not resumable").isEmpty();
            assertThat(run.resumption()).isPresent();
            Directors.dataDriven().run(workflow(), run.config().build());
            assertThat(run.resumption().orElseThrow().channels()).extracting(c -> c.verified()).containsExactly(1000L);
        }
        assertThat(work.resolve("provenance")).doesNotExist();
    }
}
