package io.sluice.provenance;

import static io.sluice.run.FiringSpan.UNTIMED;

import io.sluice.run.FiringSpan;
import java.util.Arrays;

/**
 * The firing log of one actor ({@link AlikeFiringsLog}): records are encoded into a batch on the heap
 * ({@link FiringBatch}), which is appended to the firing log as one excerpt when it is full, when
 * a firing ends more than a second after the batch's first one started (an actor blocked inside a
 * firing keeps its batch until then), or when the actor ends. A batch ends on a timed record
 * unless the actor ends or far too many untimed ones come in a row. A run of alike firings
 * ({@link #firings}) is one record, and so is a span ({@link #span}), which keeps each port's
 * pieces as they are. Each port's first range in a batch also gets an entry in its
 * channel's index. Used by the thread that runs the actor, and at the end of the run by the
 * thread that ends it.
 */
final class ActorLog implements AlikeFiringsLog, AutoCloseable {
    static final int MAX_RECORDS = 1024;
    static final int MAX_BYTES = 32 << 10;
    /**
     * Records of a batch without a timed firing to end it that make it due anyway (see
     * {@link #flushIfDue}): with a header and one more record, a batch of an actor with up to a
     * few hundred ports then fits in the firing log's smallest blocks
     * ({@link ProvenanceRecorder#firingLogBlockSize}).
     */
    static final int UNTIMED_MAX_BYTES = 56 << 10;
    static final long MAX_AGE_NANOS = 1_000_000_000L;

    private final int actor;
    private final String name;
    private final long runStartNanos;
    private final FiringLogAppender appender;
    private final IndexPairs batches;
    /** The firings before which the actor's state was declared empty. */
    private final IndexPairs emptied;
    /** Per input port, the index of the channel reader it is; per output port, the channel's producer index (null if none). */
    private final IndexPairs[] consumed;
    private final IndexPairs[] produced;
    /** Per port: whether the batch being built has its index entry yet. */
    private final boolean[] consumedIndexed;
    private final boolean[] producedIndexed;
    private final Varints records = new Varints(4096);
    private final Varints excerpt = new Varints(64);
    /** The most bytes one record can take: flags, positions if jumped, start and duration, a count per port. */
    private final int maxRecordBytes;
    /** Per port (inputs, then outputs): where it is after the last record, and where it was before the batch's first. */
    private final long[] position;
    private final long[] firstPosition;
    /** Per input and output port, what the firing being logged by {@link #firing} or {@link #span} moved. */
    private final long[] inputMoved;
    private final long[] outputMoved;
    /** Per input and output port, where the span being logged by {@link #span} starts. */
    private final long[] spanInputFrom;
    private final long[] spanOutputFrom;
    private long firstFiring = -1;
    /** The firing after the last one logged. */
    private long nextFiring;
    /** Whether the next record's first firing starts with the actor's state declared empty ({@link #stateEmptied}). */
    private boolean emptiedBeforeNext;
    /** The firings in the batch, and the records they take. */
    private int count;
    private int recordCount;
    private long previousStart;
    /** When the batch's first timed firing started (epoch nanoseconds), or {@code UNTIMED}. */
    private long batchStarted;
    private long firings;
    private long tokensIn;
    private long tokensOut;
    private long busyNanos;
    /** The first append of this log that failed, or null: firings given with it may be missing. */
    private RuntimeException failedAppend;

    ActorLog(int actor, String name, long runStartNanos, FiringLogAppender appender, IndexPairs batches, IndexPairs emptied,
            IndexPairs[] consumed, IndexPairs[] produced) {
        this.actor = actor;
        this.name = name;
        this.runStartNanos = runStartNanos;
        this.appender = appender;
        this.batches = batches;
        this.emptied = emptied;
        this.consumed = consumed;
        this.produced = produced;
        this.consumedIndexed = new boolean[consumed.length];
        this.producedIndexed = new boolean[produced.length];
        this.position = new long[consumed.length + produced.length];
        this.firstPosition = new long[position.length];
        this.maxRecordBytes = maxRecordBytes(position.length);
        this.inputMoved = new long[consumed.length];
        this.outputMoved = new long[produced.length];
        this.spanInputFrom = new long[consumed.length];
        this.spanOutputFrom = new long[produced.length];
    }

