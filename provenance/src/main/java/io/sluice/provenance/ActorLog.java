package io.sluice.provenance;

import static io.sluice.run.FiringLog.UNTIMED;

import io.sluice.run.FiringLog;
import java.util.Arrays;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * The firing log of one actor ({@link FiringLog}): records are encoded into a batch on the heap
 * ({@link FiringBatch}), which is appended to the firing log as one excerpt when it is full, when
 * a firing ends more than a second after the batch's first one started (an actor blocked inside a
 * firing keeps its batch until then), or when the actor ends. A batch ends on a timed record
 * unless the actor ends or far too many untimed ones come in a row. Each port's first range in a
 * batch also gets an entry in its channel's index. Used by the thread that runs the actor, and
 * at the end of the run by the thread that ends it.
 */
final class ActorLog implements FiringLog, AutoCloseable {
    static final int MAX_RECORDS = 256;
    static final int MAX_BYTES = 64 << 10;
    static final long MAX_AGE_NANOS = 1_000_000_000L;

    private final int actor;
    private final String name;
    private final long runStartNanos;
    private final ExcerptAppender appender;
    private final IndexFile batches;
    /** Per input port, the index of the channel reader it is; per output port, the channel's producer index (null if none). */
    private final IndexFile[] consumed;
    private final IndexFile[] produced;
    /** Per port: whether the batch being built has its index entry yet. */
    private final boolean[] consumedIndexed;
    private final boolean[] producedIndexed;
    private final Varints records = new Varints(4096);
    private final Varints excerpt = new Varints(64);
    /** Per port (inputs, then outputs): where it is after the last record, and where it was before the batch's first. */
    private final long[] position;
    private final long[] firstPosition;
    private long firstFiring = -1;
    private int count;
    private long previousStart;
    /** When the batch's first timed firing started (epoch nanoseconds), or {@code UNTIMED}. */
    private long batchStarted;
    private long firings;
    private long tokensIn;
    private long tokensOut;
    private long busyNanos;

    ActorLog(int actor, String name, long runStartNanos, SingleChronicleQueue queue, IndexFile batches, IndexFile[] consumed,
            IndexFile[] produced) {
        this.actor = actor;
        this.name = name;
        this.runStartNanos = runStartNanos;
        this.appender = queue.createAppender();
        this.batches = batches;
        this.consumed = consumed;
        this.produced = produced;
        this.consumedIndexed = new boolean[consumed.length];
        this.producedIndexed = new boolean[produced.length];
        this.position = new long[consumed.length + produced.length];
        this.firstPosition = new long[position.length];
    }

    @Override
    public void firing(long firing, long start, long end, long[] inputFrom, long[] inputTo, long[] outputFrom, long[] outputTo) {
        if (count > 0 && firing != firstFiring + count) {
            // Firings are logged in order; a gap starts a new batch so that numbers in a batch stay consecutive.
            flush();
        }
        if (count == 0) {
            begin(firing, inputFrom, outputFrom);
        }
        boolean timed = start != UNTIMED;
        boolean jumped = !continues(inputFrom, 0) || !continues(outputFrom, inputFrom.length);
        records.writeLong((timed ? FiringBatch.TIMED : 0) | (jumped ? FiringBatch.JUMPED : 0));
        if (jumped) {
            writePositions(records, inputFrom, outputFrom);
        }
        if (timed) {
            records.writeSigned(start - previousStart);
            records.writeLong(Math.max(0, end - start));
            previousStart = start;
            busyNanos += Math.max(0, end - start);
            if (batchStarted == UNTIMED) {
                batchStarted = start;
            }
        }
        tokensIn += moved(inputFrom, inputTo, 0);
        tokensOut += moved(outputFrom, outputTo, inputFrom.length);
        index(firing, inputFrom, inputTo, consumed, consumedIndexed);
        index(firing, outputFrom, outputTo, produced, producedIndexed);
        count++;
        firings++;
        // A batch ends on a timed record, whose interval its untimed ones share (FiringBatch).
        if (timed ? count >= MAX_RECORDS || records.size() >= MAX_BYTES || end - batchStarted > MAX_AGE_NANOS
                : count >= 4 * MAX_RECORDS || records.size() >= 4 * MAX_BYTES) {
            flush();
        }
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

    private static void writePositions(Varints out, long[] inputs, long[] outputs) {
        for (long p : inputs) {
            out.writeLong(p);
        }
        for (long p : outputs) {
            out.writeLong(p);
        }
    }

    /** Writes the tokens each port moved, and moves the ports' positions past them; returns their sum. */
    private long moved(long[] from, long[] to, int first) {
        long sum = 0;
        for (int i = 0; i < from.length; i++) {
            long n = Math.max(0, to[i] - from[i]);
            records.writeLong(n);
            position[first + i] = from[i] + n;
            sum += n;
        }
        return sum;
    }

    /**
     * Gives each port that moved tokens its index entry, if it has none in this batch yet: a
     * port's index gets one entry per batch, its first range there; the firing of a later seq of
     * the batch is found by reading the batch.
     */
    private static void index(long firing, long[] from, long[] to, IndexFile[] indexes, boolean[] indexed) {
        for (int i = 0; i < from.length; i++) {
            if (to[i] > from[i] && !indexed[i] && indexes[i] != null) {
                indexes[i].append(from[i], firing);
                indexed[i] = true;
            }
        }
    }

    /** Appends the batch, if any. Index entries reach their files when their buffers fill, and when the recorder closes them. */
    void flush() {
        if (count == 0) {
            return;
        }
        excerpt.clear();
        FiringBatch.writeHeader(excerpt, actor, firstFiring, count, firstPosition);
        try (DocumentContext dc = appender.writingDocument()) {
            dc.wire().bytes().write(excerpt.array(), 0, excerpt.size());
            dc.wire().bytes().write(records.array(), 0, records.size());
        }
        batches.append(firstFiring, appender.lastIndexAppended());
        records.clear();
        count = 0;
    }

    /**
     * Appends a batch of an earlier run as it is (its records are relative to the same run start):
     * the firings a resumed actor skips. {@code walk} is what {@link FiringBatch#walk} found in it.
     */
    void appendCopied(byte[] batch, int size, FiringBatch.Header h, FiringBatch.Walk walk) {
        flush();
        try (DocumentContext dc = appender.writingDocument()) {
            dc.wire().bytes().write(batch, 0, size);
        }
        batches.append(h.firstFiring(), appender.lastIndexAppended());
        for (int p = 0; p < walk.firstMoved.length; p++) {
            IndexFile index = p < consumed.length ? consumed[p] : produced[p - consumed.length];
            if (walk.firstMoved[p] >= 0 && index != null) {
                index.append(walk.firstMoved[p], walk.firstMovedBy[p]);
            }
        }
        firings += h.count();
        tokensIn += walk.tokensIn;
        tokensOut += walk.tokensOut;
        busyNanos += walk.busyNanos;
    }

    RunFile.ActorTotals totals() {
        return new RunFile.ActorTotals(name, firings, tokensIn, tokensOut, busyNanos);
    }

    /** Appends the last batch; the recorder closes the index files. */
    @Override
    public void close() {
        try {
            flush();
        } finally {
            appender.close();
        }
    }
}
