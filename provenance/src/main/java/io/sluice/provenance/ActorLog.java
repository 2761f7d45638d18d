package io.sluice.provenance;

import io.sluice.run.FiringRecord;
import io.sluice.run.PortRange;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * The firing records of one actor on their way to the store: encoded into a batch on the heap,
 * appended to the firing log as one excerpt when the batch is full, a second old, or the actor
 * ends, with the index entries of the batch and of each range. Used by the thread that runs the
 * actor, and at the end of the run by the thread that ends it.
 */
final class ActorLog implements AutoCloseable {
    static final int MAX_RECORDS = 256;
    static final int MAX_BYTES = 64 << 10;
    static final long MAX_AGE_NANOS = 1_000_000_000L;

    private final int actor;
    private final FiringBatch.Ports ports;
    private final long runStartNanos;
    private final ExcerptAppender appender;
    private final IndexFile batches;
    /** Per input port: the index of the channel's reader this port is; per output port: the channel's producer index. */
    private final IndexFile[] consumed;
    private final IndexFile[] produced;
    private final Varints records = new Varints(4096);
    private final Varints excerpt = new Varints(4096);
    private long firstFiring = -1;
    private int count;
    private long previousStart;
    private long batchStartedNanos;
    private long firings;
    private long tokensIn;
    private long tokensOut;
    private long busyNanos;

    ActorLog(int actor, FiringBatch.Ports ports, long runStartNanos, SingleChronicleQueue queue, IndexFile batches,
            IndexFile[] consumed, IndexFile[] produced) {
        this.actor = actor;
        this.ports = ports;
        this.runStartNanos = runStartNanos;
        this.appender = queue.createAppender();
        this.batches = batches;
        this.consumed = consumed;
        this.produced = produced;
    }

    void add(FiringRecord r) {
        if (count == 0) {
            firstFiring = r.firing();
            previousStart = runStartNanos;
            batchStartedNanos = System.nanoTime();
        } else if (r.firing() != firstFiring + count) {
            // Firings are recorded in order; a gap starts a new batch so that numbers stay consecutive.
            flush();
            add(r);
            return;
        }
        FiringBatch.writeRecord(records, ports, r, previousStart);
        previousStart = r.startEpochNanos();
        count++;
        for (PortRange range : r.consumed()) {
            IndexFile index = consumed[ports.inputs().indexOf(range.port())];
            if (index != null) {
                index.append(range.fromSeq(), r.firing());
            }
            tokensIn += range.count();
        }
        for (PortRange range : r.produced()) {
            IndexFile index = produced[ports.outputs().indexOf(range.port())];
            if (index != null) {
                index.append(range.fromSeq(), r.firing());
            }
            tokensOut += range.count();
        }
        firings++;
        busyNanos += Math.max(0, r.endEpochNanos() - r.startEpochNanos());
        if (count >= MAX_RECORDS || records.size() >= MAX_BYTES || System.nanoTime() - batchStartedNanos > MAX_AGE_NANOS) {
            flush();
        }
    }

    /** Appends the batch, if any. Index entries reach their files when their buffers fill, and at {@link #close}. */
    void flush() {
        if (count > 0) {
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
    }

    RunFile.ActorTotals totals() {
        return new RunFile.ActorTotals(ports.actor(), firings, tokensIn, tokensOut, busyNanos);
    }

    /** Appends the last batch; the recorder closes the index files, which channels' readers and writers share. */
    @Override
    public void close() {
        try {
            flush();
        } finally {
            appender.close();
        }
    }
}