    /** The most bytes one record of an actor with {@code ports} ports takes: a run of firings that jumped, timed. */
    private static int maxRecordBytes(int ports) {
        return 1 + (2 * ports + 3) * Varints.MAX_VARINT;
    }

    /**
     * The most bytes one batch of an actor with {@code ports} ports takes in the firing log: its
     * header, its trailer ({@link BatchTrailer}), and records short of {@link #UNTIMED_MAX_BYTES} before the one that makes it due
     * (every record is checked against that bound before it is added, and a batch is appended as
     * soon as it reaches it). The recorder sizes the firing log's blocks by it.
     */
    static long maxBatchBytes(int ports) {
        return (3L + ports) * Varints.MAX_VARINT + UNTIMED_MAX_BYTES + maxRecordBytes(ports) + BatchTrailer.SIZE;
    }

    @Override
    public void firing(long firing, long start, long end, long[] inputFrom, long[] inputTo, long[] outputFrom, long[] outputTo) {
        for (int i = 0; i < inputMoved.length; i++) {
            inputMoved[i] = Math.max(0, inputTo[i] - inputFrom[i]);
        }
        for (int i = 0; i < outputMoved.length; i++) {
            outputMoved[i] = Math.max(0, outputTo[i] - outputFrom[i]);
        }
        firings(firing, 1, start, end, inputFrom, inputMoved, outputFrom, outputMoved);
    }

    /** Logs the run of alike firings as one record (see {@link FiringBatch}), or as several if it does not fit in a batch. */
    @Override
    public void firings(long first, long n, long start, long end, long[] inputFrom, long[] inputStep, long[] outputFrom,
            long[] outputStep) {
        if (n < 1) {
            throw new IllegalArgumentException("a run of " + n + " firings of actor '" + name + "' from " + first
                    + "; a run holds at least one");
        }
        if (negative(inputStep) || negative(outputStep)) {
            throw new IllegalArgumentException("firings " + first + " to " + (first + n - 1) + " of actor '" + name
                    + "' moved a negative number of tokens on a port: " + Arrays.toString(inputStep) + " in, "
                    + Arrays.toString(outputStep) + " out");
        }
        if (count > 0 && first != firstFiring + count) {
            // Firings are logged in order; a gap starts a new batch so that numbers in a batch stay consecutive.
            flush();
        }
        if (count == FiringBatch.MAX_FIRINGS) {
            // Only a batch whose append failed is left full: try it again before adding to it.
            flush();
        }
        if (count + n > FiringBatch.MAX_FIRINGS) {
            // Split so that no batch holds more than MAX_FIRINGS. Both parts ran within the run's
            // interval; the first gets it with no duration, so that the time is counted once.
            long head = FiringBatch.MAX_FIRINGS - count;
            firings(first, head, start, start, inputFrom, inputStep, outputFrom, outputStep);
            long[] inputAfter = advanced(inputFrom, inputStep, head);
            long[] outputAfter = advanced(outputFrom, outputStep, head);
            firings(first + head, n - head, start, end, inputAfter, inputStep, outputAfter, outputStep);
            return;
        }
        if (count == 0) {
            begin(first, inputFrom, outputFrom);
        }
        int ins = inputFrom.length;
        boolean timed = start != UNTIMED;
        boolean jumped = !continues(inputFrom, 0) || !continues(outputFrom, ins);
        // One check for room, then plain stores: this runs once per run of alike firings of every actor.
        records.room(maxRecordBytes);
        byte[] b = records.array();
        int at = records.size();
        b[at++] = (byte) ((timed ? FiringBatch.TIMED : 0) | (jumped ? FiringBatch.JUMPED : 0) | (n > 1 ? FiringBatch.REPEATED : 0)
                | emptiedBefore(first));
        if (jumped) {
            for (long p : inputFrom) {
                at = Varints.put(b, at, p);
            }
            for (long p : outputFrom) {
                at = Varints.put(b, at, p);
            }
        }
        if (n > 1) {
            at = Varints.put(b, at, n);
        }
        if (timed) {
            at = timed(b, at, start, end);
        }
        for (int i = 0; i < ins; i++) {
            long step = inputStep[i];
            at = Varints.put(b, at, step);
            position[i] = inputFrom[i] + n * step;
            if (step > 0) {
                moved(i, inputFrom[i], n * step, first);
            }
        }
        for (int i = 0; i < outputFrom.length; i++) {
            long step = outputStep[i];
            at = Varints.put(b, at, step);
            position[ins + i] = outputFrom[i] + n * step;
            if (step > 0) {
                moved(ins + i, outputFrom[i], n * step, first);
            }
        }
        records.size(at);
        count += (int) n;
        recordCount++;
        firings += n;
        nextFiring = first + n;
        flushIfDue(timed, at, end);
    }

