package io.sluice.provenance;

import java.util.concurrent.locks.ReentrantLock;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * The one appender of a run's firing log, shared by the {@link ActorLog}s of every actor's
 * thread: excerpts are appended one at a time, under a lock.
 *
 * <p>One appender rather than one per actor because Chronicle's appenders of one queue contend
 * for the queue's write lock, by spinning, and an appender whose queue another one wrote to must
 * find the queue's end again before it writes. With one appender per actor that was half the
 * time of the firing log's appends on the filter workflow, whose three actors append a batch
 * each every few hundred firings (async-profiler). Under the lock here, Chronicle's write lock
 * is never contended and the appender always knows where the queue ends.
 *
 * <p>Thread-safe. The recorder that made it closes it, after the last append.
 */
final class FiringLogAppender implements AutoCloseable {
    private final ReentrantLock lock = new ReentrantLock();
    private final ExcerptAppender appender;
    /** The thread that appended last: Chronicle's appender checks that one thread uses it, unless told otherwise. */
    private Thread owner;

    FiringLogAppender(SingleChronicleQueue queue) {
        this.appender = queue.createAppender();
        this.owner = Thread.currentThread();
    }

    /** As {@link #append(byte[], int, byte[], int)}, for an excerpt in one piece: {@code bytes[0, size)}. */
    long append(byte[] bytes, int size) {
        return append(bytes, size, bytes, 0);
    }

    /**
     * Appends {@code first[0, firstSize)} followed by {@code second[0, secondSize)} as one excerpt.
     *
     * @return the excerpt's index in the queue
     * @throws RuntimeException Chronicle's, if it cannot be written (a full disk, say)
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
            try (DocumentContext dc = appender.writingDocument()) {
                dc.wire().bytes().write(first, 0, firstSize);
                dc.wire().bytes().write(second, 0, secondSize);
            }
            return appender.lastIndexAppended();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close() {
        lock.lock();
        try {
            appender.singleThreadedCheckReset();
            appender.close();
        } finally {
            lock.unlock();
        }
    }
}
