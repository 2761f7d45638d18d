package io.sluice.director;

import static io.sluice.testing.TestActors.collect;
import static io.sluice.testing.TestActors.emit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.ChannelSpec;
import io.sluice.run.Director;
import io.sluice.run.FiringSpan;
import io.sluice.run.Run;
import io.sluice.run.RunConfig;
import io.sluice.run.RunFailedException;
import io.sluice.run.RunResult;
import io.sluice.testing.TestActors.Collect;
import io.sluice.workflow.ChannelOptions;
import io.sluice.workflow.Workflow;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class DataDrivenDirectorTest extends DirectorContractTest {

    @Override
    Director director() {
        return Directors.dataDriven();
    }

    @Test
    void backToBackFiringsReachAFiringLogInSpansNotOneByOne() throws Exception {
        LoggedFirings logged = new LoggedFirings();
        int n = 20_000;
        director().run(Workflow.builder("runs")
                .actor("src", emit(Integer.class, range(0, n)))
                .actor("p", pass())
                .actor("sink", collect(Integer.class))
                .connect("src.out", "p.in")
                .connect("p.out", "sink.in")
                .build(), config().listener(logged).build());
        for (String actor : java.util.List.of("src", "p", "sink")) {
            assertThat(logged.actors.get(actor).firings).as(actor).hasSize(n + 1);
        }
        // The source never waits, so its firings are short: spans end when one is timed, which the
        // director does about every FiringRecording.RESOLUTION_NANOS of work and at least every
        // MAX_STRIDE firings. (p and the sink may wait for tokens inside their firings, which makes
        // each a firing timed on its own.)
        LoggedFirings.ActorFirings src = logged.actors.get("src");
        assertThat(src.largestSpan).as("firings in a span").isGreaterThan(1);
        assertThat(src.spans).as("spans for %d firings", n + 1).isLessThan((n + 1) / 2);
    }

    @Test
    void aFiringThatWaitsForTokensIsTimedWithoutTheFiringsAfterItBeingTimedOneByOne() throws Exception {
        // Each of the source's firings puts a burst of tokens after a rest, and the sink's firings
        // are slower than its puts, so the sink's first firing of a burst waits for it. An interval
        // that grew long by waiting says nothing about how long the sink's firings take: the one
        // that waited is timed, and the firings after it stay timed together, the next timed one
        // a stride later. Were the stride adapted to the wait, the firing right after the one
        // that waited would be timed on its own, and then ever longer strides, in every burst. How
        // many firings a burst times says less: the stride adapts to the firings' wall time, which
        // a loaded machine stretches, so a span of a stride's firings may exceed the resolution and
        // rightly shorten the stride in any burst. Until the code is compiled every firing is
        // slow: a first run warms it up.
        int bursts = 100;
        int burst = 128;
        timedFiringsOfASinkThatWaitsOnceABurst(bursts, burst);
        List<LoggedFirings.Logged> firings = timedFiringsOfASinkThatWaitsOnceABurst(bursts, burst);
        int waitedTimed = 0;
        int nextTimed = 0;
        for (int b = 0; b < bursts; b++) {
            waitedTimed += firings.get(b * burst).start() != FiringSpan.UNTIMED ? 1 : 0;
            nextTimed += firings.get(b * burst + 1).start() != FiringSpan.UNTIMED ? 1 : 0;
        }
        assertThat(waitedTimed).as("bursts whose first firing, which waited for the burst, is timed").isGreaterThan(bursts / 2);
        assertThat(nextTimed).as("bursts whose second firing is timed on its own, after the one that waited")
                .isLessThan(bursts / 4);
    }

    /** Runs the bursts of {@link #aFiringThatWaitsForTokensIsTimedWithoutTheFiringsAfterItBeingTimedOneByOne}; the sink's firings as logged. */
    private List<LoggedFirings.Logged> timedFiringsOfASinkThatWaitsOnceABurst(int bursts, int burst) throws Exception {
        int[] fired = {0};
        Fn src = Fn.of(c -> {
            if (fired[0] == bursts) {
                c.finish();
                return;
            }
            if (fired[0]++ > 0) {
                Thread.sleep(2);
            }
            for (int i = 0; i < burst; i++) {
                c.put(OUT, i);
            }
        }, OUT);
        Fn sink = Fn.of(c -> {
            c.take(IN);
            work(200);
        }, IN);
        LoggedFirings logged = new LoggedFirings();
        director().run(Workflow.builder("bursts")
                .actor("src", src)
                .actor("sink", sink)
                .connect("src.out", "sink.in")
                .build(), config().listener(logged).build());
        List<LoggedFirings.Logged> firings = logged.actors.get("sink").firings;
        assertThat(firings).hasSize(bursts * burst + 1);
        return firings;
    }

    /** Written so that {@link #work} is not optimised away. */
    private static volatile long worked;

    /**
     * About a hundred nanoseconds of work that reads no clock, so that what a firing costs does
     * not depend on what reading the clock costs on the machine at hand.
     */
    private static void work(int rounds) {
        long x = rounds;
        for (int i = 0; i < rounds; i++) {
            x = x * 6364136223846793005L + i;
        }
        worked = x;
    }

    @Test
    void boundedChannelsKeepTheirBoundWhileNoDeadlockNeedsMore() throws Exception {
        Collect<Integer> sink = collect(Integer.class);
        RunResult result = run(Workflow.builder("bounded")
                .actor("src", emit(Integer.class, range(0, 5000)))
                .actor("p", pass())
                .actor("sink", sink)
                .connect("src.out", "p.in", ChannelOptions.defaults().capacity(1))
                .connect("p.out", "sink.in", ChannelOptions.defaults().capacity(3))
                .build());
        assertThat(sink.tokens).isEqualTo(range(0, 5000));
        assertThat(result.channel("src.out").orElseThrow().peakDepth()).isEqualTo(1);
        assertThat(result.channel("p.out").orElseThrow().peakDepth()).isBetween(1L, 3L);
        assertThat(result.channel("p.out").orElseThrow().capacity()).as("not grown").isEqualTo(3);
    }

    /**
     * p puts {@code ahead} tokens to p.out, then one to p.out2; q takes that one first, then the
     * others: p.out must hold {@code ahead} tokens at once.
     */
    private static Workflow aheadOfItsReader(int ahead, ChannelOptions out, ChannelOptions out2) {
        Fn p = Fn.of(c -> {
            for (int i = 0; i < ahead; i++) {
                c.put(OUT, i);
            }
            c.put(OUT2, 0);
            c.finish();
        }, OUT, OUT2);
        Fn q = Fn.of(c -> {
            c.take(IN2);
            for (int i = 0; i < ahead; i++) {
                c.take(IN);
            }
            c.finish();
        }, IN, IN2);
        return Workflow.builder("ahead").actor("p", p).actor("q", q)
                .connect("p.out", "q.in", out).connect("p.out2", "q.in2", out2).build();
    }

    @Test
    void anArtificialDeadlockDoublesTheSmallestFullChannel() throws Exception {
        // p puts three tokens to x (capacity 1) before one to y; q reads y first: x must hold 3, so grows 1 -> 2 -> 4.
        RunResult result = run(aheadOfItsReader(3, ChannelOptions.defaults().capacity(1), ChannelOptions.defaults().capacity(5)));
        assertThat(result.channel("p.out").orElseThrow().capacity()).isEqualTo(4);
        assertThat(result.channel("p.out2").orElseThrow().capacity()).isEqualTo(5);
    }

    @Test
    void memoryChannelsWithoutACapacityAreKeptWithinTheRunsMemoryCapacity() throws Exception {
        Supplier<Workflow> w = () -> Workflow.builder("default-bound")
                .actor("src", emit(Integer.class, range(0, 20_000)))
                .actor("sink", collect(Integer.class))
                .connect("src.out", "sink.in")
                .build();

        RunResult bounded = director().run(w.get(), config().memoryCapacity(16).build());
        assertThat(bounded.channel("src.out").orElseThrow().capacity()).isEqualTo(16);
        assertThat(bounded.channel("src.out").orElseThrow().peakDepth()).isBetween(1L, 16L);

        RunResult byDefault = director().run(w.get(), config().build());
        assertThat(byDefault.channel("src.out").orElseThrow().capacity()).isEqualTo(RunConfig.DEFAULT_MEMORY_CAPACITY);
        assertThat(byDefault.channel("src.out").orElseThrow().peakDepth()).isLessThanOrEqualTo(RunConfig.DEFAULT_MEMORY_CAPACITY);

        RunResult unbounded = director().run(w.get(), config().memoryCapacity(ChannelSpec.UNBOUNDED).build());
        assertThat(unbounded.channel("src.out").orElseThrow().capacity()).isEqualTo(ChannelSpec.UNBOUNDED);
    }

    @Test
    void aDefaultBoundMakesRoomForTheInitialTokensAndADefinitionsCapacityWins() throws Exception {
        Workflow w = Workflow.builder("initial")
                .actor("src", emit(Integer.class, range(0, 100)))
                .actor("sink", collect(Integer.class))
                .connect("src.out", "sink.in", ChannelOptions.defaults().initialTokens(List.of(-3, -2, -1)))
                .build();
        assertThat(director().run(w, config().memoryCapacity(2).build()).channel("src.out").orElseThrow().capacity())
                .as("room for the three initial tokens").isEqualTo(3);

        Workflow explicit = Workflow.builder("explicit")
                .actor("src", emit(Integer.class, range(0, 100)))
                .actor("sink", collect(Integer.class))
                .connect("src.out", "sink.in", ChannelOptions.defaults().capacity(5))
                .build();
        assertThat(director().run(explicit, config().memoryCapacity(2).build()).channel("src.out").orElseThrow().capacity())
                .isEqualTo(5);
    }

    @Test
    void aWriterFarAheadOfItsReaderCompletesByDoublingTheDefaultBound() throws Exception {
        // q needs the whole stream in one channel before it reads: an artificial deadlock that doubling resolves.
        RunResult result = director().run(aheadOfItsReader(100_000, ChannelOptions.defaults(), ChannelOptions.defaults()),
                config().build());
        assertThat(result.channel("p.out").orElseThrow().capacity()).isEqualTo(131_072);
    }

    @Test
    void isFoundByName() {
        assertThat(Directors.named("data")).isSameAs(director());
        assertThat(director().name()).isEqualTo("data");
    }

    /** Actors fire on threads of their own here, so one fails while another waits in its own code. */
    @Test
    void aFailureOfAnotherActorAsksEveryActorToStop() throws Exception {
        DirectorContractTest.OwnWait w = new DirectorContractTest.OwnWait();
        Workflow wf = Workflow.builder("own")
                .actor("w", w.actor).actor("sink", collect(Integer.class)).connect("w.out", "sink.in")
                .actor("bad", Fn.of(c -> {
                    throw new IllegalStateException("bad firing");
                }, OUT2))
                .actor("sink2", collect(Integer.class)).connect("bad.out2", "sink2.in")
                .build();
        try (Run run = director().start(wf, RunConfig.builder().build())) {
            assertThatThrownBy(() -> run.await(Duration.ofSeconds(10))).isInstanceOf(RunFailedException.class)
                    .hasMessageContaining("bad firing");
        }
        assertThat(w.actor.stopped.get()).isEqualTo(1);
    }
}
