package io.sluice.director;

import static io.sluice.testing.TestActors.collect;
import static io.sluice.testing.TestActors.emit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.run.Director;
import io.sluice.run.RunResult;
import io.sluice.testing.TestActors.Collect;
import io.sluice.workflow.ChannelOptions;
import io.sluice.workflow.Workflow;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class DemandDrivenDirectorTest extends DirectorContractTest {

    @Override
    Director director() {
        return Directors.demandDriven();
    }

    @Test
    void isFoundByName() {
        assertThat(Directors.named("demand")).isSameAs(director());
        assertThatThrownBy(() -> Directors.named("fast")).hasMessage("unknown director 'fast'; known: [data, demand, sdf]");
    }

    @Test
    void aLongChainOfDemandsFitsTheDirectorsStack() throws Exception {
        Workflow.Builder wf = Workflow.builder("long").actor("src", emit(Integer.class, range(0, 10)));
        String previous = "src";
        for (int i = 0; i < 2000; i++) {
            wf.actor("p" + i, pass()).connect(previous + ".out", "p" + i + ".in");
            previous = "p" + i;
        }
        Collect<Integer> sink = collect(Integer.class);
        wf.actor("sink", sink).connect(previous + ".out", "sink.in");
        run(wf.build());
        assertThat(sink.tokens).isEqualTo(range(0, 10));
    }

    /**
     * To meet one demand of the sink, {@code keep} fires ten times (it passes one number in ten):
     * those firings are back to back, so they reach a firing log in spans and most go untimed. Each shares the interval of the next timed firing of {@code keep}, which lies
     * within the firing of the sink that demanded it: the untimed firings did not run before
     * that interval, nor after it.
     */
    @Test
    void firingsThatMeetOneDemandAreTimedTogetherWithinTheFiringThatDemandedThem() throws Exception {
        LoggedFirings logged = new LoggedFirings();
        int n = 20_000;
        Fn keep = Fn.of(c -> {
            int x = c.take(IN);
            if (x % 10 == 0) {
                c.put(OUT, x);
            }
        }, IN, OUT);
        director().run(Workflow.builder("demands")
                .actor("src", emit(Integer.class, range(0, n)))
                .actor("keep", keep)
                .actor("sink", collect(Integer.class))
                .connect("src.out", "keep.in")
                .connect("keep.out", "sink.in")
                .build(), config().listener(logged).build());

        LoggedFirings.ActorFirings k = logged.actors.get("keep");
        assertThat(k.firings).hasSize(n + 1);
        assertThat(k.largestSpan).as("firings in a span").isGreaterThan(1);
        assertThat(k.spans).as("spans for %d firings", n + 1).isLessThan(n / 2);

        List<LoggedFirings.Logged> keepTimes = timesAsRead(k.firings);
        List<LoggedFirings.Logged> sinkTimes = timesAsRead(logged.actors.get("sink").firings);
        for (int i = 0; i < n; i++) {
            LoggedFirings.Logged f = keepTimes.get(i);
            // The sink's firing that demanded it takes the next token keep puts: keep.out's position before it.
            LoggedFirings.Logged d = sinkTimes.get((int) (long) f.from().get(1));
            assertThat(f.start()).as("keep's firing %d starts within sink's firing that demanded it", i).isBetween(d.start(), d.end());
            assertThat(f.end()).as("keep's firing %d ends within sink's firing that demanded it", i).isBetween(d.start(), d.end());
        }
    }

    /**
     * The source fires once for each token {@code keep} takes, inside keep's firing: such
     * firings are timed together, in spans, as back-to-back ones are; a span starts, as logged,
     * where keep's firing that demanded its first firing started, or where the source's previous
     * span ended if later, and is handed over before keep's firings are. So each source firing
     * lies within keep's firing as read, and the source's spans follow each other without
     * overlapping.
     */
    @Test
    void aFiringThatMeetsOneDemandStartsWithTheFiringThatDemandedIt() throws Exception {
        LoggedFirings logged = new LoggedFirings();
        int n = 5_000;
        Fn keep = Fn.of(c -> c.put(OUT, c.take(IN)), IN, OUT);
        director().run(Workflow.builder("one-per-demand")
                .actor("src", emit(Integer.class, range(0, n)))
                .actor("keep", keep)
                .actor("sink", collect(Integer.class))
                .connect("src.out", "keep.in")
                .connect("keep.out", "sink.in")
                .build(), config().listener(logged).build());

        List<LoggedFirings.Logged> srcTimes = timesAsRead(logged.actors.get("src").firings);
        List<LoggedFirings.Logged> keepTimes = timesAsRead(logged.actors.get("keep").firings);
        assertThat(srcTimes).hasSizeGreaterThan(n);
        assertThat(logged.actors.get("src").spans).as("src's spans for %d firings", n + 1).isLessThan(n / 2);
        long previousStart = Long.MIN_VALUE;
        long previousEnd = Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            LoggedFirings.Logged f = srcTimes.get(i);
            // Keep's firing i takes token i, which src's firing i puts.
            LoggedFirings.Logged d = keepTimes.get(i);
            assertThat(f.start()).as("src's firing %d starts within keep's firing that demanded it", i).isBetween(d.start(), d.end());
            assertThat(f.end()).as("src's firing %d ends within keep's firing that demanded it", i).isBetween(d.start(), d.end());
            boolean sameSpan = f.start() == previousStart && f.end() == previousEnd;
            if (!sameSpan) {
                assertThat(f.start()).as("src's firing %d starts after its previous span ended", i).isGreaterThanOrEqualTo(previousEnd);
            }
            if (i > 0 && !sameSpan) {
                // The first reads the clock, as it reads where the ports are.
                assertThat(f.start()).as("src's span from firing %d starts where keep's did or where its previous one ended", i)
                        .isIn(d.start(), previousEnd);
            }
            previousStart = f.start();
            previousEnd = f.end();
        }
    }

    /**
     * Down a chain of pass-throughs each firing meets one demand of the actor after it; the
     * firings of every actor are timed together in spans, and a span is handed over before the
     * firing that demanded its firings is timed, deepest first: firing i of each actor, as read,
     * lies within firing i of the actor that demanded it, at every depth.
     */
    @Test
    void demandedFiringsTimedTogetherStayWithinTheirDemandersAtEveryDepth() throws Exception {
        LoggedFirings logged = new LoggedFirings();
        int n = 5_000;
        Workflow.Builder wf = Workflow.builder("chain").actor("src", emit(Integer.class, range(0, n)));
        List<String> chain = new ArrayList<>(List.of("src"));
        String previous = "src";
        for (int k = 0; k < 4; k++) {
            String name = "p" + k;
            wf.actor(name, Fn.of(c -> c.put(OUT, c.take(IN)), IN, OUT)).connect(previous + ".out", name + ".in");
            chain.add(name);
            previous = name;
        }
        wf.actor("sink", collect(Integer.class)).connect(previous + ".out", "sink.in");
        chain.add("sink");
        director().run(wf.build(), config().listener(logged).build());

        for (int a = 0; a + 1 < chain.size(); a++) {
            String up = chain.get(a);
            String down = chain.get(a + 1);
            assertThat(logged.actors.get(up).spans).as("spans of %s for %d firings", up, n + 1).isLessThan(n / 2);
            List<LoggedFirings.Logged> upTimes = timesAsRead(logged.actors.get(up).firings);
            List<LoggedFirings.Logged> downTimes = timesAsRead(logged.actors.get(down).firings);
            for (int i = 0; i < n; i++) {
                LoggedFirings.Logged f = upTimes.get(i);
                LoggedFirings.Logged d = downTimes.get(i); // down's firing i takes token i, which up's firing i puts
                assertThat(f.start()).as("%s's firing %d starts within %s's", up, i, down).isBetween(d.start(), d.end());
                assertThat(f.end()).as("%s's firing %d ends within %s's", up, i, down).isBetween(d.start(), d.end());
            }
        }
    }

    /** The firings with the times a reader of the log gives them: an untimed one gets the next timed one's. */
    private static List<LoggedFirings.Logged> timesAsRead(List<LoggedFirings.Logged> firings) {
        LoggedFirings.Logged[] out = new LoggedFirings.Logged[firings.size()];
        LoggedFirings.Logged nextTimed = null;
        for (int i = firings.size() - 1; i >= 0; i--) {
            LoggedFirings.Logged f = firings.get(i);
            if (f.start() != io.sluice.run.FiringSpan.UNTIMED) {
                nextTimed = f;
            }
            assertThat(nextTimed).as("firing %d is followed by a timed one", i).isNotNull();
            out[i] = new LoggedFirings.Logged(f.firing(), f.from(), f.to(), nextTimed.start(), nextTimed.end());
        }
        return List.of(out);
    }

    /**
     * A put never waits under this director: a firing that puts three tokens to a channel of
     * capacity 1 puts them all, and the channel keeps its capacity (no rule grows it).
     */
    @Test
    void aPutGoesBeyondTheCapacityAndTheCapacityStays() throws Exception {
        Fn triple = Fn.of(c -> {
            int x = c.take(IN);
            for (int i = 0; i < 3; i++) {
                c.put(OUT, x);
            }
        }, IN, OUT);
        Collect<Integer> sink = collect(Integer.class);
        RunResult result = director().run(Workflow.builder("beyond")
                .actor("src", emit(Integer.class, range(0, 4)))
                .actor("triple", triple)
                .actor("sink", sink)
                .connect("src.out", "triple.in")
                .connect("triple.out", "sink.in", ChannelOptions.defaults().capacity(1))
                .build(), config().build());
        assertThat(sink.tokens).isEqualTo(List.of(0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3));
        assertThat(result.channel("triple.out").orElseThrow().peakDepth()).isEqualTo(3);
        assertThat(result.channel("triple.out").orElseThrow().capacity()).isEqualTo(1);
    }

    @Test
    void anActorFiresOnlyWhenItsOutputIsNeeded() throws Exception {
        List<String> ended = Collections.synchronizedList(new ArrayList<>());
        Fn src = Fn.of(c -> {
            try {
                if (c.firing() < 3) {
                    c.put(OUT, (int) c.firing());
                } else {
                    c.finish();
                }
            } finally {
                ended.add("src#" + c.firing());
            }
        }, OUT);
        Fn p = Fn.of(c -> {
            try {
                c.put(OUT, c.take(IN));
            } finally {
                ended.add("p#" + c.firing());
            }
        }, IN, OUT);
        Fn sink = Fn.of(c -> {
            try {
                c.take(IN);
            } finally {
                ended.add("sink#" + c.firing());
            }
        }, IN);
        RunResult result = director().run(Workflow.builder("lazy")
                .actor("src", src)
                .actor("p", p)
                .actor("sink", sink)
                .connect("src.out", "p.in")
                .connect("p.out", "sink.in")
                .build(), config().build());

        // The sink asks p, p asks src: each token travels the whole pipeline before the next is made.
        assertThat(String.join(" ", ended)).isEqualTo("src#0 p#0 sink#0 src#1 p#1 sink#1 src#2 p#2 sink#2 src#3 p#3 sink#3");
        assertThat(result.channels()).allSatisfy(c -> assertThat(c.peakDepth()).isEqualTo(1));
    }
}
