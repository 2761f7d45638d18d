package io.sluice.provenance;

import io.sluice.run.FiringLog;
import java.util.Arrays;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * The firing log of one actor ({@link FiringLog}): records are encoded into a batch on the heap,
 * which is appended to the firing log as one excerpt when it is full, when a firing ends more than
 * a second after the batch's first one started (an actor blocked inside a firing keeps its batch
 * until then), or when the actor ends; each port's first range in a batch also gets an entry in its channel's index. Used by the thread that runs the
 * actor, and at the end of the run by the thread that ends it.
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
    private long firstFiring = -1;
    private int count;
    private long previousStart;
    /** When the batch's first firing started (epoch nanoseconds). */
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
    }

    @Override
    public void firing(long firing, long start, long end, long[] inputFrom, long[] inputTo, long[] outputFrom, long[] outputTo) {
        if (count > 0 && firing != firstFiring + count) {
            // Firings are logged in order; a gap starts a new batch so that numbers in a batch stay consecutive.
            flush();
        }
        if (count == 0) {
            firstFiring = firing;
            previousStart = runStartNanos;
            batchStarted = start;
            Arrays.fill(consumedIndexed, false);
            Arrays.fill(producedIndexed, false);
        }
        FiringBatch.writeRecord(records, start, end, previousStart, inputFrom, inputTo, outputFrom, outputTo);
        previousStart = start;
        count++;
        tokensIn += index(firing, inputFrom, inputTo, consumed, consumedIndexed);
        tokensOut += index(firing, outputFrom, outputTo, produced, producedIndexed);
        firings++;
        busyNanos += Math.max(0, end - start);
        if (count >= MAX_RECORDS || records.size() >= MAX_BYTES || end - batchStarted > MAX_AGE_NANOS) {
            flush();
        }
    }

    /**
     * Gives each port that moved tokens its index entry, if it has none in this batch yet: a
     * port's index gets one entry per batch, its first range there; the firing of a later seq of
     * the batch is found by reading the batch. Returns the tokens the ports moved.
     */
    private static long index(long firing, long[] from, long[] to, IndexFile[] indexes, boolean[] indexed) {
        long tokens = 0;
        for (int i = 0; i < from.length; i++) {
            if (to[i] > from[i]) {
                if (!indexed[i] && indexes[i] != null) {
                    indexes[i].append(from[i], firing);
                    indexed[i] = true;
                }
                tokens += to[i] - from[i];
            }
        }
        return tokens;
    }

    /** Appends the batch, if any. Index entries reach their files when their buffers fill, and when the recorder closes them. */
    void flush() {
        if (count == 0) {
            return;
        }
        excerpt.clear();
        FiringBatch.writeHeader(excerpt, actor, firstFiring, count);
        try (DocumentContext dc = appender.writingDocument()) {
            dc.wire().bytes().write(excerpt.array(), 0, excerpt.size());
            dc.wire().bytes().write(records.array(), 0, records.size());
        }
        batches.append(firstFiring, appender.lastIndexAppended());
        records.clear();
        count = 0;
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
