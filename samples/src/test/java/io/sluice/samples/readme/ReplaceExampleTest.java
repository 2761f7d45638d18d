package io.sluice.samples.readme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.ChannelException;
import io.sluice.durable.DurableRun;
import io.sluice.durable.WorkDirectory;
import io.sluice.provenance.ActorSummary;
import io.sluice.provenance.ProvenanceStore;
import io.sluice.run.RunStatus;
import io.sluice.samples.SampleWorkflows;
import io.sluice.samples.WordSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The example in docs/embedding.md replaces the run an earlier one left, which a plain start refuses. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ReplaceExampleTest {
    @TempDir
    Path work;

    @Test
    void aSecondRunReplacesTheFirst() throws Exception {
        assertThat(ReplaceExample.runAfresh(work).status()).isEqualTo(RunStatus.COMPLETED);
        byte[] first = Files.readAllBytes(work.resolve("result.txt"));
        List<Long> firings = firings();

        try (WorkDirectory directory = WorkDirectory.take(work)) {
            assertThat(directory.holdsEarlierRun()).isTrue();
            assertThatThrownBy(() -> DurableRun.in(directory).start(SampleWorkflows.filter(WordSource.generated(10_000, 42))))
                    .as("a start over the earlier run's files, without removing them")
                    .isInstanceOf(ChannelException.class)
                    .hasMessageContaining("holds checkpoints already");
        }

        assertThat(ReplaceExample.runAfresh(work).status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(Files.readAllBytes(work.resolve("result.txt"))).isEqualTo(first);
        assertThat(firings()).as("the provenance is the second run's alone").isEqualTo(firings);
    }

    /** The firings of each actor, as the run's provenance counts them. */
    private List<Long> firings() throws Exception {
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            return store.actorSummaries().stream().map(ActorSummary::firings).toList();
        }
    }

    @Test
    void docsEmbeddingShowsThisCode() throws Exception {
        ReadmeSnippets.assertDocsShow("embedding.md", "ReplaceExample");
    }
}
