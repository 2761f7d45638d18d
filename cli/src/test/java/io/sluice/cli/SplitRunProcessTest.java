package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.channel.local.PersistentChannels;
import io.sluice.provenance.ActorSummary;
import io.sluice.provenance.Lineage;
import io.sluice.provenance.ProvenanceStore;
import io.sluice.provenance.TokenRef;
import io.sluice.remote.SpaceServer;
import io.sluice.testing.ChannelTokens;
import io.sluice.testing.ChildJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * One workflow in three processes: {@code sluice run mergesort --actors ... --space URI}, started
 * sink first, gives the result, the channel contents and the per-actor provenance counts of the
 * same workflow run in one process, and {@code prov lineage --part} follows a token across them.
 */
class SplitRunProcessTest {
    private static final String TOKENS = "20000";
    private static final Duration RUN = Duration.ofSeconds(150);

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void threeProcessesEqualOne() throws Exception {
        Path whole = dir.resolve("whole");
        Sluice.run(dir, "run", "mergesort", "--tokens", TOKENS, "--work", whole.toString()).summary();

        Path space = dir.resolve("space");
        List<Path> parts = List.of(dir.resolve("sink"), dir.resolve("sort"), dir.resolve("source"));
        List<String> actors = List.of("sink", "split,mergesort", "source");
        List<String> summaries = new ArrayList<>();
        try (SpaceServer server = SpaceServer.builder(space).start()) {
            List<ChildJvm> processes = new ArrayList<>();
            try {
                // The reader first: each part waits for its peers' channels.
                for (int p = 0; p < parts.size(); p++) {
                    processes.add(ChildJvm.start(Main.class, "run", "mergesort", "--tokens", TOKENS, "--actors", actors.get(p),
                            "--space", server.uri().toString(), "--work", parts.get(p).toString()));
                }
                for (ChildJvm process : processes) {
                    assertThat(process.awaitExit(RUN)).as("exit code; stderr: %s", process.errors()).isZero();
                    summaries.add(String.join("\n", process.drain()));
                }
            } finally {
                processes.forEach(ChildJvm::close);
            }
        }

        assertThat(summaries.get(0)).startsWith("mergesort [sink]: ").contains("result " + parts.get(0).resolve("result.txt"));
        assertThat(Files.mismatch(parts.get(0).resolve("result.txt"), whole.resolve("result.txt"))).isEqualTo(-1);
        for (String shared : List.of("source.out", "mergesort.out")) {
            assertThat(tokens(space.resolve(shared))).as(shared).isEqualTo(tokens(whole.resolve("channels/" + shared)));
        }
        for (String local : List.of("split.out", "mergesort.a", "mergesort.b", "mergesort.t")) {
            assertThat(tokens(parts.get(1).resolve("channels/" + local))).as(local).isEqualTo(tokens(whole.resolve("channels/" + local)));
        }
        assertThat(parts.get(0).resolve("channels/mergesort.out")).as("a shared channel is kept in the space only").doesNotExist();

        try (ProvenanceStore split = ProvenanceStore.openParts(parts, List.of(space)); ProvenanceStore one = ProvenanceStore.open(whole)) {
            assertThat(counts(split.actorSummaries())).isEqualTo(counts(one.actorSummaries()));
            TokenRef line = new TokenRef("mergesort.out", 41);
            assertThat(firings(split.lineage(line, Lineage.Direction.BACKWARD, 8)))
                    .isEqualTo(firings(one.lineage(line, Lineage.Direction.BACKWARD, 8)))
                    .anyMatch(f -> f.startsWith("mergesort#"));
            TokenRef sorted = new TokenRef("split.out", 5);
            assertThat(firings(split.lineage(sorted, Lineage.Direction.BACKWARD, 2)))
                    .as("from the part that split to the part that made the words")
                    .isEqualTo(firings(one.lineage(sorted, Lineage.Direction.BACKWARD, 2)))
                    .anyMatch(f -> f.startsWith("source#"));
            assertThat(split.value(new TokenRef("source.out", 3))).isEqualTo(one.value(new TokenRef("source.out", 3)));
        }
        Sluice.Outcome lineage = Sluice.run(dir, "prov", "lineage", parts.get(0).toString(), "--part", parts.get(1).toString(),
                "--part", parts.get(2).toString(), "--channel-dir", space.toString(), "source.out#7", "--forward", "--depth", "2");
        assertThat(lineage.code()).as(lineage.err()).isZero();
        assertThat(lineage.out()).as("the word's value is read from the space").startsWith("source.out#7 \"")
                .contains("split#");
    }

    private static List<Object> tokens(Path channel) {
        return ChannelTokens.drain(PersistentChannels.openReader(channel));
    }

    private static List<String> firings(Lineage lineage) {
        List<String> out = new ArrayList<>();
        lineage.steps().forEach(s -> out.add(s.firing().actor() + "#" + s.firing().firing()));
        lineage.rangeSteps().forEach(s -> out.add(s.actor() + "#" + s.firstFiring() + ".." + s.lastFiring()));
        return out;
    }

    private static List<List<Object>> counts(List<ActorSummary> summaries) {
        return summaries.stream().map(s -> List.<Object>of(s.actor(), s.firings(), s.tokensIn(), s.tokensOut())).toList();
    }
}
