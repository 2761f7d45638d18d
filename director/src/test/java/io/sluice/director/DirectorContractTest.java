package io.sluice.director;

import static io.sluice.testing.TestActors.collect;
import static io.sluice.testing.TestActors.counter;
import static io.sluice.testing.TestActors.emit;
import static io.sluice.testing.TestActors.map;
import static io.sluice.testing.TestActors.writeLines;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.channel.Channel;
import io.sluice.channel.ChannelFactory;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelStats;
import io.sluice.channel.memory.MemoryChannels;
import io.sluice.run.ActorFailedException;
import io.sluice.run.BlockedActor;
import io.sluice.run.DeadlockException;
import io.sluice.run.Director;
import io.sluice.run.FiringRecord;
import io.sluice.run.FiringSpan;
import io.sluice.run.OutsideWorkDirectoryException;
import io.sluice.run.PortRange;
import io.sluice.run.Run;
import io.sluice.run.RunCancelledException;
import io.sluice.run.RunConfig;
import io.sluice.run.RunFailedException;
import io.sluice.run.RunInfo;
import io.sluice.run.RunListener;
import io.sluice.run.RunResult;
import io.sluice.run.RunStatus;
import io.sluice.run.RunTimeoutException;
import io.sluice.testing.NoLeakedThreads;
import io.sluice.testing.TestActors.Collect;
import io.sluice.testing.TestActors.WriteLines;
import io.sluice.workflow.ChannelOptions;
import io.sluice.workflow.Workflow;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every director guarantees; one thin subclass per director. Every test ends within its
 * timeout and checks, through {@link NoLeakedThreads}, that the run left no thread behind.
 */
@ExtendWith(NoLeakedThreads.class)
@Timeout(value = 30, unit = TimeUnit.SECONDS)
abstract class DirectorContractTest {
    static final InputPort<Integer> IN = Port.input("in", Integer.class);
    static final InputPort<Integer> IN2 = Port.input("in2", Integer.class);
    static final InputPort<Integer> FEEDBACK = Port.input("fb", Integer.class);
    static final OutputPort<Integer> OUT = Port.output("out", Integer.class);
    static final OutputPort<Integer> OUT2 = Port.output("out2", Integer.class);

    abstract Director director();

    /** A run's configuration as a user's is: memory channels, the default. */
    static RunConfig.Builder config() {
        return RunConfig.builder();
    }

    RunResult run(Workflow workflow) throws Exception {
        return director().run(workflow, config().build());
    }

    static List<Integer> range(int from, int to) {
        return IntStream.range(from, to).boxed().toList();
    }

    /** A listener that adds "started" and "ended STATUS" to {@code heard}. */
    static RunListener hearsStartAndEnd(List<String> heard) {
        return new RunListener() {
            @Override
            public void runStarted(RunInfo run) {
                heard.add("started");
            }

            @Override
            public void runEnded(RunResult result) {
                heard.add("ended " + result.status());
            }
        };
    }

    /** Takes and puts one token per firing. */
    static Fn pass() {
        return Fn.of(c -> c.put(OUT, c.take(IN)), IN, OUT);
    }

