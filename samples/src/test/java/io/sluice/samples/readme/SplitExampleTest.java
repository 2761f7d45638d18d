package io.sluice.samples.readme;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.channel.local.PersistentChannels;
import io.sluice.director.Directors;
import io.sluice.remote.SpaceServer;
import io.sluice.run.ActorStats;
import io.sluice.run.RunConfig;
import io.sluice.run.RunResult;
import io.sluice.samples.SampleWorkflows;
import io.sluice.samples.WordSource;
import io.sluice.testing.ChannelTokens;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The split-run example gives the result, channel contents and firing counts of the workflow run whole. */
class SplitExampleTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void threePartsJoinedByASpaceEqualOneRun() throws Exception {
        Path whole = dir.resolve("whole");
        RunResult reference = Directors.dataDriven().run(SampleWorkflows.mergesort(WordSource.generated(10_000, 42)),
                RunConfig.builder().workDirectory(whole).channels(PersistentChannels.builder(whole.resolve("channels")).build()).build());

        Path space = dir.resolve("space");
        List<RunResult> parts;
        try (SpaceServer server = SpaceServer.builder(space).start()) {
            parts = SplitExample.run(server.uri(), dir.resolve("split"));
        }

        assertThat(Files.mismatch(dir.resolve("split/part-2/result.txt"), whole.resolve("result.txt"))).isEqualTo(-1);
        List<ActorStats> fired = new ArrayList<>();
        parts.forEach(p -> fired.addAll(p.actors()));
        assertThat(fired).as("each actor fired in one part, as often as in the whole run")
                .containsExactlyInAnyOrderElementsOf(reference.actors());
        for (String channel : List.of("source.out", "mergesort.out")) {
            assertThat(tokens(space.resolve(channel))).as("the space's %s", channel).isEqualTo(tokens(whole.resolve("channels/" + channel)));
        }
        assertThat(dir.resolve("split/part-1/channels")).as("the part's own channels are memory channels").doesNotExist();
    }

    private static List<Object> tokens(Path channel) {
        return ChannelTokens.drain(PersistentChannels.openReader(channel));
    }

    @Test
    void theDocsShowThisCode() throws Exception {
        ReadmeSnippets.assertDocsShow("split-runs.md", "SplitExample");
    }
}
