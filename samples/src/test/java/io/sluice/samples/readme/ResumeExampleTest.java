package io.sluice.samples.readme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.local.CheckpointLog;
import io.sluice.channel.local.PersistentChannels;
import io.sluice.director.Directors;
import io.sluice.provenance.ActorSummary;
import io.sluice.provenance.ProvenanceRecorder;
import io.sluice.provenance.ProvenanceStore;
import io.sluice.run.RunConfig;
import io.sluice.run.FiringLog;
import io.sluice.run.RunFailedException;
import io.sluice.run.RunListener;
import io.sluice.samples.SampleWorkflows;
import io.sluice.samples.WordSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The README's resume example continues a run that was cut off, to the result of one that was not. */
class ResumeExampleTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aCutOffRunResumesToTheResultOfAnUninterruptedOne() throws Exception {
        Path reference = dir.resolve("reference");
        ResumeExample.run(reference, false);

        // The same run, failed by a listener half-way through the sink's firings: its channels are left cut off, as a
        // killed process leaves them.
        Path work = dir.resolve("work");
        try (CheckpointLog log = CheckpointLog.create(work.resolve("checkpoints"), Duration.ofMillis(1))) {
            RunConfig config = RunConfig.builder()
                    .channels(PersistentChannels.builder(work.resolve("channels")).build())
                    .checkpoints(log)
                    .listener(ProvenanceRecorder.create())
                    .listener(new FailAt("sink", 20_000))
                    .workDirectory(work)
                    .build();
            assertThatThrownBy(() -> Directors.dataDriven().run(SampleWorkflows.filter(WordSource.generated(1_000_000, 42)), config))
                    .isInstanceOf(RunFailedException.class)
                    .hasMessageContaining("stopped at firing 20000");
        }
        try (CheckpointLog log = CheckpointLog.resume(work.resolve("checkpoints"), CheckpointLog.DEFAULT_INTERVAL,
                SampleWorkflows.filter(WordSource.generated(1_000_000, 42)), work.resolve("channels"), actor -> Long.MAX_VALUE)) {
            assertThat(log.restartPoints()).as("actors that will restart from checkpoints").isNotEmpty();
        }

        ResumeExample.run(work, true);

        assertThat(Files.mismatch(work.resolve("result.txt"), reference.resolve("result.txt"))).isEqualTo(-1);
        try (ProvenanceStore resumed = ProvenanceStore.open(work); ProvenanceStore uninterrupted = ProvenanceStore.open(reference)) {
            assertThat(counts(resumed.actorSummaries())).as("the resumed run's provenance is whole")
                    .isEqualTo(counts(uninterrupted.actorSummaries()));
        }
        assertThat(work.resolve("provenance.earlier")).as("the killed run's provenance, once copied, is gone").doesNotExist();
    }

    /** Fails the run when the firings of an actor handed to it reach a firing, as a kill would stop it. */
    private record FailAt(String actor, long firing) implements RunListener {
        @Override
        public FiringLog firingLog(String name) {
            return !name.equals(actor) ? null : span -> {
                if (span.first() <= firing && firing < span.first() + span.count()) {
                    throw new IllegalStateException("stopped at firing " + firing);
                }
            };
        }
    }

    /** Per actor: firings, tokens in, tokens out. */
    private static List<List<Object>> counts(List<ActorSummary> summaries) {
        return summaries.stream().map(s -> List.<Object>of(s.actor(), s.firings(), s.tokensIn(), s.tokensOut())).toList();
    }

    @Test
    void theDocsShowThisCode() throws Exception {
        ReadmeSnippets.assertDocsShow("resume.md", "ResumeExample");
    }
}
