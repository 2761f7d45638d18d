package io.sluice.provenance;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.actor.Port;
import io.sluice.run.FiringSpan;
import io.sluice.run.FiringRecord;
import io.sluice.run.PortRange;
import io.sluice.run.RunInfo;
import io.sluice.run.RunResult;
import io.sluice.run.RunStatus;
import io.sluice.testing.ListedSpan;
import io.sluice.testing.TestActors;
import io.sluice.testing.TestFiles;
import io.sluice.workflow.Workflow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * Whatever firings an actor with two to five ports logs (inputs and outputs; on each port,
 * ranges that follow on or jump ahead, counts that take one varint byte or several; timed or
 * not, one at a time or as runs of alike firings, some longer than a batch, enough to fill
 * several batches), the store gives each back as it was logged, finds the firing that produced a
 * token and the one that consumed it by its seq, and sums up the actor's firings, tokens and
 * time; and the same firings handed over as spans of runs ({@link AlikeFiringsLog#runs}) are stored
 * alike, and handed over as spans of pieces ({@link AlikeFiringsLog#span}) read back alike.
 */
class FiringLogProperties {
    /**
     * A workflow whose actor {@code both} logs firings by hand, for other tests: it reads
     * {@code src.out} and writes {@code both.out}.
     */
    static final Workflow WORKFLOW = Workflow.builder("w")
            .actor("src", TestActors.emit(Integer.class, List.of(1)))
            .actor("both", TestActors.map(Integer.class, Integer.class, x -> x))
            .actor("sink", TestActors.collect(Integer.class))
            .connect("src.out", "both.in")
            .connect("both.out", "sink.in")
            .build();

    /**
     * The ports of actor {@code both}: {@code ins} inputs {@code in0..}, input {@code i} reading
     * channel {@code src<i>.out}, and {@code outs} outputs {@code out0..}, output {@code j} writing
     * channel {@code both.out<j>}. Port {@code p} counts the inputs first, as a firing log does.
     */
    record Shape(int ins, int outs) {
        int ports() {
            return ins + outs;
        }

        String port(int p) {
            return p < ins ? "in" + p : "out" + (p - ins);
        }

        String channel(int p) {
            return p < ins ? "src" + p + ".out" : "both." + port(p);
        }

        /** Sources and sinks around {@code both}, which never fires: its firings are logged by hand. */
        Workflow workflow() {
            List<Port<?>> ports = IntStream.range(0, ports())
                    .<Port<?>>mapToObj(p -> p < ins ? Port.input(port(p), Integer.class) : Port.output(port(p), Integer.class))
                    .toList();
            Workflow.Builder b = Workflow.builder("w").actor("both", TestActors.withPorts(ports));
            for (int i = 0; i < ins; i++) {
                b.actor("src" + i, TestActors.emit(Integer.class, List.of(1))).connect("src" + i + ".out", "both." + port(i));
            }
            for (int j = 0; j < outs; j++) {
                b.actor("sink" + j, TestActors.collect(Integer.class)).connect("both.out" + j, "sink" + j + ".in");
            }
            return b.build();
        }
    }

    /**
     * One firing of {@code both}, or a run of {@code repeat} alike ones: per port, where it starts
     * relative to where it was, and how many tokens each firing moves.
     */
    record Step(long[] skip, long[] moved, boolean timed, int repeat) {
        @Override
        public String toString() {
            return "Step[skip=" + Arrays.toString(skip) + ", moved=" + Arrays.toString(moved) + ", timed=" + timed
                    + ", repeat=" + repeat + "]";
        }
    }

    /** Firings of an actor of some shape. */
    record Case(Shape shape, List<Step> steps) {}

    @Provide
    Arbitrary<Case> cases() {
        return Arbitraries.of(new Shape(1, 1), new Shape(2, 1), new Shape(1, 2), new Shape(2, 3))
                .flatMap(shape -> step(shape.ports()).list().ofMinSize(1).ofMaxSize(2000).map(steps -> new Case(shape, steps)));
    }

    private static Arbitrary<Step> step(int ports) {
        Arbitrary<Long> skip = Arbitraries.frequency(weighted(12, 0L), weighted(1, 1L), weighted(1, 1000L), weighted(1, 1L << 40));
        Arbitrary<Long> moved = Arbitraries.frequency(weighted(6, 0L), weighted(10, 1L), weighted(2, 127L), weighted(2, 128L),
                weighted(1, 300L), weighted(1, 1L << 20));
        Arbitrary<Integer> repeat = Arbitraries.frequencyOf(Tuple.of(60, Arbitraries.just(1)),
                Tuple.of(30, Arbitraries.integers().between(2, 70)), Tuple.of(1, Arbitraries.just(FiringBatch.MAX_FIRINGS + 300)));
        return Combinators.combine(perPort(skip, ports), perPort(moved, ports), Arbitraries.of(true, false, false, false), repeat)
                .as(Step::new);
    }

    private static Arbitrary<long[]> perPort(Arbitrary<Long> value, int ports) {
        return value.list().ofSize(ports).map(l -> l.stream().mapToLong(Long::longValue).toArray());
    }

    private static Tuple.Tuple2<Integer, Long> weighted(int weight, long value) {
        return Tuple.of(weight, value);
    }

    /** How the firings reach the log: as they were logged, gathered into spans of runs, or into spans of pieces. */
    enum Handing {
        ONE_BY_ONE, RUNS, PIECES
    }

    @Property(tries = 40)
    void everyLoggedFiringIsReadBackAsItWasLogged(@ForAll("cases") Case c, @ForAll Handing handing) throws Exception {
        Path work = Files.createTempDirectory("sluice-firing-log");
        Path oneByOne = handing == Handing.RUNS ? Files.createTempDirectory("sluice-firing-log") : null;
        try {
            Instant started = Instant.now();
            List<FiringRecord> expected = record(work, c, handing, started);
            if (handing == Handing.RUNS) {
                record(oneByOne, c, Handing.ONE_BY_ONE, started);
                assertThat(excerpts(work)).as("the firing log, given spans, against the one given firings and runs one by one")
                        .isEqualTo(excerpts(oneByOne));
            }
            try (ProvenanceStore store = ProvenanceStore.open(work)) {
                List<FiringRecord> read = new ArrayList<>();
                store.firings("both", 0, Integer.MAX_VALUE, read::add);
                assertThat(read).hasSameSizeAs(expected);
                for (int i = 0; i < expected.size(); i++) {
                    FiringRecord e = expected.get(i);
                    FiringRecord r = read.get(i);
                    assertThat(r.firing()).isEqualTo(e.firing());
                    assertThat(r.consumed()).as("consumed by firing %d", i).isEqualTo(e.consumed());
                    assertThat(r.produced()).as("produced by firing %d", i).isEqualTo(e.produced());
                    if (e.startEpochNanos() != FiringSpan.UNTIMED) {
                        assertThat(r.startEpochNanos()).as("start of firing %d", i).isEqualTo(e.startEpochNanos());
                        assertThat(r.endEpochNanos()).as("end of firing %d", i).isEqualTo(e.endEpochNanos());
                    }
                }
                // Time is counted once per timed firing (an untimed one ran within the next timed one's interval).
                ActorSummary both = store.actorSummaries().stream().filter(a -> a.actor().equals("both")).findFirst().orElseThrow();
                assertThat(both).isEqualTo(new ActorSummary("both", expected.size(),
                        expected.stream().flatMap(e -> e.consumed().stream()).mapToLong(PortRange::count).sum(),
                        expected.stream().flatMap(e -> e.produced().stream()).mapToLong(PortRange::count).sum(),
                        Duration.ofNanos(expected.stream().filter(e -> e.startEpochNanos() != FiringSpan.UNTIMED)
                                .mapToLong(e -> e.endEpochNanos() - e.startEpochNanos()).sum())));
                // A lookup finds the firing's record as the batch's listing gives it, interval included.
                // Each reads a batch record by record: consumers and firings are looked up for a sample.
                int stride = Math.max(1, expected.size() / 500);
                for (int i = 0; i < expected.size(); i++) {
                    FiringRecord e = expected.get(i);
                    FiringRecord listed = read.get(i);
                    for (PortRange p : e.produced()) {
                        assertThat(store.producerOf(new TokenRef(p.channel(), p.toSeq() - 1))).as("producer of the last token of %s", p)
                                .contains(listed);
                        assertThat(store.producerOf(new TokenRef(p.channel(), p.fromSeq()))).as("producer of the first token of %s", p)
                                .contains(listed);
                    }
                    if (i % stride == 0) {
                        for (PortRange p : e.consumed()) {
                            assertThat(store.consumersOf(new TokenRef(p.channel(), p.toSeq() - 1)))
                                    .as("consumers of the last token of %s", p).containsExactly(listed);
                        }
                        assertThat(store.firing("both", e.firing())).as("firing %d", e.firing()).contains(listed);
                    }
                }
                assertThat(store.firing("both", expected.size())).as("the firing after the last").isEmpty();
            }
        } finally {
            TestFiles.deleteRecursively(work);
            if (oneByOne != null) {
                TestFiles.deleteRecursively(oneByOne);
            }
        }
    }

    /**
     * Records a run in {@code work} that started at {@code started}, in which actor {@code both}
     * logs the case's steps, handed over as {@code handing} says; returns what each firing logged.
     */
    private static List<FiringRecord> record(Path work, Case c, Handing handing, Instant started) throws Exception {
        long t0 = started.getEpochSecond() * 1_000_000_000L + started.getNano();
        ProvenanceRecorder recorder = ProvenanceRecorder.create();
        recorder.runStarted(new RunInfo("prop", c.shape().workflow(), "hand", started, work, "memory"));
        AlikeFiringsLog log = recorder.log("both");
        int ins = c.shape().ins();
        List<FiringRecord> expected = logAll(handing == Handing.ONE_BY_ONE ? log : spans(log, ins, handing == Handing.PIECES),
                c, t0);
        recorder.runEnded(new RunResult("prop", "w", "hand", RunStatus.COMPLETED, started, Duration.ofMillis(1), List.of(),
                List.of()));
        return expected;
    }

    /** The excerpts of the firing log recorded in {@code work}, in hex. */
    private static List<String> excerpts(Path work) {
        return FiringLogExcerpts.of(work).stream().map(HexFormat.of()::formatHex).toList();
    }

    /**
     * Logs the case's steps as firings 0.. of {@code both}, a step of several as one
     * {@link AlikeFiringsLog#firings} call, each timed step 1 µs after the last; returns what each
     * firing logged.
     */
    private static List<FiringRecord> logAll(AlikeFiringsLog log, Case c, long t0) throws Exception {
        Shape shape = c.shape();
        int ins = shape.ins();
        int ports = shape.ports();
        List<Step> steps = c.steps();
        List<FiringRecord> out = new ArrayList<>();
        long[] at = new long[ports];
        long time = t0;
        long f = 0;
        for (int i = 0; i < steps.size(); i++) {
            Step s = steps.get(i);
            long[] from = new long[ports];
            long[] to = new long[ports];
            for (int p = 0; p < ports; p++) {
                from[p] = at[p] + s.skip()[p];
                to[p] = from[p] + s.moved()[p];
            }
            // The last firing is timed, as a director's last firing of an actor is.
            boolean timed = s.timed() || i == steps.size() - 1;
            long start = timed ? (time += 1_000) : FiringSpan.UNTIMED;
            long end = timed ? start + 500 : FiringSpan.UNTIMED;
            long[] inFrom = Arrays.copyOfRange(from, 0, ins);
            long[] outFrom = Arrays.copyOfRange(from, ins, ports);
            if (s.repeat() == 1) {
                log.firing(f, start, end, inFrom, Arrays.copyOfRange(to, 0, ins), outFrom, Arrays.copyOfRange(to, ins, ports));
            } else {
                log.firings(f, s.repeat(), start, end, inFrom, Arrays.copyOfRange(s.moved(), 0, ins), outFrom,
                        Arrays.copyOfRange(s.moved(), ins, ports));
            }
            for (int k = 0; k < s.repeat(); k++) {
                boolean last = k == s.repeat() - 1;
                List<PortRange> consumed = new ArrayList<>();
                List<PortRange> produced = new ArrayList<>();
                for (int p = 0; p < ports; p++) {
                    long moved = s.moved()[p];
                    at[p] = from[p] + (k + 1) * moved;
                    if (moved > 0) {
                        (p < ins ? consumed : produced).add(new PortRange(shape.port(p), shape.channel(p), at[p] - moved, at[p]));
                    }
                }
                out.add(new FiringRecord("both", f++, last ? start : FiringSpan.UNTIMED, last ? end : FiringSpan.UNTIMED,
                        consumed, produced));
            }
        }
        return out;
    }

    /**
     * A log that gathers what it is given into spans, as a director does, and hands each to
     * {@code log} in one call, of {@link AlikeFiringsLog#span} if {@code asPieces}, else of
     * {@link AlikeFiringsLog#runs}: a span ends with a timed firing, and before a firing whose ports do
     * not start where the span left them or that does not follow it (then untimed).
     */
    private static AlikeFiringsLog spans(AlikeFiringsLog log, int ins, boolean asPieces) {
        return new AlikeFiringsLog() {
            final List<Long> counts = new ArrayList<>();
            final List<Long> steps = new ArrayList<>();
            long first;
            long next = -1;
            long[] from;
            long[] at;

            @Override
            public void firing(long firing, long start, long end, long[] inputFrom, long[] inputTo, long[] outputFrom,
                    long[] outputTo) throws Exception {
                long[] inputStep = new long[inputFrom.length];
                long[] outputStep = new long[outputFrom.length];
                Arrays.setAll(inputStep, i -> inputTo[i] - inputFrom[i]);
                Arrays.setAll(outputStep, i -> outputTo[i] - outputFrom[i]);
                firings(firing, 1, start, end, inputFrom, inputStep, outputFrom, outputStep);
            }

            @Override
            public void firings(long f, long count, long start, long end, long[] inputFrom, long[] inputStep,
                    long[] outputFrom, long[] outputStep) throws Exception {
                long[] starts = concat(inputFrom, outputFrom);
                long[] step = concat(inputStep, outputStep);
                if (f != next || !Arrays.equals(starts, at)) {
                    hand(FiringSpan.UNTIMED, FiringSpan.UNTIMED);
                    first = f;
                    from = starts;
                }
                counts.add(count);
                at = new long[starts.length];
                for (int p = 0; p < starts.length; p++) {
                    steps.add(step[p]);
                    at[p] = starts[p] + count * step[p];
                }
                next = f + count;
                if (start != FiringSpan.UNTIMED) {
                    hand(start, end);
                    next = -1;
                }
            }

            /** Hands the span gathered, if any, its last firing timed by start and end. */
            private void hand(long start, long end) throws Exception {
                if (counts.isEmpty()) {
                    return;
                }
                long[] runCounts = counts.stream().mapToLong(Long::longValue).toArray();
                long[] runSteps = steps.stream().mapToLong(Long::longValue).toArray();
                if (asPieces) {
                    log.span(ListedSpan.ofRuns(first, runCounts, runSteps, start, end, ins, from));
                } else {
                    log.runs(first, counts.size(), runCounts, runSteps, start, end, Arrays.copyOfRange(from, 0, ins),
                            Arrays.copyOfRange(from, ins, from.length));
                }
                counts.clear();
                steps.clear();
            }
        };
    }

    private static long[] concat(long[] a, long[] b) {
        long[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
