package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.channel.local.PersistentChannels;
import io.sluice.provenance.ActorSummary;
import io.sluice.provenance.ProvenanceStore;
import io.sluice.remote.SpaceServer;
import io.sluice.testing.ChannelTokens;
import io.sluice.testing.ChildJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A part of a split run killed with SIGKILL and resumed with {@code --resume}, while the other
 * part goes on in its own process: the parts together still give the result, the shared
 * channel's contents and the per-actor provenance counts of the workflow run in one process. The
 * filter workflow is split into its source and the rest, joined by {@code source.out} in a
 * space; either part is the one killed, at a random moment (a kill that lands after the part has
 * ended resumes a finished part, which must also come out whole).
 */
class SplitRunResumeTest {
    private static final String TOKENS = "400000";
    private static final long SEED = Long.getLong("sluice.crash.seed", 20261126L);

    @TempDir
    Path dir;

    @ParameterizedTest(name = "the {0} part killed")
    @CsvSource({"source, 'filter,sink', 0", "'filter,sink', source, 1"})
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aKilledPartResumesToTheOneProcessResult(String killed, String other, int seedOffset) throws Exception {
        Path whole = dir.resolve("whole");
        Sluice.Outcome one = Sluice.run(dir, "run", "filter", "--tokens", TOKENS, "--work", whole.toString());
        assertThat(one.code()).as(one.err()).isZero();

        Path space = dir.resolve("space");
        Path killedWork = dir.resolve("killed");
        Path otherWork = dir.resolve("other");
        // The kill lands once the killed part has put a random share of a channel's tokens (as many as the one-process run's).
        Path watched = killed.contains("sink") ? killedWork.resolve("channels/filter.out") : space.resolve("source.out");
        long all = PersistentChannels.describe(whole.resolve("channels").resolve(watched.getFileName())).tokens();
        long moment = 1 + new SplittableRandom(SEED + seedOffset).nextLong(all);
        try (SpaceServer server = SpaceServer.builder(space).start()) {
            String uri = server.uri().toString();
            try (ChildJvm goesOn = ChildJvm.start(Main.class, "run", "filter", "--tokens", TOKENS, "--actors", other,
                    "--space", uri, "--work", otherWork.toString())) {
                boolean alive;
                try (ChildJvm victim = ChildJvm.start(Main.class, "run", "filter", "--tokens", TOKENS, "--actors", killed,
                        "--space", uri, "--work", killedWork.toString())) {
                    awaitTokens(watched, moment, victim);
                    alive = victim.isAlive();
                    victim.kill();
                }
                Resumed resumed = resume(killed, uri, killedWork);
                assertThat(resumed.code()).as("exit code of the resume; stderr: %s", resumed.errors()).isZero();
                System.out.printf("split filter, part [%s] killed at token %d of %s (%s): %s%n", killed, moment,
                        watched.getFileName(), alive ? "while running" : "after it ended", resumed.out());
                assertThat(resumed.out()).first().asString().startsWith("resumed: ");
                assertThat(resumed.out()).last().asString().startsWith("filter [" + killed + "]: ");
                assertThat(goesOn.awaitExit(Duration.ofSeconds(150))).as("the other part; stderr: %s", goesOn.errors()).isZero();
            }
        }

        Path sinkPart = killed.contains("sink") ? killedWork : otherWork;
        assertThat(Files.mismatch(sinkPart.resolve("result.txt"), whole.resolve("result.txt"))).isEqualTo(-1);
        assertThat(tokens(space.resolve("source.out"))).isEqualTo(tokens(whole.resolve("channels/source.out")));
        try (ProvenanceStore split = ProvenanceStore.openParts(List.of(killedWork, otherWork), List.of(space));
                ProvenanceStore reference = ProvenanceStore.open(whole)) {
            assertThat(counts(split.actorSummaries())).isEqualTo(counts(reference.actorSummaries()));
        }
    }

    /**
     * Resumes the killed part, in a process of its own as the space serves from this one. The
     * space may not yet have seen the killed process's connection close, and then refuses the
     * channel's writer as still held: the resume says so, and is tried again, as a user would.
     * Returns the exit code and the lines printed.
     */
    private Resumed resume(String actors, String uri, Path work) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            try (ChildJvm child = ChildJvm.start(Main.class, "run", "filter", "--tokens", TOKENS, "--actors", actors, "--space", uri,
                    "--work", work.toString(), "--resume")) {
                int code = child.awaitExit(Duration.ofSeconds(150));
                Resumed resumed = new Resumed(code, child.drain(), child.errors());
                if (code == 0 || !resumed.errors().contains("writer") || System.nanoTime() > deadline) {
                    return resumed;
                }
            }
            Thread.sleep(200);
        }
    }

    private record Resumed(int code, List<String> out, String errors) {}

    /** Waits until the channel in {@code channel} holds {@code tokens} tokens, or {@code writer} has exited. */
    private static void awaitTokens(Path channel, long tokens, ChildJvm writer) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (writer.isAlive() && System.nanoTime() < deadline) {
            if (Files.isRegularFile(channel.resolve("channel.json")) && PersistentChannels.describe(channel).tokens() >= tokens) {
                return;
            }
            Thread.sleep(2);
        }
    }

    private static List<Object> tokens(Path channel) {
        return ChannelTokens.drain(PersistentChannels.openReader(channel));
    }

    private static List<List<Object>> counts(List<ActorSummary> summaries) {
        return summaries.stream().map(s -> List.<Object>of(s.actor(), s.firings(), s.tokensIn(), s.tokensOut())).toList();
    }
}
