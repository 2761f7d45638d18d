package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.channel.local.PersistentChannels;
import io.sluice.provenance.CopyShare;
import io.sluice.provenance.ProvenanceStore;
import io.sluice.remote.SpaceServer;
import io.sluice.run.FiringRecord;
import io.sluice.testing.ChannelTokens;
import io.sluice.testing.ChildJvm;
import io.sluice.workflow.ReplicatedActor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replicated actor whose copies fire in other processes: {@code sluice run flow.json --space URI
 * --replica-of work} in a child JVM joins the run of the same workflow in another child JVM, and
 * the run's output channel and result equal those of the unreplicated workflow run in one process,
 * also when the worker is killed with SIGKILL mid-run (its slices are fired again by the local copy);
 * a worker whose run is killed ends, naming it.
 */
class ReplicaWorkerProcessTest {
    private static final Duration RUN = Duration.ofSeconds(150);

    @TempDir
    Path dir;

    private Path flow(String name, String replicas, int tokens) throws Exception {
        Path file = dir.resolve(name + ".json");
        Files.writeString(file, """
                {"name": "busy", "actors": [
                  {"name": "src", "type": "word-source", "params": {"tokens": %d, "seed": 42}},
                  {"name": "work", "type": "passthrough", "params": {"work": 20000}%s},
                  {"name": "sink", "type": "line-sink"}],
                 "channels": [{"from": "src.out", "to": "work.in"}, {"from": "work.out", "to": "sink.in"}]}
                """.formatted(tokens, replicas == null ? "" : ", \"replicas\": " + replicas + ", \"round\": 1024"));
        return file;
    }

