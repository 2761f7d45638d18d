package io.sluice.provenance;

import io.sluice.run.FiringRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The batches of one work directory's firing log ({@link FiringBatch}), read checked and decoded:
 * the batch an index names ({@link #read}), or every batch in log order ({@link #scan}). The log
 * is opened when first read, so that a question answered from the indexes and the run's files
 * opens no queue. The last batch read stays in the log's buffer and is not read again while it is
 * asked for: a lineage reads the same batch again and again.
 *
 * <p><b>Failure.</b> A batch that fails its check ({@link FiringLogReader}), cannot be decoded, or
 * is not the batch its index says raises a {@link ProvenanceException} naming the file, the batch
 * and its Chronicle index; the buffer then holds no batch.
 *
 * <p><b>Threading.</b> Used by one thread at a time, that of its store, which closes it; closing
 * closes the log.
 */
final class FiringLogBatches implements AutoCloseable {
    private final Path firings;
    private final RunFile run;
    /** Per actor, by number, the names of its ports and their channels. */
    private final List<FiringBatch.Ports> ports;
    private FiringLogReader log;
    /** The Chronicle index of the batch in the log's buffer, or -1; and its size. */
    private long bufferedIndex = -1;
    private int bufferedSize;

    /**
     * @param firings the firing log's directory ({@link StoreLayout#firings()})
     * @param run the run whose log it is: its format, start and actors
     * @param ports per actor, by number, its ports
     */
    FiringLogBatches(Path firings, RunFile run, List<FiringBatch.Ports> ports) {
        this.firings = firings;
        this.run = run;
        this.ports = ports;
    }

    /** Reads what it wants of a batch, after its header; the ports are its actor's. */
    interface BatchReader<T> {
        T read(Varints in, FiringBatch.Header h, FiringBatch.Ports ports);
    }

    /**
     * Reads the batch at {@code chronicleIndex}, which the index of {@code actor}'s batches names
     * as its batch from {@code firstFiring}, with {@code reader}; the batch is read from the log
     * unless it is the one in the buffer.
     *
     * @throws ProvenanceException naming the file and the batch if it is damaged, or not the one expected
     */
    <T> T read(int actor, long firstFiring, long chronicleIndex, BatchReader<T> reader) {
        int size = load(actor, firstFiring, chronicleIndex);
        return decode(log().buffer(), size, chronicleIndex, actor, firstFiring, reader);
    }

    /** Calls {@code action} with the records of the batch {@link #read} reads, one per firing, in order. */
    void forEachRecord(int actor, long firstFiring, long chronicleIndex, Consumer<FiringRecord> action) {
        read(actor, firstFiring, chronicleIndex, this::records).forEach(action);
    }

    /** Hands every batch of the firing log, in log order, to {@code visitor}, each checked ({@link FiringLogReader#scan}). */
    void scan(IndexRebuild.BatchVisitor visitor) {
        List<Long> emptiedBefore = new ArrayList<>();
        log().scan((index, bytes, size) -> decode(bytes, size, index, -1, -1, (in, h, p) -> {
            emptiedBefore.clear();
            visitor.visit(h.actor(), index, FiringBatch.readRecords(in, h, run.format(), p, run.startNanos(), emptiedBefore::add),
                    emptiedBefore);
            return null;
        }));
    }

    /** The firing log, opened now if it was not yet. */
    private FiringLogReader log() {
        if (log == null) {
            log = FiringLogReader.open(firings, false, run.format());
        }
        return log;
    }

    /** The records of a batch, one per firing, read after its header. */
    private List<FiringRecord> records(Varints in, FiringBatch.Header h, FiringBatch.Ports ports) {
        return FiringBatch.readRecords(in, h, run.format(), ports, run.startNanos());
    }

    /**
     * Reads the batch at {@code chronicleIndex}, which the index of {@code actor}'s batches names
     * as its batch from {@code firstFiring}, into the log's buffer, checked, unless it is there
     * already; returns its size.
     */
    private int load(int actor, long firstFiring, long chronicleIndex) {
        if (chronicleIndex == bufferedIndex) {
            return bufferedSize;
        }
        bufferedIndex = -1;
        bufferedSize = log().read(chronicleIndex, () -> batchName(actor, firstFiring));
        bufferedIndex = chronicleIndex;
        return bufferedSize;
    }

    private String batchName(int actor, long firstFiring) {
        return "the batch of actor '" + run.workflow().actors().get(actor).name() + "' from firing " + firstFiring;
    }

    /**
     * Reads the batch {@code bytes[0, size)} with {@code reader}.
     *
     * @param expectedActor the actor it must belong to, or -1 for any
     * @param expectedFirst the first firing it must hold, or -1 for any
     * @throws ProvenanceException naming the file and the batch if it is damaged, or not the one expected
     */
    private <T> T decode(byte[] bytes, int size, long chronicleIndex, int expectedActor, long expectedFirst, BatchReader<T> reader) {
        try {
            Varints in = Varints.reading(bytes, size);
            FiringBatch.Header h = FiringBatch.readHeader(in, run.format());
            int actor = h.actor();
            if (actor < 0 || actor >= ports.size() || (expectedActor >= 0 && actor != expectedActor)) {
                throw new IllegalStateException("it holds firings of actor number " + actor);
            }
            if (expectedFirst >= 0 && h.firstFiring() != expectedFirst) {
                throw new IllegalStateException("it holds firings from " + h.firstFiring() + ", not " + expectedFirst
                        + " as the index says");
            }
            return reader.read(in, h, ports.get(actor));
        } catch (IllegalStateException | IndexOutOfBoundsException e) {
            throw new ProvenanceException(log().fileOf(chronicleIndex) + ": " + (expectedActor >= 0 ? batchName(expectedActor, expectedFirst)
                    : "the batch") + " at index " + Long.toHexString(chronicleIndex) + " is damaged: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        if (log != null) {
            log.close();
            log = null;
        }
    }
}
