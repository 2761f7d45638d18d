package io.sluice.composite.replicas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.ChannelPolicy;
import io.sluice.composite.RemoteReplicas;
import io.sluice.director.Directors;
import io.sluice.durable.DurableRun;
import io.sluice.durable.WorkDirectory;
import io.sluice.provenance.ProvenanceStore;
import io.sluice.remote.RemoteChannels;
import io.sluice.remote.RemoteSpace;
import io.sluice.remote.SpaceServer;
import io.sluice.run.RunConfig;
import io.sluice.run.RunFailedException;
import io.sluice.workflow.ReplicatedActor;
import io.sluice.workflow.Workflow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Copies of a replicated actor that join its rounds from another connection to a space, as a
 * worker process does ({@link RemoteReplicas}): the outputs stay the unreplicated run's, the copy
 * log says which copy fired where, and a worker whose link is cut has its slices fired again.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RemoteReplicasTest {
    private static final long DELAY = 200_000; // 0.2 ms per token

    @TempDir
    Path dir;

    /** The id of the worker {@link #worker} started last. */
    private String lastWorker;

    private static List<Integer> inputs(int n) {
        Random random = new Random(5);
        return IntStream.range(0, n).mapToObj(i -> random.nextInt(10_000)).toList();
    }

    /** Source, work (replicated as {@code copies} with rounds of 512 tokens if {@code copies} > 0), out and evens sinks. */
    private static Workflow workflow(List<Integer> inputs, int copies) {
        return workflow(inputs, copies, DELAY);
    }

    private static Workflow workflow(List<Integer> inputs, int copies, long delay) {
        return workflow(inputs, copies, delay, null);
    }

    /** As {@link #workflow(List, int, long)}, each copy of 'work' held by {@code gate} if it is not null. */
    private static Workflow workflow(List<Integer> inputs, int copies, long delay, Arith.Gate gate) {
        Workflow.Builder b = Workflow.builder("arith").actor("src", io.sluice.testing.TestActors.emit(Integer.class, inputs));
        if (copies > 0) {
            List<io.sluice.actor.Actor> made = IntStream.range(0, copies).mapToObj(i -> (io.sluice.actor.Actor) new Arith(delay, gate)).toList();
            b.replicated("work", made, Arith.class.getName(), Map.of(), 512);
        } else {
            b.actor("work", new Arith(delay, gate));
        }
        return b.actor("out", io.sluice.testing.TestActors.collect(Integer.class))
                .actor("evens", io.sluice.testing.TestActors.collect(Integer.class))
                .connect("src.out", "work.in").connect("work.out", "out.in").connect("work.evens", "evens.in").build();
    }

    /** Runs a worker of 'work' on a connection of its own; returns its thread, its failure (if any) in {@code failed}. */
    private Thread worker(SpaceServer server, List<Integer> inputs, AtomicReference<Object> result, RemoteSpace[] connection)
            throws Exception {
        return worker(server, inputs, result, connection, DELAY);
    }

    private Thread worker(SpaceServer server, List<Integer> inputs, AtomicReference<Object> result, RemoteSpace[] connection,
            long delay) throws Exception {
        return worker(server, inputs, result, connection, delay, null);
    }

    /** As the other, the worker's copy held in its first firing by {@code gate} if it is not null. */
    private Thread worker(SpaceServer server, List<Integer> inputs, AtomicReference<Object> result, RemoteSpace[] connection,
            long delay, Arith.Gate gate) throws Exception {
        RemoteSpace space = RemoteChannels.connect(server.uri());
        List<String> ids = new java.util.concurrent.CopyOnWriteArrayList<>();
        connection[0] = space;
        Thread t = new Thread(() -> {
            try (space) {
                result.set(RemoteReplicas.work(workflow(inputs, 1, delay, gate), "work", 1, space, ids::addAll));
            } catch (Exception e) {
                result.set(e);
            }
        }, "test-worker");
        t.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (ids.isEmpty() && System.nanoTime() < deadline) { // the worker is there once it said hello
            Thread.sleep(10);
        }
        assertThat(ids).as("the worker said hello").hasSize(1);
        lastWorker = ids.get(0);
        return t;
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0}-driven")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"data", "demand"})
    void aRemoteCopyTakesSlicesAndTheOutputsStayTheUnreplicatedOnes(String director) throws Exception {
        List<Integer> inputs = inputs(3000);
        Runs.Outputs expected = Runs.run(workflow(inputs, 0), "data");
        try (SpaceServer server = SpaceServer.builder(dir.resolve("space")).start();
                RemoteSpace space = RemoteChannels.connect(server.uri())) {
            AtomicReference<Object> worked = new AtomicReference<>();
            Thread worker = worker(server, inputs, worked, new RemoteSpace[1]);
            Workflow coordinator = workflow(inputs, 1);
            assertThat(RemoteReplicas.offer(coordinator, a -> true, space)).hasSize(1);
            Path work = Files.createDirectories(dir.resolve("run"));
            (director.equals("demand") ? Directors.demandDriven() : Directors.dataDriven()).run(coordinator,
                    RunConfig.builder().workDirectory(work).build());
            worker.join(30_000);
            assertThat(worked.get()).as("the worker's tokens").isInstanceOf(long[].class);
            assertNoReplicaThreadLeft();
            long[] remote = (long[]) worked.get();
            assertThat(Runs.outputs(coordinator)).isEqualTo(expected);
            assertThat(remote[0]).as("tokens the remote copy fired").isPositive();
            ReplicatedActor replicated = RemoteReplicas.replicated(coordinator, "work");
            System.out.println("tokens by copy: " + java.util.Arrays.toString(replicated.tokensByCopy()));
            assertThat(replicated.tokensByCopy()).hasSize(2);
            assertThat(replicated.tokensByCopy()[1]).isEqualTo(remote[0]);
            assertThat(ReplicatedActor.readCopyLog(work, "work")).extracting(ReplicatedActor.CopySlice::copy).contains(0, 1);
            Map<Integer, String> places = ReplicatedActor.readCopyPlaces(work, "work");
            assertThat(places.get(0)).isEqualTo("local");
            assertThat(places.get(1)).startsWith("worker w").contains("pid " + ProcessHandle.current().pid());
            assertThat(space.names(".*\\.replicas\\..*")).as("the worker's channels, once it ended").isEmpty();
        }
    }

    @Test
    void aWorkerWhoseLinkIsCutHasItsSlicesFiredByTheLocalCopy() throws Exception {
        List<Integer> inputs = inputs(6000);
        Runs.Outputs expected = Runs.run(workflow(inputs, 0), "data");
        try (SpaceServer server = SpaceServer.builder(dir.resolve("space")).start();
                RemoteSpace space = RemoteChannels.connect(server.uri())) {
            AtomicReference<Object> worked = new AtomicReference<>();
            RemoteSpace[] workerSpace = new RemoteSpace[1];
            // Held inside its first slice, so that the cut finds it with a slice to answer: once
            // measured, a remote copy may get no slices for rounds on end (its latency).
            Arith.Gate held = new Arith.Gate();
            Thread worker = worker(server, inputs, worked, workerSpace, DELAY, held);
            Workflow coordinator = workflow(inputs, 1);
            RemoteReplicas.offer(coordinator, a -> true, space);
            Path work = Files.createDirectories(dir.resolve("run"));
            var run = Directors.dataDriven().start(coordinator, RunConfig.builder().workDirectory(work).build());
            ReplicatedActor replicated = RemoteReplicas.replicated(coordinator, "work");
            assertThat(held.awaitEntered(60)).as("the remote copy fires a slice").isTrue();
            assertThat(replicated.tokensByCopy()).as("copies").hasSize(2);
            workerSpace[0].close(); // the worker's link is gone: the space releases its channels
            held.open();
            try (run) {
                run.await();
            }
            worker.join(30_000);
            assertThat(Runs.outputs(coordinator)).isEqualTo(expected);
            assertThat(Files.readString(work.resolve("replicas/work.tsv"))).contains("#lost\t1\t");
            long[] byCopy = replicated.tokensByCopy();
            assertThat(byCopy[0] + byCopy[1]).isEqualTo(inputs.size());
        }
    }

    @Test
    void aSlowRemoteCopyGetsFewerTokensThanTheLocalOne() throws Exception {
        List<Integer> inputs = inputs(3000);
        Runs.Outputs expected = Runs.run(workflow(inputs, 0), "data");
        try (SpaceServer server = SpaceServer.builder(dir.resolve("space")).start();
                RemoteSpace space = RemoteChannels.connect(server.uri())) {
            AtomicReference<Object> worked = new AtomicReference<>();
            Thread worker = worker(server, inputs, worked, new RemoteSpace[1], 10 * DELAY); // its copy is 10 times as slow
            Workflow coordinator = workflow(inputs, 1);
            RemoteReplicas.offer(coordinator, a -> true, space);
            Directors.dataDriven().run(coordinator, RunConfig.builder().build());
            worker.join(30_000);
            assertThat(Runs.outputs(coordinator)).isEqualTo(expected);
            long[] byCopy = RemoteReplicas.replicated(coordinator, "work").tokensByCopy();
            System.out.println("slow remote copy, tokens by copy: " + java.util.Arrays.toString(byCopy));
            assertThat(byCopy[1]).as("the slow remote copy's tokens").isPositive().isLessThan(byCopy[0] / 3);
        }
    }

    @Test
    void aLostWorkersSlicesGoToTheCopiesLeftTheOtherWorkersToo() throws Exception {
        List<Integer> inputs = inputs(6000);
        Runs.Outputs expected = Runs.run(workflow(inputs, 0), "data");
        try (SpaceServer server = SpaceServer.builder(dir.resolve("space")).start();
                RemoteSpace space = RemoteChannels.connect(server.uri())) {
            AtomicReference<Object> first = new AtomicReference<>();
            AtomicReference<Object> second = new AtomicReference<>();
            RemoteSpace[] cut = new RemoteSpace[1];
            Arith.Gate held = new Arith.Gate(); // the cut finds it inside a slice (see the test above)
            Thread lost = worker(server, inputs, first, cut, DELAY, held);
            String lostId = lastWorker;
            Thread stays = worker(server, inputs, second, new RemoteSpace[1]);
            String staysId = lastWorker;
            Workflow coordinator = workflow(inputs, 1);
            RemoteReplicas.offer(coordinator, a -> true, space);
            Path work = Files.createDirectories(dir.resolve("run"));
            var run = Directors.dataDriven().start(coordinator, RunConfig.builder().workDirectory(work).build());
            ReplicatedActor replicated = RemoteReplicas.replicated(coordinator, "work");
            assertThat(held.awaitEntered(60)).as("the worker to be cut off fires a slice").isTrue();
            assertThat(replicated.tokensByCopy()).as("both workers joined").hasSize(3);
            cut[0].close();
            held.open();
            try (run) {
                run.await();
            }
            lost.join(30_000);
            stays.join(30_000);
            assertThat(Runs.outputs(coordinator)).isEqualTo(expected);
            assertThat(second.get()).as("the worker left ends normally").isInstanceOf(long[].class);
            long[] byCopy = replicated.tokensByCopy();
            System.out.println("two workers, one cut: tokens by copy " + java.util.Arrays.toString(byCopy));
            assertThat(byCopy[0] + byCopy[1] + byCopy[2]).isEqualTo(inputs.size());
            Map<Integer, String> places = ReplicatedActor.readCopyPlaces(work, "work");
            assertThat(places).hasSize(3);
            int lostCopy = places.entrySet().stream().filter(e -> e.getValue().contains(lostId)).findFirst().orElseThrow().getKey();
            int staysCopy = places.entrySet().stream().filter(e -> e.getValue().contains(staysId)).findFirst().orElseThrow().getKey();
            assertThat(byCopy[staysCopy]).isEqualTo(((long[]) second.get())[0]);
            assertThat(Files.readString(work.resolve("replicas/work.tsv"))).contains("#lost\t" + lostCopy + "\t");
        }
    }

    /**
     * A run with a worker, cut off mid-way, resumed with another worker: the outputs are the
     * unreplicated run's, every token is in the copy log once, and the resumed run's worker is
     * numbered after the first one, so the log says where each copy fired.
     */
    @Test
    void aResumedRunNumbersItsWorkersAfterThoseOfTheRunItResumes() throws Exception {
        List<Integer> inputs = IntStream.range(0, 3000).boxed().toList(); // each token its seq, as checkShares counts
        Runs.Outputs expected = Runs.run(workflow(inputs, 0), "data");
        Path work = dir.resolve("run");
        String firstId;
        String secondId;
        try (SpaceServer server = SpaceServer.builder(dir.resolve("space")).start();
                RemoteSpace space = RemoteChannels.connect(server.uri());
                WorkDirectory directory = WorkDirectory.take(work)) {
            Thread first = worker(server, inputs, new AtomicReference<>(), new RemoteSpace[1]);
            firstId = lastWorker;
            Workflow cutOff = workflow(inputs, 1);
            RemoteReplicas.offer(cutOff, a -> true, space);
            try (DurableRun run = DurableRun.in(directory).policy(ChannelPolicy.DIRECT)
                    .checkpointInterval(java.time.Duration.ofMillis(1)).start(cutOff)) {
                assertThatThrownBy(() -> Directors.dataDriven().run(cutOff, run.config()
                        .listener(new ReplicatedResumeTest.FailAt("work", 3)).build()))
                        .isInstanceOf(RunFailedException.class).hasStackTraceContaining("stopped at firing 3");
            }
            first.join(30_000);
            assertThat(first.isAlive()).as("the first worker, after its run stopped").isFalse();

            AtomicReference<Object> worked = new AtomicReference<>();
            Thread second = worker(server, inputs, worked, new RemoteSpace[1]);
            secondId = lastWorker;
            Workflow resumed = workflow(inputs, 1);
            RemoteReplicas.offer(resumed, a -> true, space);
            try (DurableRun run = DurableRun.in(directory).policy(ChannelPolicy.DIRECT).resume(resumed)) {
                Directors.dataDriven().run(resumed, run.config().build());
            }
            second.join(30_000);
            assertThat(worked.get()).as("the second worker's tokens").isInstanceOf(long[].class);
            assertThat(Runs.outputs(resumed)).isEqualTo(expected);
        }
        Map<Integer, String> places = ReplicatedActor.readCopyPlaces(work, "work");
        assertThat(places.get(0)).isEqualTo("local");
        assertThat(places.get(1)).contains(firstId);
        assertThat(places.get(2)).contains(secondId);
        List<ReplicatedActor.CopySlice> log = ReplicatedActor.readCopyLog(work, "work");
        assertThat(log.stream().mapToLong(ReplicatedActor.CopySlice::count).sum()).as("tokens in the copy log")
                .isEqualTo(inputs.size());
        long resumedAt = log.stream().filter(s -> s.copy() == 2).mapToLong(ReplicatedActor.CopySlice::firing).min()
                .orElseThrow();
        assertThat(log).filteredOn(s -> s.copy() == 1).allSatisfy(s -> assertThat(s.firing()).isLessThan(resumedAt));
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            long[] byCopy = ReplicatedProvenanceTest.checkShares(store, inputs.size());
            long[] logged = new long[byCopy.length];
            log.forEach(slice -> logged[slice.copy()] += slice.count());
            assertThat(byCopy).isEqualTo(logged);
        }
    }

    /** The run's watcher and result readers, and the worker's threads, have all ended. */
    private static void assertNoReplicaThreadLeft() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        List<String> left;
        do {
            left = Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                    .filter(n -> n.startsWith("sluice-replica")).toList();
            if (left.isEmpty()) {
                return;
            }
            Thread.sleep(20);
        } while (System.nanoTime() < deadline);
        assertThat(left).as("threads of replicas left running").isEmpty();
    }
}