    /** The unreplicated workflow run in this process; its work directory. */
    private Path reference(int tokens) throws Exception {
        Path whole = dir.resolve("whole");
        Sluice.Outcome one = Sluice.run(dir, "run", flow("plain", null, tokens).toString(), "--work", whole.toString());
        assertThat(one.code()).as(one.err()).isZero();
        return whole;
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aWorkerProcessFiresSlicesAndTheOutputIsTheUnreplicatedOne() throws Exception {
        int tokens = 20_000;
        Path whole = reference(tokens);
        Path flow = flow("replicated", "1", tokens);
        Path space = dir.resolve("space");
        Path work = dir.resolve("run");
        try (SpaceServer server = SpaceServer.builder(space).start()) {
            String uri = server.uri().toString();
            try (ChildJvm worker = ChildJvm.start(Main.class, "run", flow.toString(), "--space", uri, "--replica-of", "work")) {
                worker.await(l -> l.contains("[replica of work]: waiting in"), Duration.ofSeconds(60));
                try (ChildJvm run = ChildJvm.start(Main.class, "run", flow.toString(), "--space", uri, "--work", work.toString())) {
                    assertThat(run.awaitExit(RUN)).as("the run; stderr: %s", run.errors()).isZero();
                }
                assertThat(worker.awaitExit(RUN)).as("the worker; stderr: %s", worker.errors()).isZero();
                String summary = worker.await(l -> l.contains("tokens in"), Duration.ofSeconds(30)); // printed; its reader may lag
                System.out.println("worker: " + summary);
                assertThat(summary).startsWith("busy [replica of work]: ");
                long fired = Long.parseLong(summary.split(": ")[1].split(" ")[0]);
                assertThat(fired).as("tokens the worker fired").isPositive();
                Map<Integer, String> places = ReplicatedActor.readCopyPlaces(work, "work");
                assertThat(places.get(1)).contains("pid " + worker.pid());
                assertThat(ReplicatedActor.readCopyLog(work, "work").stream().filter(s -> s.copy() == 1)
                        .mapToLong(ReplicatedActor.CopySlice::count).sum()).isEqualTo(fired);
                assertThat(tokensByPlace(work, space)).containsEntry("local", (long) tokens - fired)
                        .containsKey(places.get(1)).hasSize(2);
                assertThat(tokensByPlace(work, space).get(places.get(1))).isEqualTo(fired);
                Sluice.Outcome firings = Sluice.run(dir, "prov", "firings", work.toString(), "--actor", "work", "--count", "100");
                assertThat(firings.code()).as(firings.err()).isZero();
                assertThat(firings.out()).contains("  copy 0 (local): took ").contains("  copy 1 (" + places.get(1) + "): took ");
            }
        }
        assertSameOutput(whole, space, work);
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aKilledWorkerHasItsSlicesFiredAgainAndTheOutputIsTheUnreplicatedOne() throws Exception {
        int tokens = 40_000;
        Path whole = reference(tokens);
        Path flow = flow("replicated", "1", tokens);
        Path space = dir.resolve("space");
        Path work = dir.resolve("run");
        try (SpaceServer server = SpaceServer.builder(space).start()) {
            String uri = server.uri().toString();
            try (ChildJvm worker = ChildJvm.start(Main.class, "run", flow.toString(), "--space", uri, "--replica-of", "work")) {
                worker.await(l -> l.contains("[replica of work]: waiting in"), Duration.ofSeconds(60));
                try (ChildJvm run = ChildJvm.start(Main.class, "run", flow.toString(), "--space", uri, "--work", work.toString())) {
                    awaitSlicesOf(1, work, run);
                    assertThat(run.isAlive()).as("the run still runs when the worker is killed").isTrue();
                    worker.kill();
                    assertThat(run.awaitExit(RUN)).as("the run; stderr: %s", run.errors()).isZero();
                }
            }
        }
        assertThat(Files.readString(work.resolve("replicas/work.tsv"))).contains("#lost\t1\t");
        assertSameOutput(whole, space, work);
        Map<String, Long> byPlace = tokensByPlace(work, space);
        assertThat(byPlace.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(tokens);
        assertThat(byPlace).containsKey("local").anySatisfy((where, n) -> assertThat(where).startsWith("worker w"));
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aWorkerWhoseRunIsKilledEndsNamingIt() throws Exception {
        Path flow = flow("replicated", "1", 40_000);
        Path work = dir.resolve("run");
        try (SpaceServer server = SpaceServer.builder(dir.resolve("space")).start()) {
            String uri = server.uri().toString();
            try (ChildJvm worker = ChildJvm.start(Main.class, "run", flow.toString(), "--space", uri, "--replica-of", "work")) {
                worker.await(l -> l.contains("[replica of work]: waiting in"), Duration.ofSeconds(60));
                try (ChildJvm run = ChildJvm.start(Main.class, "run", flow.toString(), "--space", uri, "--work", work.toString())) {
                    awaitSlicesOf(1, work, run);
                    run.kill();
                }
                assertThat(worker.awaitExit(Duration.ofSeconds(60))).as("the worker's exit code; stderr: %s", worker.errors())
                        .isEqualTo(1);
                assertThat(worker.errors()).contains("replica of 'work' failed").contains("is gone");
            }
        }
    }

    /** Waits until the copy log in {@code work} shows a slice of {@code copy}. */
    private static void awaitSlicesOf(int copy, Path work, ChildJvm run) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (run.isAlive() && System.nanoTime() < deadline) {
            Path log = work.resolve("replicas/work.tsv");
            if (Files.isRegularFile(log) && ReplicatedActor.readCopyLog(work, "work").stream().anyMatch(s -> s.copy() == copy)) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("copy " + copy + " fired no slice");
    }

    /**
     * The tokens each place took, from the run's provenance: every firing of the replicated
     * actor has shares that tile what it consumed ({@code ProvenanceStore.copies} checks it).
     */
    private static Map<String, Long> tokensByPlace(Path work, Path space) {
        Map<String, Long> byPlace = new java.util.TreeMap<>();
        try (ProvenanceStore store = ProvenanceStore.openParts(List.of(work), List.of(space))) {
            List<FiringRecord> firings = new java.util.ArrayList<>();
            store.firings("work", 0, Long.MAX_VALUE, firings::add);
            for (FiringRecord f : firings) {
                for (CopyShare share : store.copies(f)) {
                    byPlace.merge(share.where(), share.consumed().get(0).count(), Long::sum);
                }
            }
        }
        return byPlace;
    }

    private static void assertSameOutput(Path whole, Path space, Path work) throws Exception {
        assertThat(Files.mismatch(work.resolve("result.txt"), whole.resolve("result.txt"))).isEqualTo(-1);
        assertThat(tokens(space.resolve("work.out"))).isEqualTo(tokens(whole.resolve("channels/work.out")));
    }

    private static List<Object> tokens(Path channel) {
        return ChannelTokens.drain(PersistentChannels.openReader(channel));
    }
}