    /**
     * Firing {@code firing}, the last one logged, declared the actor's state empty: the next
     * record is flagged so, and its first firing gets an entry in the actor's emptied index.
     *
     * @throws IllegalArgumentException if {@code firing} is not the last one logged
     */
    @Override
    public void stateEmptied(long firing) {
        if (firing != nextFiring - 1) {
            throw new IllegalArgumentException("firing " + firing + " of actor '" + name + "' declared its state empty, but the "
                    + "last firing logged is " + (nextFiring - 1));
        }
        emptiedBeforeNext = true;
    }

    /** The flag of a record starting at firing {@code first}: "state emptied before it" if declared, which is then indexed. */
    private int emptiedBefore(long first) {
        if (!emptiedBeforeNext) {
            return 0;
        }
        emptiedBeforeNext = false;
        emptied.append(first, first);
        return FiringBatch.STATE_EMPTIED;
    }

    /** Encodes a timed record's start and duration at {@code b[at]}; returns where they end. */
    private int timed(byte[] b, int at, long start, long end) {
        long busy = Math.max(0, end - start);
        at = Varints.put(b, at, Varints.zigzag(start - previousStart));
        at = Varints.put(b, at, busy);
        previousStart = start;
        busyNanos += busy;
        if (batchStarted == UNTIMED) {
            batchStarted = start;
        }
        return at;
    }

    /**
     * Appends the batch if it is due after a record that ended at {@code at}: a batch ends on a
     * timed record, whose interval its untimed ones share (FiringBatch), once half full: a director
     * times a firing at least every thousand or so, well before the batch is full.
     */
    private void flushIfDue(boolean timed, int at, long end) {
        if (timed ? recordCount >= MAX_RECORDS || at >= MAX_BYTES || count >= FiringBatch.MAX_FIRINGS / 2
                || end - batchStarted > MAX_AGE_NANOS
                : recordCount >= 4 * MAX_RECORDS || at >= UNTIMED_MAX_BYTES || count >= FiringBatch.MAX_FIRINGS) {
            flush();
        }
    }

