package io.sluice.provenance;

import static io.sluice.run.FiringSpan.UNTIMED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.run.FiringSpan;
import io.sluice.run.FiringRecord;
import io.sluice.run.PortRange;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Batches of the firing log as bytes: what a run of firings reads back as, and damage that must be reported. */
class FiringBatchTest {
    private static final FiringBatch.Ports PORTS = new FiringBatch.Ports("f", List.of("in"), List.of("a"), List.of("out"),
            List.of("b"));
    private static final long RUN_START = 1_000_000;

    @Test
    void aTimedRunReadsBackAsOneFiringPerTokenRangeAllWithinItsInterval() {
        Varints v = batch(7, 3, new long[] {10, 20});
        record(v, FiringBatch.TIMED | FiringBatch.REPEATED, 3, 500, 40, 1, 2);
        List<FiringRecord> read = FiringBatch.readRecords(reading(v), header(v), RunFile.FORMAT, PORTS, RUN_START);
        assertThat(read).containsExactly(
                new FiringRecord("f", 7, RUN_START + 500, RUN_START + 540, List.of(range("in", "a", 10, 11)),
                        List.of(range("out", "b", 20, 22))),
                new FiringRecord("f", 8, RUN_START + 500, RUN_START + 540, List.of(range("in", "a", 11, 12)),
                        List.of(range("out", "b", 22, 24))),
                new FiringRecord("f", 9, RUN_START + 500, RUN_START + 540, List.of(range("in", "a", 12, 13)),
                        List.of(range("out", "b", 24, 26))));
    }

    @Test
    void aTimedRunCutByARestartKeepsItsIntervalWithNoDurationForTheFiringsBeforeTheCut() throws Exception {
        Varints v = batch(0, 10, new long[] {0, 0});
        record(v, FiringBatch.TIMED | FiringBatch.REPEATED, 10, 500, 40, 1, 1);
        long[] handed = new long[4];
        AlikeFiringsLog sink = new AlikeFiringsLog() {
            @Override
            public void firing(long firing, long start, long end, long[] a, long[] b, long[] c, long[] d) {
                throw new AssertionError("a run is handed over as a run");
            }

            @Override
            public void firings(long first, long count, long start, long end, long[] inFrom, long[] inStep, long[] outFrom,
                    long[] outStep) {
                handed[0] = first;
                handed[1] = count;
                handed[2] = start;
                handed[3] = end;
            }
        };
        FiringBatch.Walk walk = new FiringBatch.Walk(2);
        FiringBatch.walk(reading(v), header(v), RunFile.FORMAT, 1, RUN_START, 4, walk, sink);
        assertThat(handed).containsExactly(0, 4, RUN_START + 500, RUN_START + 500);
        assertThat(walk.firings).isEqualTo(4);
        assertThat(walk.tokensIn).isEqualTo(4);
        assertThat(walk.firstMoved).containsExactly(0, 0);
    }

    @Test
    void aRepeatedRecordInAStoreOfFormat2IsDamage() {
        Varints repeated = batch(5, 2, new long[] {0, 0});
        record(repeated, FiringBatch.REPEATED, 2, 0, 0, 1, 1);
        assertThatThrownBy(() -> FiringBatch.readRecords(reading(repeated), header(repeated), 2, PORTS, RUN_START))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("the record of firing 5 has flags 4");
        assertThat(FiringBatch.readRecords(reading(repeated), header(repeated), 3, PORTS, RUN_START)).hasSize(2);
    }

