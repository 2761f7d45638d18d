package io.sluice.director;

import static io.sluice.testing.TestActors.collect;
import static io.sluice.testing.TestActors.emit;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.run.Director;
import io.sluice.run.FiringSpan;
import io.sluice.run.FiringRecord;
import io.sluice.run.PortRange;
import io.sluice.run.RunConfig;
import io.sluice.testing.NoLeakedThreads;
import io.sluice.workflow.Workflow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * What a director records of each firing is what the actor did: an actor that moves a random
 * number of tokens on each of its ports in each firing (none, one, or several; in runs of alike
 * firings and not), under either director, is logged with every port's positions before and after
 * every firing, as it counted them itself, in one span per timed firing, the span's last; and
 * records made of the spans ({@link io.sluice.testing.FiringRecords}) hold the same ranges.
 */
class FiringRecordingProperties {
    private static final Duration LIMIT = Duration.ofSeconds(30);
    private static final InputPort<Integer> A = Port.input("a", Integer.class);
    private static final InputPort<Integer> B = Port.input("b", Integer.class);
    private static final OutputPort<Integer> X = Port.output("x", Integer.class);
    private static final OutputPort<Integer> Y = Port.output("y", Integer.class);
    private static final int[] COUNTS = {0, 0, 1, 1, 1, 1, 2, 3, 7};

    @Property(tries = 60)
    void everyFiringIsLoggedWithTheTokensItMovedOnEachPort(@ForAll long seed, @ForAll boolean demandDriven,
            @ForAll @IntRange(max = 400) int tokensA, @ForAll @IntRange(max = 400) int tokensB) throws Exception {
        Director director = demandDriven ? Directors.demandDriven() : Directors.dataDriven();
        List<long[]> moved = Collections.synchronizedList(new ArrayList<>());
        LoggedFirings logged = new LoggedFirings();
        RecordedFirings recorded = new RecordedFirings();
        boolean withRecords = new Random(seed).nextInt(3) == 0;
        RunConfig.Builder config = DirectorContractTest.config().timeout(LIMIT).listener(logged);
        if (withRecords) {
            config.listener(recorded);
        }
        director.run(workflow(seed, tokensA, tokensB, moved), config.build());
        assertThat(NoLeakedThreads.sluiceThreads()).as("threads left by the run").isEmpty();

        List<LoggedFirings.Logged> firings = logged.actors.get("mover").firings;
        assertThat(firings).as("firings logged").hasSize(moved.size());
        long[] position = new long[4];
        int timed = 0;
        for (int i = 0; i < firings.size(); i++) {
            LoggedFirings.Logged f = firings.get(i);
            long[] m = moved.get(i);
            assertThat(f.firing()).as("firing logged %d", i).isEqualTo(m[4]);
            for (int p = 0; p < 4; p++) {
                assertThat(f.from().get(p)).as("firing %d, port %d, from", i, p).isEqualTo(position[p]);
                position[p] += m[p];
                assertThat(f.to().get(p)).as("firing %d, port %d, to", i, p).isEqualTo(position[p]);
            }
            if (f.start() != FiringSpan.UNTIMED) {
                timed++;
            }
        }
        assertThat(position[0]).as("tokens taken on a").isEqualTo(tokensA);
        assertThat(position[1]).as("tokens taken on b").isEqualTo(tokensB);
        assertThat(logged.actors.get("mover").spans).as("spans: one per timed firing, which ends it").isEqualTo(timed);
        if (withRecords) {
            List<FiringRecord> records = recorded.of("mover");
            assertThat(records).as("records").hasSize(firings.size());
            for (int i = 0; i < records.size(); i++) {
                LoggedFirings.Logged f = firings.get(i);
                assertThat(records.get(i).consumed()).as("record %d consumed", i).isEqualTo(ranges(f, 0, List.of("a", "b"), List.of("srcA.out", "srcB.out")));
                assertThat(records.get(i).produced()).as("record %d produced", i).isEqualTo(ranges(f, 2, List.of("x", "y"), List.of("mover.x", "mover.y")));
            }
        }
    }

    /**
     * Two sources feed the mover, whose outputs go to two sinks. Each firing of the mover takes up
     * to a random number of tokens from each input (fewer at the end of its stream) and puts a
     * random number to each output, the same numbers for a random stretch of firings, and notes
     * what it moved and its firing's number; it finishes once both inputs have ended.
     */
    private static Workflow workflow(long seed, int tokensA, int tokensB, List<long[]> moved) {
        Random random = new Random(seed);
        int[] plan = new int[4];
        int[] left = {0};
        Fn mover = Fn.of(c -> {
            if (left[0]-- == 0) {
                for (int p = 0; p < 4; p++) {
                    plan[p] = COUNTS[random.nextInt(COUNTS.length)];
                }
                left[0] = random.nextInt(random.nextBoolean() ? 3 : 100);
            }
            long[] m = new long[5];
            for (int k = 0; k < plan[0] && c.hasNext(A); k++, m[0]++) {
                c.take(A);
            }
            for (int k = 0; k < plan[1] && c.hasNext(B); k++, m[1]++) {
                c.take(B);
            }
            for (int k = 0; k < plan[2]; k++, m[2]++) {
                c.put(X, k);
            }
            for (int k = 0; k < plan[3]; k++, m[3]++) {
                c.put(Y, k);
            }
            m[4] = c.firing();
            moved.add(m);
            if (!c.hasNext(A) && !c.hasNext(B)) {
                c.finish();
            }
        }, A, B, X, Y);
        return Workflow.builder("moves-" + Long.toHexString(seed))
                .actor("srcA", emit(Integer.class, IntStream.range(0, tokensA).boxed().toList()))
                .actor("srcB", emit(Integer.class, IntStream.range(0, tokensB).boxed().toList()))
                .actor("mover", mover)
                .actor("sinkX", collect(Integer.class))
                .actor("sinkY", collect(Integer.class))
                .connect("srcA.out", "mover.a")
                .connect("srcB.out", "mover.b")
                .connect("mover.x", "sinkX.in")
                .connect("mover.y", "sinkY.in")
                .build();
    }

    /** The ranges of {@code f} on the ports from {@code first} on, named so and on those channels, that moved tokens. */
    private static List<PortRange> ranges(LoggedFirings.Logged f, int first, List<String> ports, List<String> channels) {
        List<PortRange> out = new ArrayList<>();
        for (int i = 0; i < ports.size(); i++) {
            long from = f.from().get(first + i);
            long to = f.to().get(first + i);
            if (to > from) {
                out.add(new PortRange(ports.get(i), channels.get(i), from, to));
            }
        }
        return out;
    }
}