    /**
     * Logs the runs as {@link #firings} would, one record each, in one loop: when they follow the
     * batch's firings and fit in it without a flush before the last, and every count and step is
     * valid; otherwise run by run.
     */
    @Override
    public void runs(long first, int runs, long[] counts, long[] steps, long start, long end, long[] inputFrom,
            long[] outputFrom) throws Exception {
        int ins = inputFrom.length;
        int ports = position.length;
        long total = 0;
        boolean valid = runs >= 1;
        for (int r = 0; r < runs; r++) {
            valid &= counts[r] >= 1;
            total += counts[r];
        }
        for (int k = 0; k < runs * ports; k++) {
            valid &= steps[k] >= 0;
        }
        if (!valid || count > 0 && first != firstFiring + count || count + total > FiringBatch.MAX_FIRINGS
                || recordCount + runs > 4 * MAX_RECORDS || records.size() + (long) runs * maxRecordBytes >= UNTIMED_MAX_BYTES) {
            AlikeFiringsLog.super.runs(first, runs, counts, steps, start, end, inputFrom, outputFrom);
            return;
        }
        if (count == 0) {
            begin(first, inputFrom, outputFrom);
        }
        // Whether the ports jumped since the last record, and then where they are: one pass over a few ports.
        boolean jumped = false;
        for (int i = 0; i < ins; i++) {
            jumped |= inputFrom[i] != position[i];
            position[i] = inputFrom[i];
        }
        for (int i = 0; i < outputFrom.length; i++) {
            jumped |= outputFrom[i] != position[ins + i];
            position[ins + i] = outputFrom[i];
        }
        records.room(runs * maxRecordBytes);
        byte[] b = records.array();
        int at = records.size();
        long firing = first;
        boolean timed = false;
        for (int r = 0, k = 0; r < runs; r++) {
            long n = counts[r];
            timed = r == runs - 1 && start != UNTIMED;
            b[at++] = (byte) ((timed ? FiringBatch.TIMED : 0) | (jumped ? FiringBatch.JUMPED : 0) | (n > 1 ? FiringBatch.REPEATED : 0)
                    | (r == 0 ? emptiedBefore(first) : 0));
            if (jumped) {
                for (int p = 0; p < ports; p++) {
                    at = Varints.put(b, at, position[p]);
                }
                jumped = false;
            }
            if (n > 1) {
                at = Varints.put(b, at, n);
            }
            if (timed) {
                at = timed(b, at, start, end);
            }
            for (int p = 0; p < ports; p++, k++) {
                long step = steps[k];
                at = Varints.put(b, at, step);
                if (step > 0) {
                    moved(p, position[p], n * step, firing);
                    position[p] += n * step;
                }
            }
            firing += n;
        }
        records.size(at);
        count += (int) total;
        recordCount += runs;
        firings += total;
        nextFiring = first + total;
        flushIfDue(timed, at, end);
    }