    @Test
    void aHeaderClaimingMoreFiringsThanABatchOfItsFormatHoldsIsDamage() {
        Varints v = batch(0, FiringBatch.MAX_FIRINGS + 1, new long[] {0, 0});
        assertThatThrownBy(() -> header(v)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(FiringBatch.MAX_FIRINGS + 1 + " firings");

        Varints beyondFormat3 = batch(0, 4097, new long[] {0, 0});
        assertThatThrownBy(() -> FiringBatch.readHeader(Varints.reading(beyondFormat3.array(), beyondFormat3.size()), 3))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("4097 firings (a batch holds at most 4096)");
        assertThat(header(beyondFormat3).count()).isEqualTo(4097);
    }

    @Test
    void aRecordMovingANegativeNumberOfTokensOrClaimingMoreFiringsThanItsBatchIsDamage() {
        Varints negative = batch(5, 1, new long[] {0, 0});
        record(negative, 0, 1, 0, 0, -3, 1);
        assertThatThrownBy(() -> FiringBatch.readRecords(reading(negative), header(negative), RunFile.FORMAT, PORTS, RUN_START))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("firing 5 moves -3 tokens on port 0");

        Varints tooMany = batch(5, 2, new long[] {0, 0});
        record(tooMany, FiringBatch.REPEATED, 3, 0, 0, 1, 1);
        assertThatThrownBy(() -> FiringBatch.readRecords(reading(tooMany), header(tooMany), RunFile.FORMAT, PORTS, RUN_START))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("claims 3 firings");
    }

    @Test
    void aTimedSpanReadsBackAsEachFiringWithWhatItsPiecesSayWithinTheSpansInterval() {
        // Firings 7 to 10 each take a token; firing 8 puts one, firing 10 two.
        Varints v = batch(7, 4, new long[] {10, 20});
        span(v, FiringBatch.TIMED, 4, 500, 40, new long[][] {{0, 4, 1}}, new long[][] {{1, 1, 1}, {1, 1, 2}});
        List<FiringRecord> read = FiringBatch.readRecords(reading(v), header(v), RunFile.FORMAT, PORTS, RUN_START);
        long start = RUN_START + 500;
        long end = RUN_START + 540;
        assertThat(read).containsExactly(
                new FiringRecord("f", 7, start, end, List.of(range("in", "a", 10, 11)), List.of()),
                new FiringRecord("f", 8, start, end, List.of(range("in", "a", 11, 12)), List.of(range("out", "b", 20, 21))),
                new FiringRecord("f", 9, start, end, List.of(range("in", "a", 12, 13)), List.of()),
                new FiringRecord("f", 10, start, end, List.of(range("in", "a", 13, 14)), List.of(range("out", "b", 21, 23))));
        assertThat(FiringBatch.firingMoving(reading(v), header(v), RunFile.FORMAT, PORTS, RUN_START, 1, 22, 0))
                .isEqualTo(read.get(3));
        assertThat(FiringBatch.firing(reading(v), header(v), RunFile.FORMAT, PORTS, RUN_START, 9)).isEqualTo(read.get(2));
    }

    @Test
    void aSpanCutByARestartHandsOverTheRunsBeforeTheCutTheLastWithTheSpansIntervalButNoDuration() throws Exception {
        Varints v = batch(0, 6, new long[] {0, 0});
        span(v, FiringBatch.TIMED, 6, 500, 40, new long[][] {{0, 6, 1}}, new long[][] {{2, 1, 1}});
        List<String> handed = new java.util.ArrayList<>();
        AlikeFiringsLog sink = new AlikeFiringsLog() {
            @Override
            public void firing(long firing, long start, long end, long[] inFrom, long[] inTo, long[] outFrom, long[] outTo) {
                handed.add(firing + ": " + inFrom[0] + "-" + inTo[0] + ", " + outFrom[0] + "-" + outTo[0]
                        + (start == UNTIMED ? "" : " timed"));
            }
        };
        FiringBatch.Walk walk = new FiringBatch.Walk(2);
        FiringBatch.walk(reading(v), header(v), RunFile.FORMAT, 1, RUN_START, 4, walk, sink);
        assertThat(handed).containsExactly("0: 0-1, 0-0", "1: 1-2, 0-0", "2: 2-3, 0-1", "3: 3-4, 1-1 timed");
        assertThat(walk.firings).isEqualTo(4);
        assertThat(walk.tokensOut).isEqualTo(1);
        assertThat(walk.firstMoved).containsExactly(0, 0);
        assertThat(walk.firstMovedBy).containsExactly(0, 2);
    }

    @Test
    void aSpanInAStoreOfAFormatBeforeSpansOrWithAPieceOutsideItIsDamaged() {
        Varints v = batch(0, 2, new long[] {0, 0});
        span(v, FiringBatch.TIMED, 2, 500, 40, new long[][] {{0, 2, 1}}, new long[][] {});
        assertThatThrownBy(() -> FiringBatch.readRecords(reading(v), header(v), 5, PORTS, RUN_START))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("has flags 9");

        Varints beyond = batch(0, 2, new long[] {0, 0});
        span(beyond, 0, 2, 0, 0, new long[][] {{0, 2, 1}}, new long[][] {{1, 2, 1}});
        assertThatThrownBy(() -> FiringBatch.readRecords(reading(beyond), header(beyond), RunFile.FORMAT, PORTS, RUN_START))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("the span record of firings 0 to 1 gives port 1 a piece 1 firings after the one before, of 2");

        Varints overflowing = batch(5, 2, new long[] {0, 0});
        span(overflowing, 0, 2, 0, 0, new long[][] {{0, 1, 1}, {0, Long.MAX_VALUE, 1}}, new long[][] {});
        assertThatThrownBy(() -> FiringBatch.readRecords(reading(overflowing), header(overflowing), RunFile.FORMAT, PORTS,
                RUN_START)).isInstanceOf(IllegalStateException.class).hasMessageContaining("gives port 0 a piece 0 firings after");

        Varints tooLong = batch(0, 2, new long[] {0, 0});
        span(tooLong, 0, 3, 0, 0, new long[][] {}, new long[][] {});
        assertThatThrownBy(() -> FiringBatch.readRecords(reading(tooLong), header(tooLong), RunFile.FORMAT, PORTS, RUN_START))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("claims 3 firings");
    }

    private static Varints batch(long firstFiring, int count, long[] positions) {
        Varints v = new Varints(64);
        FiringBatch.writeHeader(v, 0, firstFiring, count, positions);
        return v;
    }

    /** A record (never jumped); {@code count} is written only for a repeated one, times only for a timed one. */
    private static void record(Varints v, int flags, long count, long startAfterRun, long duration, long inMoved, long outMoved) {
        v.writeLong(flags);
        if ((flags & FiringBatch.REPEATED) != 0) {
            v.writeLong(count);
        }
        if ((flags & FiringBatch.TIMED) != 0) {
            v.writeSigned(startAfterRun);
            v.writeLong(duration);
        }
        v.writeLong(inMoved);
        v.writeLong(outMoved);
    }

    /** A span record (never jumped): per port, its pieces as {firings before it since the last, its firings, step}. */
    private static void span(Varints v, int flags, long count, long startAfterRun, long duration, long[][] inputPieces,
            long[][] outputPieces) {
        v.writeLong(flags | FiringBatch.SPAN);
        v.writeLong(count);
        if ((flags & FiringBatch.TIMED) != 0) {
            v.writeSigned(startAfterRun);
            v.writeLong(duration);
        }
        for (long[][] port : new long[][][] {inputPieces, outputPieces}) {
            v.writeLong(port.length);
            for (long[] piece : port) {
                for (long x : piece) {
                    v.writeLong(x);
                }
            }
        }
    }

    private static Varints reading(Varints written) {
        Varints in = Varints.reading(written.array(), written.size());
        FiringBatch.readHeader(in, RunFile.FORMAT);
        return in;
    }

    private static FiringBatch.Header header(Varints written) {
        return FiringBatch.readHeader(Varints.reading(written.array(), written.size()), RunFile.FORMAT);
    }

    private static PortRange range(String port, String channel, long from, long to) {
        return new PortRange(port, channel, from, to);
    }
}
