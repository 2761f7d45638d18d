package io.sluice.director;

import static io.sluice.testing.TestActors.collect;
import static io.sluice.testing.TestActors.emit;
import static io.sluice.testing.TestActors.map;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.run.ActorSnapshot;
import io.sluice.run.ActorState;
import io.sluice.run.ChannelSnapshot;
import io.sluice.run.Director;
import io.sluice.run.Run;
import io.sluice.run.RunConfig;
import io.sluice.run.RunFailedException;
import io.sluice.run.RunInfo;
import io.sluice.run.RunListener;
import io.sluice.run.RunPhase;
import io.sluice.run.RunResult;
import io.sluice.run.RunSnapshot;
import io.sluice.run.RunStatus;
import io.sluice.testing.NoLeakedThreads;
import io.sluice.workflow.Workflow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What every director's runs show of themselves: snapshots ({@link Run#snapshot()}) and progress
 * events; one thin subclass per director.
 */
@ExtendWith(NoLeakedThreads.class)
@Timeout(value = 30, unit = TimeUnit.SECONDS)
abstract class RunSnapshotContractTest {
    static final InputPort<Integer> IN = Port.input("in", Integer.class);
    static final OutputPort<Integer> OUT = Port.output("out", Integer.class);

    abstract Director director();

    /** What a reader shows while its writer's firing goes on: waiting on the channel, unless they share a thread. */
    ActorState readerOfABusyWriter() {
        return ActorState.WAITING_TO_READ;
    }

    static RunConfig.Builder watchedClosely() {
        return RunConfig.builder().sampleInterval(Duration.ofMillis(1)).progressInterval(Duration.ofMillis(10));
    }

    static Workflow pipeline(int tokens) {
        return Workflow.builder("p")
                .actor("src", emit(Integer.class, IntStream.range(0, tokens).boxed().toList()))
                .actor("double", map(Integer.class, Integer.class, x -> 2 * x))
                .actor("sink", collect(Integer.class))
                .connect("src.out", "double.in")
                .connect("double.out", "sink.in")
                .build();
    }

    /** Records the calls it gets, in order, and every snapshot. */
    static final class Heard implements RunListener {
        final List<String> calls = Collections.synchronizedList(new ArrayList<>());
        final List<RunSnapshot> snapshots = new CopyOnWriteArrayList<>();
        volatile Run handle;

        @Override
        public void runStarted(Run run, RunInfo info) {
            handle = run;
            calls.add("started");
        }

        @Override
        public void progress(RunSnapshot snapshot) {
            if (calls.isEmpty() || !calls.get(calls.size() - 1).equals("progress")) {
                calls.add("progress");
            }
            snapshots.add(snapshot);
        }

        @Override
        public void runEnded(RunResult result) {
            calls.add("ended");
        }
    }

    @Test
    void progressComesBetweenStartAndEndAndItsCountsNeverGoBackOrNegative() throws Exception {
        Heard heard = new Heard();
        RunResult result;
        try (Run run = director().start(pipeline(200_000), watchedClosely().listener(heard).build())) {
            result = run.await();
            assertThat(heard.handle).as("the listener was given the run's handle").isSameAs(run);
        }

        assertThat(heard.calls).containsExactly("started", "progress", "ended");
        RunSnapshot last = heard.snapshots.get(heard.snapshots.size() - 1);
        assertThat(last.phase()).isEqualTo(RunPhase.ENDING);
        assertThat(heard.snapshots.subList(0, heard.snapshots.size() - 1)).allSatisfy(s -> assertThat(s.phase()).isEqualTo(RunPhase.RUNNING));
        assertThat(last.actors()).extracting(ActorSnapshot::name).containsExactly("src", "double", "sink");
        assertThat(last.actors()).allSatisfy(a -> {
            assertThat(a.state()).isEqualTo(ActorState.ENDED);
            assertThat(a.firings()).isEqualTo(result.actor(a.name()).orElseThrow().firings());
        });
        assertThat(last.channels()).extracting(ChannelSnapshot::name).containsExactly("src.out", "double.out");
        assertThat(last.channels()).allSatisfy(c -> {
            assertThat(c.written()).isEqualTo(200_000);
            assertThat(c.depth()).isZero();
            assertThat(c.read().values()).containsExactly(200_000L);
        });
        assertThat(last.tokensWritten()).isEqualTo(400_000);
        for (int i = 0; i < heard.snapshots.size(); i++) {
            RunSnapshot s = heard.snapshots.get(i);
            for (ChannelSnapshot c : s.channels()) {
                long slowest = c.read().values().stream().mapToLong(Long::longValue).min().orElse(c.written());
                assertThat(c.depth()).as("depth of %s in snapshot %d", c.name(), i).isNotNegative().isEqualTo(c.written() - slowest);
            }
            if (i > 0) {
                RunSnapshot before = heard.snapshots.get(i - 1);
                assertThat(s.elapsed()).isGreaterThanOrEqualTo(before.elapsed());
                for (int a = 0; a < s.actors().size(); a++) {
                    assertThat(s.actors().get(a).firings()).isGreaterThanOrEqualTo(before.actors().get(a).firings());
                    assertThat(s.actors().get(a).busy()).isGreaterThanOrEqualTo(before.actors().get(a).busy());
                }
                for (int c = 0; c < s.channels().size(); c++) {
                    assertThat(s.channels().get(c).written()).isGreaterThanOrEqualTo(before.channels().get(c).written());
                }
            }
        }
    }

