package io.sluice.composite.replicas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.ChannelPolicy;
import io.sluice.director.Directors;
import io.sluice.durable.DurableRun;
import io.sluice.durable.WorkDirectory;
import io.sluice.provenance.ActorSummary;
import io.sluice.provenance.ProvenanceStore;
import io.sluice.run.Director;
import io.sluice.run.FiringLog;
import io.sluice.run.RunFailedException;
import io.sluice.run.RunListener;
import io.sluice.workflow.ReplicatedActor;
import io.sluice.workflow.Workflow;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A replicated actor over persistent channels: a run cut off in the middle of its firings resumes
 * to the outputs of an uninterrupted run, with whole provenance and a copy log that covers every
 * token once, and the provenance store says which copy took and put which tokens in every firing.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ReplicatedResumeTest {
    private static final int TOKENS = 3000;
    private static final List<Integer> INPUTS = IntStream.range(0, TOKENS).boxed().toList();

    @TempDir
    Path dir;

    private static Workflow workflow() {
        return Runs.arith(INPUTS, 3, i -> new Arith(i == 1 ? 200_000 : 20_000));
    }

    @ParameterizedTest
    @ValueSource(strings = {"data", "demand"})
    void aCutOffRunResumesToTheUninterruptedOutputs(String director) throws Exception {
        Director d = director.equals("demand") ? Directors.demandDriven() : Directors.dataDriven();
        Runs.Outputs expected = Runs.run(Runs.arith(INPUTS, 0, i -> new Arith(0)), director);

        Path work = dir.resolve("work");
        try (WorkDirectory directory = WorkDirectory.take(work)) {
            try (DurableRun run = DurableRun.in(directory).policy(ChannelPolicy.DIRECT)
                    .checkpointInterval(Duration.ofMillis(1)).start(workflow())) {
                Workflow first = workflow();
                assertThatThrownBy(() -> d.run(first, run.config().listener(new FailAt("work", 12)).build()))
                        .isInstanceOf(RunFailedException.class).hasStackTraceContaining("stopped at firing 12");
            }
            Workflow resumed = workflow();
            try (DurableRun run = DurableRun.in(directory).policy(ChannelPolicy.DIRECT).resume(resumed)) {
                assertThat(run.restartPoints()).as("actors restarted from checkpoints").containsKey("work");
                d.run(resumed, run.config().build());
            }
            assertThat(Runs.outputs(resumed)).isEqualTo(expected);
        }
        List<ReplicatedActor.CopySlice> log = ReplicatedActor.readCopyLog(work, "work");
        assertThat(log.stream().mapToLong(ReplicatedActor.CopySlice::count).sum()).as("tokens in the copy log")
                .isEqualTo(TOKENS);
        assertThat(log).extracting(ReplicatedActor.CopySlice::copy).contains(0, 1, 2);
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            ActorSummary summary = store.actorSummaries().stream().filter(s -> s.actor().equals("work")).findFirst().orElseThrow();
            assertThat(summary.tokensIn()).isEqualTo(TOKENS);
            assertThat(summary.tokensOut()).isEqualTo(expected.out().size() + expected.evens().size());
            // which copy took and put which tokens, for the killed run's firings and the resumed run's
            long[] byCopy = ReplicatedProvenanceTest.checkShares(store, TOKENS);
            long[] logged = new long[byCopy.length];
            log.forEach(slice -> logged[slice.copy()] += slice.count());
            assertThat(byCopy).isEqualTo(logged);
        }
    }

    /** Fails the run when the firings of an actor reach a firing, as a kill would stop it. */
    record FailAt(String actor, long firing) implements RunListener {
        @Override
        public FiringLog firingLog(String name) {
            return !name.equals(actor) ? null : span -> {
                if (span.first() <= firing && firing < span.first() + span.count()) {
                    throw new IllegalStateException("stopped at firing " + firing);
                }
            };
        }
    }
}
