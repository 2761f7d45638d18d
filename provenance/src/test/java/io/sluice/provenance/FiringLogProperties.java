package io.sluice.provenance;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.run.FiringLog;
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
import java.util.HexFormat;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * Whatever firings an actor logs (ranges that follow on or jump ahead, counts that take one varint
 * byte or several, timed or not, one at a time or as runs of alike firings, some longer than a
 * batch, enough to fill several batches), the store gives each back as it was logged, finds the
 * firing that produced a token and the one that consumed it by its seq, and sums up the actor's
 * firings, tokens and time; and the same firings handed over as spans of runs
 * ({@link FiringLog#runs}) are stored alike, and handed over as spans of pieces
 * ({@link FiringLog#span}) read back alike.
 */
class FiringLogProperties {
    /** The workflow whose actor {@code both} logs firings by hand: it reads {@code src.out} and writes {@code both.out}. */
    static final Workflow WORKFLOW = Workflow.builder("w")
            .actor("src", TestActors.emit(Integer.class, List.of(1)))
            .actor("both", TestActors.map(Integer.class, Integer.class, x -> x))
            .actor("sink", TestActors.collect(Integer.class))
            .connect("src.out", "both.in")
            .connect("both.out", "sink.in")
            .build();

    /**
     * One firing of {@code both}, or a run of {@code repeat} alike ones: where each port starts
     * relative to where it was, and how many each firing moves.
     */
    record Step(long inSkip, long inMoved, long outSkip, long outMoved, boolean timed, int repeat) {}

    @Provide
    Arbitrary<List<Step>> steps() {
        Arbitrary<Long> skip = Arbitraries.frequency(weighted(12, 0L), weighted(1, 1L), weighted(1, 1000L), weighted(1, 1L << 40));
        Arbitrary<Long> moved = Arbitraries.frequency(weighted(6, 0L), weighted(10, 1L), weighted(2, 127L), weighted(2, 128L),
                weighted(1, 300L), weighted(1, 1L << 20));
        Arbitrary<Integer> repeat = Arbitraries.frequencyOf(Tuple.of(60, Arbitraries.just(1)),
                Tuple.of(30, Arbitraries.integers().between(2, 70)), Tuple.of(1, Arbitraries.just(FiringBatch.MAX_FIRINGS + 300)));
        Arbitrary<Step> step = Combinators.combine(skip, moved, skip, moved, Arbitraries.of(true, false, false, false), repeat)
                .as(Step::new);
        return step.list().ofMinSize(1).ofMaxSize(2000);
    }

    private static Tuple.Tuple2<Integer, Long> weighted(int weight, long value) {
        return Tuple.of(weight, value);
    }

    /** How the firings reach the log: as they were logged, gathered into spans of runs, or into spans of pieces. */
    enum Handing {
        ONE_BY_ONE, RUNS, PIECES
    }

    @Property(tries = 40)
    void everyLoggedFiringIsReadBackAsItWasLogged(@ForAll("steps") List<Step> steps, @ForAll Handing handing) throws Exception {
        Path work = Files.createTempDirectory("sluice-firing-log");
        Path oneByOne = handing == Handing.RUNS ? Files.createTempDirectory("sluice-firing-log") : null;
        try {
            Instant started = Instant.now();
            List<FiringRecord> expected = record(work, steps, handing, started);
            if (handing == Handing.RUNS) {
                record(oneByOne, steps, Handing.ONE_BY_ONE, started);
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
                    if (e.startEpochNanos() != FiringLog.UNTIMED) {
                        assertThat(r.startEpochNanos()).as("start of firing %d", i).isEqualTo(e.startEpochNanos());
                        assertThat(r.endEpochNanos()).as("end of firing %d", i).isEqualTo(e.endEpochNanos());
                    }
                }
                // Time is counted once per timed firing (an untimed one ran within the next timed one's interval).
                ActorSummary both = store.actorSummaries().stream().filter(a -> a.actor().equals("both")).findFirst().orElseThrow();
                assertThat(both).isEqualTo(new ActorSummary("both", expected.size(),
                        expected.stream().flatMap(e -> e.consumed().stream()).mapToLong(PortRange::count).sum(),
                        expected.stream().flatMap(e -> e.produced().stream()).mapToLong(PortRange::count).sum(),
                        Duration.ofNanos(expected.stream().filter(e -> e.startEpochNanos() != FiringLog.UNTIMED)
                                .mapToLong(e -> e.endEpochNanos() - e.startEpochNanos()).sum())));
                // A lookup finds the firing's record as the batch's listing gives it, interval included.
                // Each reads a batch record by record: consumers and firings are looked up for a sample.
                int stride = Math.max(1, expected.size() / 500);
                for (int i = 0; i < expected.size(); i++) {
                    FiringRecord e = expected.get(i);
                    FiringRecord listed = read.get(i);
                    for (PortRange p : e.produced()) {
                        assertThat(store.producerOf(new TokenRef("both.out", p.toSeq() - 1))).as("producer of the last token of %s", p)
                                .contains(listed);
                        assertThat(store.producerOf(new TokenRef("both.out", p.fromSeq()))).as("producer of the first token of %s", p)
                                .contains(listed);
                    }
                    if (i % stride == 0) {
                        for (PortRange p : e.consumed()) {
                            assertThat(store.consumersOf(new TokenRef("src.out", p.toSeq() - 1)))
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
     * logs the steps, handed over as {@code handing} says; returns what each firing logged.
     */
    private static List<FiringRecord> record(Path work, List<Step> steps, Handing handing, Instant started) throws Exception {
        long t0 = started.getEpochSecond() * 1_000_000_000L + started.getNano();
        ProvenanceRecorder recorder = ProvenanceRecorder.create();
        recorder.runStarted(new RunInfo("prop", WORKFLOW, "hand", started, work, "memory"));
        FiringLog log = recorder.firingLog("both");
        List<FiringRecord> expected = logAll(handing == Handing.ONE_BY_ONE ? log : spans(log, handing == Handing.PIECES), steps, t0);
        recorder.runEnded(new RunResult("prop", "w", "hand", RunStatus.COMPLETED, started, Duration.ofMillis(1), List.of(),
                List.of()));
        return expected;
    }

    /** The excerpts of the firing log recorded in {@code work}, in hex. */
    private static List<String> excerpts(Path work) {
        return FiringLogExcerpts.of(work).stream().map(HexFormat.of()::formatHex).toList();
    }

    /**
     * Logs the steps as firings 0.. of {@code both}, a step of several as one {@link FiringLog#firings}
     * call, each timed step 1 µs after the last; returns what each firing logged.
     */
    private static List<FiringRecord> logAll(FiringLog log, List<Step> steps, long t0) throws Exception {
        List<FiringRecord> out = new ArrayList<>();
        long in = 0;
        long outSeq = 0;
        long time = t0;
        long f = 0;
        for (int i = 0; i < steps.size(); i++) {
            Step s = steps.get(i);
            long inFrom = in + s.inSkip();
            long outFrom = outSeq + s.outSkip();
            // The last firing is timed, as a director's last firing of an actor is.
            boolean timed = s.timed() || i == steps.size() - 1;
            long start = timed ? (time += 1_000) : FiringLog.UNTIMED;
            long end = timed ? start + 500 : FiringLog.UNTIMED;
            if (s.repeat() == 1) {
                log.firing(f, start, end, new long[] {inFrom}, new long[] {inFrom + s.inMoved()}, new long[] {outFrom},
                        new long[] {outFrom + s.outMoved()});
            } else {
                log.firings(f, s.repeat(), start, end, new long[] {inFrom}, new long[] {s.inMoved()}, new long[] {outFrom},
                        new long[] {s.outMoved()});
            }
            for (int k = 0; k < s.repeat(); k++) {
                boolean last = k == s.repeat() - 1;
                in = inFrom + (k + 1) * s.inMoved();
                outSeq = outFrom + (k + 1) * s.outMoved();
                out.add(new FiringRecord("both", f++, last ? start : FiringLog.UNTIMED, last ? end : FiringLog.UNTIMED,
                        s.inMoved() > 0 ? List.of(new PortRange("in", "src.out", in - s.inMoved(), in)) : List.of(),
                        s.outMoved() > 0 ? List.of(new PortRange("out", "both.out", outSeq - s.outMoved(), outSeq)) : List.of()));
            }
        }
        return out;
    }

    /**
     * A log that gathers what it is given into spans, as a director does, and hands each to
     * {@code log} in one call, of {@link FiringLog#span} if {@code asPieces}, else of
     * {@link FiringLog#runs}: a span ends with a timed firing, and before a firing whose ports do
     * not start where the span left them or that does not follow it (then untimed).
     */
    private static FiringLog spans(FiringLog log, boolean asPieces) {
        return new FiringLog() {
            final List<Long> counts = new ArrayList<>();
            final List<Long> steps = new ArrayList<>();
            long first;
            long next = -1;
            long[] from;
            long[] at;

            @Override
            public void firing(long firing, long start, long end, long[] inputFrom, long[] inputTo, long[] outputFrom,
                    long[] outputTo) throws Exception {
                firings(firing, 1, start, end, inputFrom, new long[] {inputTo[0] - inputFrom[0]}, outputFrom,
                        new long[] {outputTo[0] - outputFrom[0]});
            }

            @Override
            public void firings(long f, long count, long start, long end, long[] inputFrom, long[] inputStep,
                    long[] outputFrom, long[] outputStep) throws Exception {
                if (f != next || inputFrom[0] != at[0] || outputFrom[0] != at[1]) {
                    hand(UNTIMED, UNTIMED);
                    first = f;
                    from = new long[] {inputFrom[0], outputFrom[0]};
                }
                counts.add(count);
                steps.add(inputStep[0]);
                steps.add(outputStep[0]);
                at = new long[] {inputFrom[0] + count * inputStep[0], outputFrom[0] + count * outputStep[0]};
                next = f + count;
                if (start != UNTIMED) {
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
                    log.span(ListedSpan.ofRuns(first, runCounts, runSteps, start, end, 1, from));
                } else {
                    log.runs(first, counts.size(), runCounts, runSteps, start, end, new long[] {from[0]}, new long[] {from[1]});
                }
                counts.clear();
                steps.clear();
            }
        };
    }
}
