package io.sluice.composite.internal;

import io.sluice.composite.SeqRange;
import java.util.List;
import java.util.TreeMap;

/**
 * One receiver's chunks, by their first seq in its channel: those still to be read
 * ({@link #pending}), being read ({@link #inFlight}) and read but not yet written
 * ({@link #completed}); its write position ({@link #head}), what it wants in total and whether it
 * failed. The receiver's channel is written in seq order, so only the chunk at the head is ever
 * written next.
 *
 * <p><b>Threads.</b> Not thread-safe: guarded by the {@link Dispatcher}'s monitor.
 */
final class ReceiverQueue {
    final long total;
    long head;
    boolean writing;
    String failed;
    long written;
    long writtenBytes;
    final TreeMap<Long, Chunk> pending = new TreeMap<>();
    final TreeMap<Long, Chunk> inFlight = new TreeMap<>();
    final TreeMap<Long, Chunk> completed = new TreeMap<>();

    ReceiverQueue(long total, long head) {
        this.total = total;
        this.head = head;
        if (head > total) {
            failed = "its channel holds " + head + " tokens, more than the " + total + " it wants";
        }
    }

    /** Whether it still wants tokens and has not failed. */
    boolean open() {
        return failed == null && head < total;
    }

    /**
     * Whether it can write nothing more: the chunk at its head is neither being written, read
     * nor read already, and no living sender holds it.
     */
    boolean stuck(boolean[] alive) {
        if (writing || completed.containsKey(head) || inFlight.containsKey(head)) {
            return false;
        }
        Chunk c = pending.get(head);
        return c == null || !c.heldByAny(alive);
    }

    /** Wrote chunk {@code c}, which was at the head. */
    void wrote(Chunk c) {
        writing = false;
        head += c.size;
        written += c.size;
        writtenBytes += c.bytes;
        c.data = null;
    }

    /** Fails it: its chunks being read are cancelled, those read are dropped. */
    void fail(String reason) {
        failed = reason;
        writing = false;
        for (Chunk c : inFlight.values()) {
            c.attempts.forEach(a -> a.cancelled = true);
        }
        completed.clear();
    }

    /** Adds the global ranges of its chunks not yet read that a living sender holds to {@code wants}. */
    void unread(boolean[] alive, List<SeqRange> wants) {
        for (TreeMap<Long, Chunk> m : List.of(pending, inFlight)) {
            for (Chunk c : m.values()) {
                if (c.heldByAny(alive)) {
                    wants.add(c.globalRange());
                }
            }
        }
    }

    /** Adds the global ranges of its chunks not written to {@code notWritten}, and those no living sender holds to {@code unavailable}. */
    void unwritten(boolean[] alive, List<SeqRange> notWritten, List<SeqRange> unavailable) {
        for (TreeMap<Long, Chunk> m : List.of(pending, inFlight, completed)) {
            for (Chunk c : m.tailMap(head).values()) {
                notWritten.add(c.globalRange());
                if (!c.heldByAny(alive)) {
                    unavailable.add(c.globalRange());
                }
            }
        }
    }
}