    /**
     * Logs the span as one record of its ports' pieces (see {@link FiringBatch}), without sweeping
     * them into runs: when it follows the batch's firings and fits in it; otherwise as runs, by
     * the default. A span whose firings are all alike (a source's, or a single firing) is logged
     * as a run ({@link #firings}), whose record is shorter.
     *
     * @throws IllegalArgumentException if its pieces overlap, lie outside it or move no token
     *     (nothing of it is logged then)
     */
    @Override
    public void span(FiringSpan span) throws Exception {
        long first = span.first();
        long n = span.count();
        int ports = position.length;
        long pieces = checkedPieces(span);
        if (oneRun(span)) {
            firings(first, n, span.startEpochNanos(), span.endEpochNanos(), spanInputFrom, inputMoved, spanOutputFrom,
                    outputMoved);
            return;
        }
        long bytes = 1 + (long) (ports + 3) * Varints.MAX_VARINT + (ports + 3 * pieces) * Varints.MAX_VARINT;
        if (n < 1 || count > 0 && first != firstFiring + count || count + n > FiringBatch.MAX_FIRINGS
                || recordCount + pieces + 1 > 4 * MAX_RECORDS || records.size() + bytes >= UNTIMED_MAX_BYTES) {
            AlikeFiringsLog.super.span(span);
            return;
        }
        if (count == 0) {
            begin(first, spanInputFrom, spanOutputFrom);
        }
        boolean jumped = false;
        for (int p = 0; p < ports; p++) {
            jumped |= span.from(p) != position[p];
        }
        long start = span.startEpochNanos();
        long end = span.endEpochNanos();
        boolean timed = start != UNTIMED;
        records.room((int) bytes);
        byte[] b = records.array();
        int at = records.size();
        b[at++] = (byte) (FiringBatch.SPAN | (timed ? FiringBatch.TIMED : 0) | (jumped ? FiringBatch.JUMPED : 0) | emptiedBefore(first));
        if (jumped) {
            for (int p = 0; p < ports; p++) {
                at = Varints.put(b, at, span.from(p));
            }
        }
        at = Varints.put(b, at, n);
        if (timed) {
            at = timed(b, at, start, end);
        }
        for (int p = 0; p < ports; p++) {
            int m = span.pieces(p);
            long from = span.from(p);
            at = Varints.put(b, at, m);
            long previousEnd = first;
            long moved = 0;
            for (int k = 0; k < m; k++) {
                long pieceFirst = span.pieceFirst(p, k);
                long pieceEnd = span.pieceEnd(p, k);
                long step = span.pieceStep(p, k);
                at = Varints.put(b, at, pieceFirst - previousEnd);
                at = Varints.put(b, at, pieceEnd - pieceFirst);
                at = Varints.put(b, at, step);
                previousEnd = pieceEnd;
                moved += (pieceEnd - pieceFirst) * step;
            }
            if (m > 0) {
                moved(p, from, moved, span.pieceFirst(p, 0));
            }
            position[p] = from + moved;
        }
        records.size(at);
        count += (int) n;
        recordCount += (int) pieces + 1;
        firings += n;
        nextFiring = first + n;
        flushIfDue(timed, at, end);
    }

    /**
     * Whether every port of the span moved the same number of tokens in each of its firings
     * (none, or one piece over the whole span); either way, where each port starts and what each
     * firing moved are left in {@link #spanInputFrom}, {@link #inputMoved} and their outputs'.
     */
    private boolean oneRun(FiringSpan span) {
        int ins = consumed.length;
        long first = span.first();
        long end = first + span.count();
        boolean alike = true;
        for (int p = 0; p < position.length; p++) {
            int m = span.pieces(p);
            alike &= m == 0 || m == 1 && span.pieceFirst(p, 0) == first && span.pieceEnd(p, 0) == end;
            long step = m == 1 ? span.pieceStep(p, 0) : 0;
            if (p < ins) {
                spanInputFrom[p] = span.from(p);
                inputMoved[p] = step;
            } else {
                spanOutputFrom[p - ins] = span.from(p);
                outputMoved[p - ins] = step;
            }
        }
        return alike;
    }

    /**
     * How many pieces the span's ports have in all, once checked ({@link AlikeRuns#checkPieces}):
     * each lies within the span, after the one before, and moves tokens.
     */
    private long checkedPieces(FiringSpan span) {
        if (span.inputs() != consumed.length || span.outputs() != produced.length) {
            throw new IllegalArgumentException(named(span) + " has " + span.inputs() + " inputs and " + span.outputs()
                    + " outputs; the actor has " + consumed.length + " and " + produced.length);
        }
        try {
            return AlikeRuns.checkPieces(span);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(named(span) + ": " + e.getMessage(), e);
        }
    }

    private String named(FiringSpan span) {
        return "the span of firings " + span.first() + " to " + (span.first() + span.count() - 1) + " of actor '" + name + "'";
    }

    private static boolean negative(long[] steps) {
        for (long step : steps) {
            if (step < 0) {
                return true;
            }
        }
        return false;
    }

    private static long[] advanced(long[] from, long[] step, long firings) {
        long[] out = new long[from.length];
        for (int i = 0; i < from.length; i++) {
            out[i] = from[i] + firings * step[i];
        }
        return out;
    }