    @Test
    void aSnapshotWhileStartingShowsEveryActorStartingAndAfterTheEndShowsTheRunEnded() throws Exception {
        CountDownLatch looked = new CountDownLatch(1);
        List<RunSnapshot> starting = new CopyOnWriteArrayList<>();
        RunListener slowStarter = new RunListener() {
            @Override
            public void runStarted(Run run, RunInfo info) throws Exception {
                starting.add(run.snapshot());
                looked.countDown();
            }
        };
        try (Run run = director().start(pipeline(10), RunConfig.builder().listener(slowStarter).build())) {
            run.await();
            assertThat(run.snapshot().phase()).isEqualTo(RunPhase.ENDED);
            assertThat(run.snapshot().channel("double.out").orElseThrow().written()).isEqualTo(10);
        }
        assertThat(looked.await(5, TimeUnit.SECONDS)).isTrue();
        RunSnapshot s = starting.get(0);
        assertThat(s.phase()).isEqualTo(RunPhase.STARTING);
        assertThat(s.actors()).extracting(ActorSnapshot::name).containsExactly("src", "double", "sink");
        assertThat(s.actors()).allSatisfy(a -> assertThat(a.state()).isEqualTo(ActorState.STARTING));
    }

    @Test
    void anActorWaitingForATokenShowsTheChannelItWaitsOnAndABusyOneItsTime() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Fn slow = Fn.of(c -> {
            release.await();
            c.put(OUT, 1);
            c.finish();
        }, OUT);
        Workflow w = Workflow.builder("wait")
                .actor("slow", slow)
                .actor("sink", collect(Integer.class))
                .connect("slow.out", "sink.in")
                .build();
        try (Run run = director().start(w, watchedClosely().build())) {
            RunSnapshot s = awaitSnapshot(run, x -> x.actor("slow").orElseThrow().busy().toMillis() >= 20
                    && x.actor("sink").orElseThrow().state() == readerOfABusyWriter());
            release.countDown();
            assertThat(s.phase()).isEqualTo(RunPhase.RUNNING);
            assertThat(s.actor("slow").orElseThrow().state()).isEqualTo(ActorState.FIRING);
            assertThat(s.actor("sink").orElseThrow().waitingOn()).isEqualTo(readerOfABusyWriter() == ActorState.WAITING_TO_READ ? "slow.out" : null);
            assertThat(s.actor("slow").orElseThrow().waitingOn()).isNull();
            run.await();
        }
    }

    @Test
    void aListenerThatFailsInProgressFailsTheRunNamingIt() {
        RunListener broken = new RunListener() {
            @Override
            public void progress(RunSnapshot snapshot) {
                throw new IllegalStateException("no screen");
            }

            @Override
            public String toString() {
                return "broken-gui";
            }
        };
        assertThatThrownBy(() -> director().run(pipeline(10), RunConfig.builder().listener(broken).build()))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("broken-gui")
                .hasMessageContaining("no screen");
    }

    @Test
    void aFailedRunTellsItsFailureInItsResultToListenersAndInItsSnapshots() throws Exception {
        List<RunResult> told = new CopyOnWriteArrayList<>();
        RunListener listener = new RunListener() {
            @Override
            public void runEnded(RunResult result) {
                told.add(result);
            }
        };
        Fn broken = Fn.of(c -> {
            c.take(IN);
            throw new IllegalStateException("bad token");
        }, IN);
        Workflow w = Workflow.builder("fails")
                .actor("src", emit(Integer.class, List.of(1, 2, 3)))
                .actor("broken", broken)
                .connect("src.out", "broken.in")
                .build();
        try (Run run = director().start(w, RunConfig.builder().listener(listener).build())) {
            assertThatThrownBy(run::await).isInstanceOf(RunFailedException.class).hasMessageContaining("bad token");
            assertThat(run.snapshot().failure()).contains("actor 'broken'").contains("bad token");
            assertThat(run.snapshot().actor("broken").orElseThrow().state()).isEqualTo(ActorState.FAILED);
        }
        assertThat(told).singleElement().satisfies(r -> {
            assertThat(r.status()).isEqualTo(RunStatus.FAILED);
            assertThat(r.failure()).contains("actor 'broken'").contains("bad token");
        });
    }

    static RunSnapshot awaitSnapshot(Run run, Predicate<RunSnapshot> wanted) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        RunSnapshot s = run.snapshot();
        while (!wanted.test(s)) {
            assertThat(System.nanoTime()).as("a wanted snapshot within 10 s; the last: %s", s).isLessThan(deadline);
            Thread.sleep(5);
            s = run.snapshot();
        }
        return s;
    }
}
