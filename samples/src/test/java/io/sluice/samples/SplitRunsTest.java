package io.sluice.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelSpec;
import io.sluice.director.Directors;
import io.sluice.remote.RemoteChannels;
import io.sluice.remote.RemoteSpace;
import io.sluice.remote.SpaceServer;
import io.sluice.run.Director;
import io.sluice.run.Run;
import io.sluice.run.RunCancelledException;
import io.sluice.run.RunConfig;
import io.sluice.run.RunFailedException;
import io.sluice.run.RunPart;
import io.sluice.run.RunStatus;
import io.sluice.workflow.ChannelOptions;
import io.sluice.workflow.Workflow;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Parts of a workflow ({@link RunPart}) under both directors, joined by a space in this JVM. */
class SplitRunsTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"data", "demand"})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void partsStartedInAnyOrderGiveTheWholeRunsResult(String directorName) throws Exception {
        Director director = Directors.named(directorName);
        Path whole = dir.resolve("whole");
        director.run(SampleWorkflows.mergesort(WordSource.generated(5_000, 7)), RunConfig.builder().workDirectory(whole).build());

        List<Set<String>> parts = List.of(Set.of("sink"), Set.of("source"), Set.of("split", "mergesort"));
        try (SpaceServer server = SpaceServer.builder(dir.resolve("space")).start();
                RemoteSpace space = RemoteChannels.connect(server.uri())) {
            List<Run> runs = new ArrayList<>();
            for (Set<String> actors : parts) {
                runs.add(director.start(SampleWorkflows.mergesort(WordSource.generated(5_000, 7)), RunConfig.builder()
                        .workDirectory(dir.resolve(String.join("-", actors))).part(new RunPart(actors, space.forNewRun())).build()));
                Thread.sleep(100); // each part waits for the tokens of those started later
            }
            for (Run run : runs) {
                try (run) {
                    assertThat(run.await().status()).isEqualTo(RunStatus.COMPLETED);
                }
            }
        }
        assertThat(Files.mismatch(dir.resolve("sink/result.txt"), whole.resolve("result.txt"))).isEqualTo(-1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"data", "demand"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aPartWaitingForPeersThatNeverComeWaitsUntilCancelled(String directorName) throws Exception {
        try (SpaceServer server = SpaceServer.builder(dir.resolve("space")).start();
                RemoteSpace space = RemoteChannels.connect(server.uri())) {
            Run run = Directors.named(directorName).start(SampleWorkflows.filter(WordSource.generated(100, 1)), RunConfig.builder()
                    .workDirectory(dir.resolve("sink")).part(new RunPart(Set.of("sink"), space)).build());
            try (run) {
                assertThat(run.await(Duration.ofMillis(500))).as("no deadlock is declared while a peer may come").isEmpty();
                run.cancel();
                assertThatThrownBy(run::await).isInstanceOf(RunCancelledException.class);
            }
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aPartNamingAnActorTheWorkflowLacksFailsBeforeItOpensAChannel() throws Exception {
        try (SpaceServer server = SpaceServer.builder(dir.resolve("space")).start();
                RemoteSpace space = RemoteChannels.connect(server.uri())) {
            RunConfig config = RunConfig.builder().part(new RunPart(Set.of("sink", "sorter"), space)).build();
            assertThatThrownBy(() -> Directors.dataDriven().run(SampleWorkflows.filter(WordSource.generated(100, 1)), config))
                    .isInstanceOf(RunFailedException.class)
                    .hasMessageContaining("workflow 'filter' has no actor sorter");
            assertThat(space.names(".*")).isEmpty();
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aChannelInASpaceTheRunWasNotGivenFailsNamingBoth() {
        URI hub = URI.create("sluice://hub:7000");
        Workflow workflow = Workflow.builder("named")
                .actor("source", WordSource.generated(10, 1))
                .actor("sink", new LineSink())
                .connect("source.out", "sink.in", ChannelOptions.defaults().space(hub))
                .build();
        assertThatThrownBy(() -> Directors.dataDriven().run(workflow, RunConfig.builder().workDirectory(dir).build()))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("channel 'source.out' lives in space sluice://hub:7000, but the run was given no channel factory"
                        + " for it");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aNewRunRefusesTheTokensAKilledRunLeft() throws Exception {
        try (SpaceServer server = SpaceServer.builder(dir.resolve("space")).start();
                RemoteSpace space = RemoteChannels.connect(server.uri())) {
            try (Channel<String> left = space.open(ChannelSpec.unbounded("source.out", String.class))) {
                for (String word : List.of("a", "b", "c")) {
                    left.writer().put(word);
                }
            } // closed without ending the stream, as a killed writer leaves it
            RunConfig config = RunConfig.builder().workDirectory(dir.resolve("w")).channels(space.forNewRun()).build();
            assertThatThrownBy(() -> Directors.dataDriven().run(SampleWorkflows.filter(WordSource.generated(100, 1)), config))
                    .isInstanceOf(RunFailedException.class)
                    .hasMessageContaining("channel 'source.out'")
                    .hasMessageContaining("already holds 3 tokens")
                    .hasMessageContaining("sluice space rm " + server.uri() + " source.out");
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aNewRunRefusesToAppendToAnEarlierRunsTokens() throws Exception {
        try (SpaceServer server = SpaceServer.builder(dir.resolve("space")).start();
                RemoteSpace space = RemoteChannels.connect(server.uri())) {
            RunConfig config = RunConfig.builder().workDirectory(dir.resolve("w")).channels(space.forNewRun()).build();
            Directors.dataDriven().run(SampleWorkflows.filter(WordSource.generated(100, 1)), config);
            assertThatThrownBy(() -> Directors.dataDriven().run(SampleWorkflows.filter(WordSource.generated(100, 1)), config))
                    .isInstanceOf(RunFailedException.class)
                    .hasMessageContaining("channel 'source.out'")
                    .hasMessageContaining("100 tokens")
                    .hasMessageContaining("sluice space rm " + server.uri() + " source.out");
        }
    }
}