    private void begin(long firing, long[] inputFrom, long[] outputFrom) {
        firstFiring = firing;
        previousStart = runStartNanos;
        batchStarted = UNTIMED;
        System.arraycopy(inputFrom, 0, position, 0, inputFrom.length);
        System.arraycopy(outputFrom, 0, position, inputFrom.length, outputFrom.length);
        System.arraycopy(position, 0, firstPosition, 0, position.length);
        Arrays.fill(consumedIndexed, false);
        Arrays.fill(producedIndexed, false);
    }

    /** Whether the ports from {@code first} on start where their previous ranges ended. */
    private boolean continues(long[] from, int first) {
        for (int i = 0; i < from.length; i++) {
            if (from[i] != position[first + i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Port {@code p} (inputs, then outputs) moved {@code tokens} tokens from {@code seq} on, the
     * first of them in firing {@code firing}: counts them, and if it is the port's first range in
     * this batch gives the port its index entry. A port's index gets one entry per batch; the
     * firing of a later seq of the batch is found by reading the batch.
     */
    private void moved(int p, long seq, long tokens, long firing) {
        int ins = consumed.length;
        boolean input = p < ins;
        IndexPairs[] indexes = input ? consumed : produced;
        boolean[] indexed = input ? consumedIndexed : producedIndexed;
        int i = input ? p : p - ins;
        if (input) {
            tokensIn += tokens;
        } else {
            tokensOut += tokens;
        }
        if (!indexed[i]) {
            if (indexes[i] != null) {
                indexes[i].append(seq, firing);
            }
            indexed[i] = true;
        }
    }

    /** Appends the batch, if any, and gives it its entry in the actor's index (the recorder writes the indexes when the run ends). */
    void flush() {
        if (count == 0) {
            return;
        }
        excerpt.clear();
        FiringBatch.writeHeader(excerpt, actor, firstFiring, count, firstPosition);
        long index;
        try {
            index = appender.append(excerpt.array(), excerpt.size(), records.array(), records.size());
        } catch (RuntimeException e) {
            // The batch is kept and tried again, but what the call that flushed it had still to log is lost.
            if (failedAppend == null) {
                failedAppend = e;
            }
            throw e;
        }
        batches.append(firstFiring, index);
        records.clear();
        count = 0;
        recordCount = 0;
    }

    /**
     * Appends a batch of an earlier run as it is (its records are relative to the same run start):
     * the firings a resumed actor skips. {@code walk} is what {@link FiringBatch#walk} found in it.
     */
    void appendCopied(byte[] batch, int size, FiringBatch.Header h, FiringBatch.Walk walk) {
        flush();
        batches.append(h.firstFiring(), appender.append(batch, size));
        for (int p = 0; p < walk.firstMoved.length; p++) {
            IndexPairs index = p < consumed.length ? consumed[p] : produced[p - consumed.length];
            if (walk.firstMoved[p] >= 0 && index != null) {
                index.append(walk.firstMoved[p], walk.firstMovedBy[p]);
            }
        }
        for (long f : walk.emptiedBefore) {
            emptied.append(f, f);
        }
        nextFiring = h.firstFiring() + walk.firings;
        firings += walk.firings;
        tokensIn += walk.tokensIn;
        tokensOut += walk.tokensOut;
        busyNanos += walk.busyNanos;
    }

    RunFile.ActorTotals totals() {
        return new RunFile.ActorTotals(name, firings, tokensIn, tokensOut, busyNanos);
    }

    /**
     * Appends the last batch; the recorder writes the indexes and closes the appender.
     *
     * @throws ProvenanceException if an append failed before, even if this one succeeds: firings
     *     given with the batch that failed may be missing, so the store must not be marked complete
     */
    @Override
    public void close() {
        flush();
        if (failedAppend != null) {
            throw new ProvenanceException("the firings of actor '" + name + "' may be missing some: a batch could not be "
                    + "appended to the firing log (" + failedAppend.getMessage() + ")", failedAppend);
        }
    }
}
