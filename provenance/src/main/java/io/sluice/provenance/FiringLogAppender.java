package io.sluice.provenance;

import io.sluice.channel.local.internal.QueueFileSpace;
import java.util.concurrent.locks.ReentrantLock;
import java.util.zip.CRC32C;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * The one appender of a run's firing log, shared by the {@link ActorLog}s of every actor's
 * thread: excerpts are appended one at a time, under a lock.
 *
 * <p>One appender rather than one per actor because Chronicle's appenders of one queue contend
 * for the queue's write lock, by spinning, and an appender whose queue another one wrote to must
 * find the queue's end again before it writes (docs/provenance.md has what that cost). Under the
 * lock here, Chronicle's write lock is never contended and the appender always knows where the
 * queue ends.
 *
 * <p><b>A full disk</b> is an error before anything is written: the room for each excerpt is
 * allocated first ({@link QueueFileSpace}), since Chronicle writes through a memory map, where a
 * full disk would be a fault that loses the write. The batches appended before stay readable.
 *
 * <p><b>Checksums.</b> Each excerpt ends with its trailer ({@link BatchTrailer}): its place in the
 * log and a CRC-32C over it, which every reader verifies.
 *
 * <p>Thread-safe. The recorder that made it closes it, after the last append.
 */
final class FiringLogAppender implements AutoCloseable {
    private final ReentrantLock lock = new ReentrantLock();
    private final SingleChronicleQueue queue;
    private final ExcerptAppender appender;
    private final QueueFileSpace space;
    /** The largest excerpt Chronicle takes: a quarter of the queue's block, which one excerpt may overlap. */
    private final long maxExcerpt;
    /** The cycle of the file appended to last, or -1: a new file is checked for room before Chronicle creates it. */
    private int lastCycle = -1;
    /** Set once a write through the memory map failed: what Chronicle wrote since is unknown, so nothing more is. */
    private ProvenanceException broken;
    /** The thread that appended last: Chronicle's appender checks that one thread uses it, unless told otherwise. */
    private Thread owner;
    private final CRC32C crc = new CRC32C();
    private final byte[] trailer = new byte[BatchTrailer.SIZE];
    /** How many excerpts were appended: the next one's ordinal. */
    private long appended;

    FiringLogAppender(SingleChronicleQueue queue) {
        this.queue = queue;
        this.appender = queue.createAppender();
        this.space = QueueFileSpace.of(queue);
        this.maxExcerpt = queue.overlapSize();
        this.owner = Thread.currentThread();
    }

    /** As {@link #append(byte[], int, byte[], int)}, for an excerpt in one piece: {@code bytes[0, size)}. */
    long append(byte[] bytes, int size) {
        return append(bytes, size, bytes, 0);
    }

    /**
     * Appends {@code first[0, firstSize)} followed by {@code second[0, secondSize)}, a batch, as one
     * excerpt, with its trailer.
     *
     * @return the excerpt's index in the queue
     * @throws ProvenanceException naming the file if the disk is full (nothing of the excerpt is
     *     written), if the excerpt is larger than the queue's blocks allow (the recorder sizes them
     *     for the largest batch its logs make), or if a write failed before
     * @throws RuntimeException Chronicle's, if it cannot be written otherwise
     */
    long append(byte[] first, int firstSize, byte[] second, int secondSize) {
        lock.lock();
        try {
            Thread current = Thread.currentThread();
            if (owner != current) {
                // Handing the appender over is safe: the lock orders this thread's use after the last one's.
                appender.singleThreadedCheckReset();
                owner = current;
            }
            if (broken != null) {
                throw new ProvenanceException("an earlier batch of the firing log could not be written: " + broken.getMessage(),
                        broken);
            }
            long size = (long) firstSize + secondSize + BatchTrailer.SIZE;
            if (size > maxExcerpt) {
                throw new ProvenanceException(queue.file() + ": a batch of " + size
                        + " bytes does not fit in the firing log, whose excerpts hold at most " + maxExcerpt + " bytes; it was not written");
            }
            BatchTrailer.fill(crc, first, firstSize, second, secondSize, appended, trailer);
            int cycle = queue.cycle();
            if (cycle != lastCycle) {
                space.checkRoomForNewFile(cycle);
            }
            try (DocumentContext dc = appender.writingDocument()) {
                try {
                    Bytes<?> out = dc.wire().bytes();
                    space.reserve(appender.cycle(), out.writePosition(), size);
                    out.write(first, 0, firstSize);
                    out.write(second, 0, secondSize);
                    out.write(trailer, 0, BatchTrailer.SIZE);
                } catch (RuntimeException | Error e) {
                    dc.rollbackOnClose();
                    throw e;
                }
            }
            lastCycle = appender.cycle();
            appended++;
            return appender.lastIndexAppended();
        } catch (QueueFileSpace.NoRoomException e) {
            throw new ProvenanceException(e.file() + ": " + e.getMessage() + "; a batch of the firing log was not written",
                    e.getCause());
        } catch (InternalError e) {
            // A backstop: a faulting write through the memory map, if the JVM reports it here.
            broken = new ProvenanceException(queue.file() + ": the firing log's memory-mapped file could not be written ("
                    + e.getMessage() + "); the disk is full, or its file system failed", e);
            throw broken;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close() {
        lock.lock();
        try {
            appender.singleThreadedCheckReset();
            try {
                appender.close();
            } finally {
                space.close();
            }
        } finally {
            lock.unlock();
        }
    }
}