    @Test
    void aPipelineRunsToTheEndAndReportsCounters() throws Exception {
        Collect<Integer> sink = collect(Integer.class);
        RunResult result = run(Workflow.builder("p")
                .actor("src", emit(Integer.class, range(0, 1000)))
                .actor("double", map(Integer.class, Integer.class, x -> 2 * x))
                .actor("sink", sink)
                .connect("src.out", "double.in")
                .connect("double.out", "sink.in")
                .build());

        assertThat(sink.tokens).isEqualTo(range(0, 1000).stream().map(x -> 2 * x).toList());
        assertThat(result.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(result.director()).isEqualTo(director().name());
        assertThat(result.workflow()).isEqualTo("p");
        assertThat(result.actor("src").orElseThrow().firings()).as("1000 puts, then the firing that finishes").isEqualTo(1001);
        assertThat(result.actor("double").orElseThrow().firings()).as("the last firing meets end of stream").isEqualTo(1001);
        assertThat(result.channel("src.out").orElseThrow().tokensWritten()).isEqualTo(1000);
        assertThat(result.channel("double.out").orElseThrow().tokensWritten()).isEqualTo(1000);
        assertThat(result.channels()).allSatisfy(c -> assertThat(c.peakDepth()).isBetween(1L, 1000L));
        assertThat(sink.initialized.get()).isEqualTo(1);
        assertThat(sink.wrappedUp.get()).isEqualTo(1);
    }

    @Test
    void aRunThatNamesNoChannelFactoryRunsOnMemoryChannels() throws Exception {
        List<String> factories = new ArrayList<>();
        Collect<Integer> sink = collect(Integer.class);
        director().run(Workflow.builder("default")
                .actor("src", emit(Integer.class, range(0, 10)))
                .actor("sink", sink)
                .connect("src.out", "sink.in")
                .build(), RunConfig.builder().listener(new RunListener() {
                    @Override
                    public void runStarted(RunInfo run) {
                        factories.add(run.channels());
                    }
                }).build());
        assertThat(sink.tokens).isEqualTo(range(0, 10));
        assertThat(factories).containsExactly(MemoryChannels.factory().name());
        assertThat(RunConfig.builder().build().channels()).isSameAs(MemoryChannels.factory());
    }

    @Test
    void anOutputReadBySeveralActorsReachesEachOfThem() throws Exception {
        Collect<Integer> a = collect(Integer.class);
        Collect<Object> b = collect(Object.class);
        run(Workflow.builder("fan")
                .actor("src", emit(Integer.class, range(0, 500)))
                .actor("a", a)
                .actor("b", b)
                .connect("src.out", "a.in")
                .connect("src.out", "b.in")
                .build());
        assertThat(a.tokens).isEqualTo(range(0, 500));
        assertThat(b.tokens).isEqualTo(new ArrayList<>(range(0, 500)));
    }

    @Test
    void aSelfLoopWithAnInitialTokenCarriesState() throws Exception {
        // Running sum: the loop channel holds the sum so far.
        Fn sum = Fn.of(c -> {
            int x = c.take(IN);
            int s = c.take(FEEDBACK) + x;
            c.put(OUT, s);
            c.put(OUT2, s);
        }, IN, FEEDBACK, OUT, OUT2);
        Collect<Integer> sink = collect(Integer.class);
        RunResult result = run(Workflow.builder("sum")
                .actor("src", emit(Integer.class, range(1, 101)))
                .actor("sum", sum)
                .actor("sink", sink)
                .connect("src.out", "sum.in")
                .connect("sum.out2", "sum.fb", ChannelOptions.defaults().initialTokens(List.of(0)))
                .connect("sum.out", "sink.in")
                .build());
        assertThat(sink.tokens).hasSize(100).endsWith(5050);
        assertThat(result.channel("sum.out2").orElseThrow().tokensWritten()).as("initial token + 100").isEqualTo(101);
    }

    @Test
    void aFeedbackLoopThroughAnotherActorWorks() throws Exception {
        // u takes x and a feedback token f, puts x + f; v doubles it and feeds it back and on.
        Fn u = Fn.of(c -> c.put(OUT, c.take(IN) + c.take(FEEDBACK)), IN, FEEDBACK, OUT);
        Collect<Integer> sink = collect(Integer.class);
        run(Workflow.builder("ring")
                .actor("src", emit(Integer.class, range(0, 10)))
                .actor("u", u)
                .actor("v", map(Integer.class, Integer.class, y -> y % 1000 * 2))
                .actor("sink", sink)
                .connect("src.out", "u.in")
                .connect("u.out", "v.in")
                .connect("v.out", "u.fb", ChannelOptions.defaults().initialTokens(List.of(1)))
                .connect("v.out", "sink.in")
                .build());
        // The initial token is on v.out, so the sink, which also reads v.out, takes it first.
        List<Integer> expected = new ArrayList<>(List.of(1));
        int f = 1;
        for (int x = 0; x < 10; x++) {
            f = (x + f) % 1000 * 2;
            expected.add(f);
        }
        assertThat(sink.tokens).isEqualTo(expected);
    }

    @Test
    void aDeadlockFailsWithinSecondsNamingEachActorAndChannel() {
        long start = System.nanoTime();
        Workflow wf = Workflow.builder("stuck")
                .actor("a", pass())
                .actor("b", pass())
                .connect("a.out", "b.in")
                .connect("b.out", "a.in")
                .build();
        assertThatThrownBy(() -> run(wf))
                .isInstanceOfSatisfying(DeadlockException.class, e -> {
                    assertThat(e.blocked()).containsExactlyInAnyOrder(
                            new BlockedActor("a", "in", "b.out", true),
                            new BlockedActor("b", "in", "a.out", true));
                    assertThat(e.result().status()).isEqualTo(RunStatus.FAILED);
                })
                .hasMessageContaining("deadlock")
                .hasMessageContaining("'a' waits to read channel 'b.out'")
                .hasMessageContaining("'b' waits to read channel 'a.out'");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void aDeadlockIsFoundWhileOtherActorsFinish() {
        Collect<Integer> sink = collect(Integer.class);
        Workflow wf = Workflow.builder("stuck")
                .actor("a", pass())
                .actor("b", pass())
                .actor("src", emit(Integer.class, range(0, 2000)))
                .actor("sink", sink)
                .connect("a.out", "b.in")
                .connect("b.out", "a.in")
                .connect("src.out", "sink.in")
                .build();
        assertThatThrownBy(() -> run(wf)).isInstanceOf(DeadlockException.class).hasMessageContaining("'a' waits");
        assertThat(sink.wrappedUp.get()).isEqualTo(1);
    }

    @Test
    void aFullChannelNeverDeadlocksTheRun() throws Exception {
        // p puts two tokens to x (capacity 1) and then one to y; q reads y before x. With a hard
        // bound of 1 this would deadlock; the channel grows instead, as unbounded it would hold two.
        Fn p = Fn.of(c -> {
            int n = (int) c.firing();
            c.put(OUT, n);
            c.put(OUT, n);
            c.put(OUT2, n);
            if (n == 3) {
                c.finish();
            }
        }, OUT, OUT2);
        List<Integer> taken = Collections.synchronizedList(new ArrayList<>());
        Fn q = Fn.of(c -> {
            c.take(IN2);
            taken.add(c.take(IN));
            taken.add(c.take(IN));
        }, IN, IN2);
        RunResult result = run(Workflow.builder("full")
                .actor("p", p)
                .actor("q", q)
                .connect("p.out", "q.in", ChannelOptions.defaults().capacity(1))
                .connect("p.out2", "q.in2")
                .build());
        assertThat(taken).containsExactly(0, 0, 1, 1, 2, 2, 3, 3);
        assertThat(result.channel("p.out").orElseThrow().peakDepth()).isEqualTo(2);
    }

    @Test
    void boundedChannelsGiveTheSameResult() throws Exception {
        Collect<Integer> sink = collect(Integer.class);
        run(Workflow.builder("bounded")
                .actor("src", emit(Integer.class, range(0, 5000)))
                .actor("p", pass())
                .actor("sink", sink)
                .connect("src.out", "p.in", ChannelOptions.defaults().capacity(1))
                .connect("p.out", "sink.in", ChannelOptions.defaults().capacity(3))
                .build());
        assertThat(sink.tokens).isEqualTo(range(0, 5000));
    }

    @Test
    void anActorExceptionFailsTheRunNamingActorAndFiringAndStopsTheOthers() {
        Collect<Integer> sink = collect(Integer.class);
        Fn faulty = Fn.of(c -> {
            int x = c.take(IN);
            if (c.firing() == 5) {
                throw new IllegalStateException("boom at " + x);
            }
            c.put(OUT, x);
        }, IN, OUT);
        Workflow wf = Workflow.builder("faulty")
                .actor("counter", counter())
                .actor("faulty", faulty)
                .actor("sink", sink)
                .connect("counter.out", "faulty.in")
                .connect("faulty.out", "sink.in")
                .build();
        assertThatThrownBy(() -> run(wf))
                .isInstanceOfSatisfying(ActorFailedException.class, e -> {
                    assertThat(e.actor()).isEqualTo("faulty");
                    assertThat(e.firing()).isEqualTo(5);
                    assertThat(e.phase()).isEqualTo(ActorFailedException.Phase.FIRE);
                    assertThat(e.getCause()).hasMessage("boom at 5");
                    assertThat(e.result().status()).isEqualTo(RunStatus.FAILED);
                })
                .hasMessage("actor 'faulty' failed in firing 5: java.lang.IllegalStateException: boom at 5");
        // The stop may catch the sink before it has taken everything put before the failure.
        assertThat(sink.tokens).hasSizeLessThanOrEqualTo(5).isEqualTo(range(0, sink.tokens.size()));
        assertThat(faulty.wrappedUp.get()).isEqualTo(1);
        assertThat(sink.wrappedUp.get()).isEqualTo(1);
    }

    /**
     * An actor out of memory fails the run saying so. The failure is made before the run starts,
     * since with the heap exhausted no message could be built; a real exhaustion is run by the
     * bench module's heap-limited test in a child JVM.
     */
    @Test
    void anActorOutOfMemoryFailsTheRunSayingSo() {
        Fn greedy = Fn.of(c -> {
            int x = c.take(IN);
            if (c.firing() == 3) {
                throw new OutOfMemoryError("Java heap space (simulated)");
            }
            c.put(OUT, x);
        }, IN, OUT);
        Workflow wf = Workflow.builder("greedy")
                .actor("counter", counter())
                .actor("greedy", greedy)
                .actor("sink", collect(Integer.class))
                .connect("counter.out", "greedy.in")
                .connect("greedy.out", "sink.in")
                .build();
        assertThatThrownBy(() -> run(wf)).isInstanceOf(RunFailedException.class)
                .hasMessageStartingWith("out of memory while running actor 'greedy'")
                .hasCauseInstanceOf(OutOfMemoryError.class)
                .satisfies(e -> assertThat(((RunFailedException) e).result().status()).isEqualTo(RunStatus.FAILED));
    }

    /**
     * A failure whose description itself fails (as a string concatenation does when there is no
     * memory left to link it) is still the run's failure: the run is neither reported as a
     * deadlock once the actor's thread is gone nor left to end as completed.
     */
    @Test
    void aFailureThatCannotBeDescribedIsStillTheRunsFailure() {
        Fn poisoned = Fn.of(c -> {
            int x = c.take(IN);
            if (c.firing() == 3) {
                throw new Indescribable();
            }
            c.put(OUT, x);
        }, IN, OUT);
        Workflow wf = Workflow.builder("indescribable")
                .actor("counter", counter())
                .actor("poisoned", poisoned)
                .actor("sink", collect(Integer.class))
                .connect("counter.out", "poisoned.in")
                .connect("poisoned.out", "sink.in")
                .build();
        assertThatThrownBy(() -> run(wf)).isInstanceOf(RunFailedException.class)
                .isNotInstanceOf(DeadlockException.class)
                .hasMessageStartingWith("out of memory while running actor 'poisoned'")
                .hasCauseInstanceOf(BootstrapMethodError.class);
    }

    /** An exception that cannot be described: its {@code toString} fails as a string concatenation can when memory is exhausted. */
    private static final class Indescribable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        @Override
        public String toString() {
            throw new BootstrapMethodError("call site initialization exception (simulated)");
        }
    }

    @Test
    void failuresInInitializeAndWrapUpAreNamed() {
        Fn bad = pass();
        bad.onInitialize = c -> {
            throw new IOException("cannot open");
        };
        assertThatThrownBy(() -> run(Workflow.builder("init")
                .actor("src", emit(Integer.class, range(0, 10)))
                .actor("bad", bad)
                .connect("src.out", "bad.in")
                .build()))
                .isInstanceOf(ActorFailedException.class)
                .hasMessage("actor 'bad' failed in initialize: java.io.IOException: cannot open");
        assertThat(bad.wrappedUp.get()).as("wrapUp follows a failed initialize").isEqualTo(1);

        Fn closing = pass();
        closing.onWrapUp = c -> {
            throw new IOException("cannot flush");
        };
        assertThatThrownBy(() -> run(Workflow.builder("wrap")
                .actor("src", emit(Integer.class, range(0, 10)))
                .actor("closing", closing)
                .connect("src.out", "closing.in")
                .build()))
                .isInstanceOf(ActorFailedException.class)
                .hasMessage("actor 'closing' failed in wrapUp: java.io.IOException: cannot flush");
    }

    @Test
    void misuseOfTheContextIsReportedNamingTheActor() {
        assertThatThrownBy(() -> run(Workflow.builder("null")
                .actor("src", Fn.of(c -> c.put(OUT, null), OUT))
                .build()))
                .hasMessageContaining("actor 'src' put null to port 'out'");
        assertThatThrownBy(() -> run(Workflow.builder("foreign")
                .actor("src", Fn.of(c -> c.take(IN2), OUT))
                .build()))
                .hasMessageContaining("actor 'src' has no input in2: Integer");
        assertThatThrownBy(() -> run(Workflow.builder("nowork")
                .actor("src", Fn.of(c -> c.workDirectory(), OUT))
                .build()))
                .hasMessageContaining("has no work directory");
    }

    @Test
    void cancelStopsTheRunAndWrapsUpEveryActor() throws Exception {
        Collect<Integer> sink = collect(Integer.class);
        Fn slow = Fn.of(c -> {
            Thread.sleep(1);
            c.put(OUT, c.take(IN));
        }, IN, OUT);
        Workflow wf = Workflow.builder("endless")
                .actor("counter", counter())
                .actor("slow", slow)
                .actor("sink", sink)
                .connect("counter.out", "slow.in", ChannelOptions.defaults().capacity(16))
                .connect("slow.out", "sink.in")
                .build();
        try (Run run = director().start(wf, config().build())) {
            while (sink.tokens.size() < 10) {
                Thread.sleep(5);
            }
            assertThat(run.status()).isEqualTo(RunStatus.RUNNING);
            assertThat(run.channelStats()).extracting(ChannelStats::channel).contains("counter.out", "slow.out");
            long start = System.nanoTime();
            run.cancel();
            assertThatThrownBy(run::await).isInstanceOf(RunCancelledException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
            assertThat(run.status()).isEqualTo(RunStatus.CANCELLED);
        }
        assertThat(slow.wrappedUp.get()).isEqualTo(1);
        assertThat(sink.wrappedUp.get()).isEqualTo(1);
    }

    /** An actor that waits in its own code until asked to stop (on another thread than its own, once). */
    static final class OwnWait {
        final CountDownLatch release = new CountDownLatch(1);
        final CountDownLatch waiting = new CountDownLatch(1);
        final AtomicReference<Thread> firedOn = new AtomicReference<>();
        final AtomicReference<Thread> stoppedOn = new AtomicReference<>();
        final Fn actor = Fn.of(c -> {
            firedOn.set(Thread.currentThread());
            waiting.countDown();
            release.await();
            c.finish();
        }, OUT);

        OwnWait() {
            actor.onStop = () -> {
                stoppedOn.set(Thread.currentThread());
                release.countDown();
            };
        }
    }

    @Test
    void aCancelAsksAnActorWaitingInItsOwnCodeToStop() throws Exception {
        OwnWait w = new OwnWait();
        Workflow wf = Workflow.builder("own").actor("w", w.actor).actor("sink", collect(Integer.class)).connect("w.out", "sink.in").build();
        try (Run run = director().start(wf, config().build())) {
            assertThat(w.waiting.await(10, TimeUnit.SECONDS)).isTrue();
            run.cancel();
            assertThatThrownBy(() -> run.await(Duration.ofSeconds(10))).isInstanceOf(RunCancelledException.class);
        }
        assertThat(w.actor.stopped.get()).isEqualTo(1);
        assertThat(w.stoppedOn.get()).isNotSameAs(w.firedOn.get());
        assertThat(w.actor.wrappedUp.get()).isEqualTo(1);
    }

    @Test
    void aTimeoutAsksAnActorWaitingInItsOwnCodeToStop() throws Exception {
        OwnWait w = new OwnWait();
        Workflow wf = Workflow.builder("own").actor("w", w.actor).actor("sink", collect(Integer.class)).connect("w.out", "sink.in").build();
        try (Run run = director().start(wf, config().timeout(Duration.ofMillis(300)).build())) {
            assertThatThrownBy(() -> run.await(Duration.ofSeconds(10))).isInstanceOf(RunTimeoutException.class);
        }
        assertThat(w.actor.stopped.get()).isEqualTo(1);
    }

    @Test
    void aRunThatCompletesAsksNoActorToStop() throws Exception {
        Fn src = Fn.of(c -> {
            c.put(OUT, 1);
            c.finish();
        }, OUT);
        Fn sink = Fn.of(c -> c.take(IN), IN);
        run(Workflow.builder("p").actor("src", src).actor("sink", sink).connect("src.out", "sink.in").build());
        assertThat(src.stopped.get()).isZero();
        assertThat(sink.stopped.get()).isZero();
    }

    @Test
    void aTimeoutStopsTheRun() {
        Workflow wf = Workflow.builder("endless")
                .actor("counter", counter())
                .actor("sink", collect(Integer.class))
                .connect("counter.out", "sink.in", ChannelOptions.defaults().capacity(100))
                .build();
        long start = System.nanoTime();
        assertThatThrownBy(() -> director().run(wf, config().timeout(Duration.ofMillis(300)).build()))
                .isInstanceOf(RunTimeoutException.class)
                .hasMessageContaining("timed out after 300 ms");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void closingARunningRunCancelsItAndReleasesItsThreads() throws Exception {
        Workflow wf = Workflow.builder("endless")
                .actor("counter", counter())
                .actor("sink", collect(Integer.class))
                .connect("counter.out", "sink.in", ChannelOptions.defaults().capacity(100))
                .build();
        Run run = director().start(wf, config().build());
        assertThat(run.await(Duration.ofMillis(50))).isEmpty();
        run.close();
        assertThat(run.status()).isEqualTo(RunStatus.CANCELLED);
        run.close();
    }

    @Test
    void firingRecordsAttributeEveryTokenToExactlyOneFiring() throws Exception {
        Map<String, Long> ended = new ConcurrentHashMap<>();
        List<String> lifecycle = Collections.synchronizedList(new ArrayList<>());
        RecordedFirings listener = new RecordedFirings() {
            @Override
            public void runStarted(RunInfo run) {
                super.runStarted(run);
                lifecycle.add("started " + run.workflow().name());
            }

            @Override
            public void actorEnded(String actor, long count) {
                ended.put(actor, count);
            }

            @Override
            public void runEnded(RunResult result) {
                lifecycle.add("ended " + result.status());
            }
        };
        RunResult result = director().run(duplicating("prov", 300, 2), config().listener(listener).build());
        List<FiringRecord> firings = listener.firings;

        assertThat(lifecycle).containsExactly("started prov", "ended COMPLETED");
        assertThat(ended).containsEntry("src", 301L).containsEntry("dup", 301L).containsEntry("sink", 451L);
        for (ChannelStats channel : result.channels()) {
            assertThat(coverage(firings, channel.channel(), true)).as("produced " + channel.channel())
                    .isEqualTo(range(0, (int) channel.tokensWritten()));
            assertThat(coverage(firings, channel.channel(), false)).as("consumed " + channel.channel())
                    .isEqualTo(range(0, (int) channel.tokensWritten()));
        }
        assertThat(firings).allSatisfy(f -> assertThat(f.endEpochNanos()).isGreaterThanOrEqualTo(f.startEpochNanos()));
        assertThat(firings.stream().filter(f -> f.actor().equals("dup")).mapToLong(FiringRecord::firing).sorted().boxed().toList())
                .isEqualTo(IntStream.range(0, 301).mapToObj(i -> (long) i).toList());
    }

    @Test
    void aFiringLogGetsEveryFiringOnceInOrderWithItsPortsPositions() throws Exception {
        LoggedFirings logged = new LoggedFirings();
        int n = 3000;
        director().run(duplicating("log", n, 7), config().listener(logged).build());

        int dups = (n + 6) / 7;
        assertThat(logged.actors.keySet()).containsExactlyInAnyOrder("src", "dup", "sink");
        Map<String, Integer> firings = Map.of("src", n + 1, "dup", n + 1, "sink", n + dups + 1);
        for (Map.Entry<String, LoggedFirings.ActorFirings> e : logged.actors.entrySet()) {
            List<LoggedFirings.Logged> list = e.getValue().firings;
            assertThat(list).as(e.getKey()).hasSize(firings.get(e.getKey()));
            for (int i = 0; i < list.size(); i++) {
                LoggedFirings.Logged f = list.get(i);
                assertThat(f.firing()).as("%s, the %dth firing logged", e.getKey(), i).isEqualTo(i);
                if (i > 0) {
                    assertThat(f.from()).as("%s firing %d starts where %d ended", e.getKey(), i, i - 1)
                            .isEqualTo(list.get(i - 1).to());
                }
                if (f.start() != FiringSpan.UNTIMED) {
                    assertThat(f.end()).isGreaterThanOrEqualTo(f.start());
                }
            }
            assertThat(list.get(list.size() - 1).start()).as("%s's last firing is timed", e.getKey())
                    .isNotEqualTo(FiringSpan.UNTIMED);
        }
        // What each firing moved: src puts one per firing, dup takes one and puts one or two, sink takes one.
        List<LoggedFirings.Logged> dupFirings = logged.actors.get("dup").firings;
        for (int x = 0; x < n; x++) {
            LoggedFirings.Logged f = dupFirings.get(x);
            assertThat(f.to().get(0) - f.from().get(0)).isEqualTo(1);
            assertThat(f.to().get(1) - f.from().get(1)).as("dup firing %d put", x).isEqualTo(x % 7 == 0 ? 2 : 1);
        }
        assertThat(logged.actors.get("sink").firings.get(n + dups).to()).containsExactly((long) n + dups);
    }

    /** src emits 0..tokens-1; dup passes each on, twice if it is a multiple of {@code every}; sink collects. */
    private static Workflow duplicating(String name, int tokens, int every) {
        Fn dup = Fn.of(c -> {
            int x = c.take(IN);
            c.put(OUT, x);
            if (x % every == 0) {
                c.put(OUT, x);
            }
        }, IN, OUT);
        return Workflow.builder(name)
                .actor("src", emit(Integer.class, range(0, tokens)))
                .actor("dup", dup)
                .actor("sink", collect(Integer.class))
                .connect("src.out", "dup.in")
                .connect("dup.out", "sink.in")
                .build();
    }

    /** The seqs of a channel covered by the produced (or consumed) ranges, in order, with repeats. */
    private static List<Integer> coverage(List<FiringRecord> firings, String channel, boolean produced) {
        List<Integer> seqs = new ArrayList<>();
        for (FiringRecord f : firings) {
            for (PortRange r : produced ? f.produced() : f.consumed()) {
                if (r.channel().equals(channel)) {
                    for (long s = r.fromSeq(); s < r.toSeq(); s++) {
                        seqs.add((int) s);
                    }
                }
            }
        }
        Collections.sort(seqs);
        return seqs;
    }

    @Test
    void aFailingListenerFailsTheRunNamingIt() {
        RunListener broken = new RunListener() {
            @Override
            public void actorEnded(String actor, long firings) {
                throw new IllegalStateException("store full");
            }

            @Override
            public String toString() {
                return "broken-listener";
            }
        };
        assertThatThrownBy(() -> director().run(Workflow.builder("l")
                .actor("src", emit(Integer.class, range(0, 3)))
                .build(), config().listener(broken).build()))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("listener broken-listener failed in actorEnded for actor 'src'");
    }

    @Test
    void aChannelThatCannotBeOpenedFailsTheRunNamingIt() {
        assertThatThrownBy(() -> director().run(srcPassSink(), RunConfig.builder().channels(failingAtPOut(c -> c)).build()))
                .isInstanceOf(RunFailedException.class)
                .hasMessage("channel 'p.out' could not be opened: java.io.IOException: No space left on device");
    }

    @Test
    void aChannelThatCannotBeOpenedLeavesNoneOfTheOnesOpenedBeforeItOpen() {
        List<String> closed = Collections.synchronizedList(new ArrayList<>());
        ChannelFactory failing = failingAtPOut(c -> closesTold(c, closed));
        assertThatThrownBy(() -> director().run(srcPassSink(), RunConfig.builder().channels(failing).build()))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("channel 'p.out' could not be opened");
        assertThat(closed).as("channels closed once the run has ended").containsExactly("src.out");
    }

    /** src → p → sink, over channels src.out and p.out. */
    private static Workflow srcPassSink() {
        return Workflow.builder("io")
                .actor("src", emit(Integer.class, range(0, 3)))
                .actor("p", pass())
                .actor("sink", collect(Integer.class))
                .connect("src.out", "p.in")
                .connect("p.out", "sink.in")
                .build();
    }

    /**
     * Memory channels, each passed through {@code wrap}, but for p.out, which cannot be opened:
     * "No space left on device".
     */
    private static ChannelFactory failingAtPOut(java.util.function.UnaryOperator<Channel<?>> wrap) {
        return new ChannelFactory() {
            @Override
            @SuppressWarnings("unchecked")
            public <T> Channel<T> open(ChannelSpec<T> spec) throws IOException {
                if (spec.name().equals("p.out")) {
                    throw new IOException("No space left on device");
                }
                return (Channel<T>) wrap.apply(MemoryChannels.factory().open(spec));
            }

            @Override
            public String name() {
                return "failing";
            }
        };
    }

    /** {@code channel}, which adds its name to {@code closed} when it is closed. */
    private static <T> Channel<T> closesTold(Channel<T> channel, List<String> closed) {
        return new ForwardingChannel<>(channel) {
            @Override
            public void close() {
                closed.add(channel.name());
                super.close();
            }
        };
    }

    @Test
    void theListenersAreToldTheRunStartedWhileItsChannelsOpen() throws Exception {
        CountDownLatch told = new CountDownLatch(1);
        List<String> opened = Collections.synchronizedList(new ArrayList<>());
        ChannelFactory waiting = new ChannelFactory() {
            @Override
            public <T> Channel<T> open(ChannelSpec<T> spec) throws IOException {
                try {
                    // Told one after the other, the listener would hear of the run only once this returns.
                    opened.add(spec.name() + (told.await(10, TimeUnit.SECONDS) ? " after runStarted" : " without runStarted"));
                } catch (InterruptedException e) {
                    throw new InterruptedIOException();
                }
                return MemoryChannels.factory().open(spec);
            }

            @Override
            public String name() {
                return "waiting";
            }
        };
        RunListener listener = new RunListener() {
            @Override
            public void runStarted(RunInfo run) {
                told.countDown();
            }
        };
        Workflow wf = Workflow.builder("t").actor("src", emit(Integer.class, range(0, 3)))
                .actor("sink", collect(Integer.class)).connect("src.out", "sink.in").build();
        assertThat(director().run(wf, RunConfig.builder().channels(waiting).listener(listener).build()).status())
                .isEqualTo(RunStatus.COMPLETED);
        assertThat(opened).containsExactly("src.out after runStarted");
    }

    @Test
    void aListenerHearsARunWhoseChannelCannotBeOpenedStartAndFail() {
        List<String> lifecycle = Collections.synchronizedList(new ArrayList<>());
        ChannelFactory failing = new ChannelFactory() {
            @Override
            public <T> Channel<T> open(ChannelSpec<T> spec) throws IOException {
                throw new IOException("No space left on device");
            }

            @Override
            public String name() {
                return "failing";
            }
        };
        RunListener listener = hearsStartAndEnd(lifecycle);
        Workflow wf = Workflow.builder("io").actor("src", emit(Integer.class, range(0, 3)))
                .actor("sink", collect(Integer.class)).connect("src.out", "sink.in").build();
        assertThatThrownBy(() -> director().run(wf, RunConfig.builder().channels(failing).listener(listener).build()))
                .isInstanceOf(RunFailedException.class)
                .hasMessage("channel 'src.out' could not be opened: java.io.IOException: No space left on device");
        assertThat(lifecycle).containsExactly("started", "ended FAILED");
    }

    @Test
    void aListenerThatFailsInRunStartedFailsTheRunBeforeAnyTokenIsProcessed() {
        List<Integer> fired = Collections.synchronizedList(new ArrayList<>());
        RunListener failing = new RunListener() {
            @Override
            public void runStarted(RunInfo run) throws IOException {
                throw new IOException("disk full");
            }

            @Override
            public String toString() {
                return "recorder";
            }
        };
        Workflow wf = Workflow.builder("t").actor("src", emit(Integer.class, range(0, 3)))
                .actor("m", map(Integer.class, Integer.class, x -> {
                    fired.add(x);
                    return x;
                }))
                .actor("sink", collect(Integer.class))
                .connect("src.out", "m.in")
                .connect("m.out", "sink.in")
                .build();
        assertThatThrownBy(() -> director().run(wf, config().listener(failing).build()))
                .isInstanceOf(RunFailedException.class)
                .hasMessage("listener recorder failed in runStarted: java.io.IOException: disk full");
        assertThat(fired).isEmpty();
    }

    @Test
    void initialTokensBeyondTheCapacityFailTheRun() {
        assertThatThrownBy(() -> run(Workflow.builder("over")
                .actor("p", pass())
                .connect("p.out", "p.in", ChannelOptions.defaults().capacity(1).initialTokens(List.of(1, 2)))
                .build()))
                .hasMessage("channel 'p.out' has 2 initial tokens, more than its capacity 1");
    }

    @Test
    void theWorkDirectoryIsCreatedAndGivenToActors(@TempDir Path tmp) throws Exception {
        Path work = tmp.resolve("a/b");
        List<Path> seen = new ArrayList<>();
        director().run(Workflow.builder("w")
                .actor("src", Fn.of(c -> {
                    seen.add(c.workDirectory());
                    c.finish();
                }, OUT))
                .build(), config().workDirectory(work).runId("run-1").build());
        assertThat(seen).containsExactly(work);
        assertThat(Files.isDirectory(work)).isTrue();
    }

    @Test
    void aFileOutsideTheWorkDirectoryIsRefusedBeforeTheRunCreatesAnything(@TempDir Path tmp) throws Exception {
        Path work = tmp.resolve("w");
        List<String> heard = Collections.synchronizedList(new ArrayList<>());
        RunListener listener = hearsStartAndEnd(heard);
        WriteLines escaping = writeLines("../escaped.txt");
        Workflow refused = Workflow.builder("refused")
                .actor("src", emit(Integer.class, range(0, 3)))
                .actor("sink", escaping)
                .connect("src.out", "sink.in")
                .build();
        assertThatThrownBy(() -> director().run(refused, config().workDirectory(work).listener(listener).build()))
                .isInstanceOf(OutsideWorkDirectoryException.class)
                .hasMessageContaining("actor 'sink'", "parameter 'file'", "\"../escaped.txt\"", "work directory " + work);
        assertThat(escaping.initialized).hasValue(0);
        assertThat(work).doesNotExist();
        assertThat(tmp.resolve("escaped.txt")).doesNotExist();
        assertThat(heard).containsExactly("ended FAILED");

        WriteLines allowed = writeLines("../escaped.txt");
        director().run(Workflow.builder("allowed")
                .actor("src", emit(Integer.class, range(0, 3)))
                .actor("sink", allowed)
                .connect("src.out", "sink.in")
                .build(), config().workDirectory(work).allowWritesOutsideWorkDirectory(true).build());
        assertThat(Files.readAllLines(tmp.resolve("escaped.txt"))).containsExactly("0", "1", "2");
    }

    @Test
    void anEmptyWorkflowCompletes() throws Exception {
        assertThat(run(Workflow.builder("empty").build()).status()).isEqualTo(RunStatus.COMPLETED);
    }

    @Test
    void aProducerWritesItsWholeStreamEvenIfItsReaderStopsEarly() throws Exception {
        Fn head = Fn.of(c -> {
            c.put(OUT, c.take(IN));
            if (c.firing() == 2) {
                c.finish();
            }
        }, IN, OUT);
        Collect<Integer> sink = collect(Integer.class);
        RunResult result = run(Workflow.builder("head")
                .actor("src", emit(Integer.class, range(0, 100)))
                .actor("head", head)
                .actor("sink", sink)
                .connect("src.out", "head.in")
                .connect("head.out", "sink.in")
                .build());
        assertThat(sink.tokens).isEqualTo(range(0, 3));
        assertThat(result.channel("src.out").orElseThrow().tokensWritten())
                .as("channel contents do not depend on the director").isEqualTo(100);
    }

    @Test
    void aWorkflowCannotBeStartedTwice() throws Exception {
        Workflow wf = Workflow.builder("once").build();
        director().run(wf, config().build());
        assertThatThrownBy(() -> director().start(wf, config().build())).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void twoRunsInOneJvmDoNotInterfere() throws Exception {
        Collect<Integer> a = collect(Integer.class);
        Collect<Integer> b = collect(Integer.class);
        Workflow wa = Workflow.builder("a").actor("src", emit(Integer.class, range(0, 3000))).actor("sink", a)
                .connect("src.out", "sink.in").build();
        Workflow wb = Workflow.builder("b").actor("src", emit(Integer.class, range(5, 2000))).actor("sink", b)
                .connect("src.out", "sink.in").build();
        try (Run ra = director().start(wa, config().build()); Run rb = director().start(wb, config().build())) {
            assertThat(ra.await().channel("src.out").orElseThrow().tokensWritten()).isEqualTo(3000);
            assertThat(rb.await().channel("src.out").orElseThrow().tokensWritten()).isEqualTo(1995);
        }
        assertThat(a.tokens).isEqualTo(range(0, 3000));
        assertThat(b.tokens).isEqualTo(range(5, 2000));
    }

    @Test
    void aCancelAfterTheRunEndedChangesNothing() throws Exception {
        for (int i = 0; i < 200; i++) {
            Workflow wf = Workflow.builder("quick").actor("src", emit(Integer.class, range(0, 3)))
                    .actor("sink", collect(Integer.class)).connect("src.out", "sink.in").build();
            try (Run run = director().start(wf, config().build())) {
                while (run.status() == RunStatus.RUNNING) {
                    Thread.onSpinWait();
                }
                run.cancel();
                assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
                assertThat(run.await().status()).isEqualTo(RunStatus.COMPLETED);
            }
        }
    }

    @Test
    void aChannelThatCannotReportAfterClosingDoesNotHangTheRun() throws Exception {
        ChannelFactory touchy = new ChannelFactory() {
            @Override
            public <T> Channel<T> open(ChannelSpec<T> spec) throws IOException {
                return new ForwardingChannel<>(MemoryChannels.factory().open(spec)) {
                    private volatile boolean closed;

                    @Override
                    public ChannelStats stats() {
                        if (closed) {
                            throw new IllegalStateException("closed");
                        }
                        return inner.stats();
                    }

                    @Override
                    public void close() {
                        closed = true;
                        inner.close();
                    }
                };
            }

            @Override
            public String name() {
                return "touchy";
            }
        };
        RunResult result = director().run(Workflow.builder("t").actor("src", emit(Integer.class, range(0, 3)))
                .actor("sink", collect(Integer.class)).connect("src.out", "sink.in").build(),
                RunConfig.builder().channels(touchy).build());
        assertThat(result.channel("src.out").orElseThrow().tokensWritten()).isEqualTo(3);
    }

    @Test
    void aListenerThatLeavesTheInterruptFlagSetDoesNotFailTheRun() throws Exception {
        RunListener rude = new RunListener() {
            @Override
            public void runStarted(RunInfo run) {
                Thread.currentThread().interrupt();
            }
        };
        Workflow wf = Workflow.builder("t").actor("src", emit(Integer.class, range(0, 3)))
                .actor("sink", collect(Integer.class)).connect("src.out", "sink.in").build();
        assertThat(director().run(wf, config().listener(rude).build()).status()).isEqualTo(RunStatus.COMPLETED);
    }
}
