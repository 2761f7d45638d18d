package io.sluice.composite.internal;

import io.sluice.composite.SeqRange;
import java.util.ArrayList;
import java.util.List;

/**
 * A run of one receiver's wanted seqs, contiguous in the receiver's channel ({@code local}) and
 * in the global seqs ({@code global}), all held by the same senders. Guarded by the
 * {@link Dispatcher}'s monitor, except {@link #data}, which the receiver's writer takes once done.
 */
final class Chunk {
    final int receiver;
    final long local;
    final long global;
    final long size;
    final int[] holders;
    /** For uniform striping: the one sender that may take it; -1 for any holder. */
    final int owner;
    final List<Attempt> attempts = new ArrayList<>(2);
    boolean done;
    List<Object> data;
    long bytes;

    Chunk(int receiver, long local, long global, long size, int[] holders, int owner) {
        this.receiver = receiver;
        this.local = local;
        this.global = global;
        this.size = size;
        this.holders = holders;
        this.owner = owner;
    }

    /** The first {@code n} seqs as a chunk; this one keeps the rest. Only for chunks no sender has taken. */
    Chunk head(long n) {
        return new Chunk(receiver, local, global, n, holders, owner);
    }

    Chunk tail(long n) {
        return new Chunk(receiver, local + n, global + n, size - n, holders, owner);
    }

    boolean heldBy(int sender) {
        if (owner >= 0) {
            return owner == sender;
        }
        for (int h : holders) {
            if (h == sender) {
                return true;
            }
        }
        return false;
    }

    /** Whether a living sender holds it. */
    boolean heldByAny(boolean[] alive) {
        for (int h : holders) {
            if (alive[h]) {
                return true;
            }
        }
        return false;
    }

    /** Its seqs in the global numbering. */
    SeqRange globalRange() {
        return new SeqRange(global, global + size);
    }

    @Override
    public String toString() {
        return "seqs " + global + "-" + (global + size - 1) + " for receiver " + receiver;
    }

    /** One sender reading a chunk. Its counters are written by the sender's thread, read by the monitor. */
    static final class Attempt {
        final Chunk chunk;
        final int sender;
        final long startedNanos = System.nanoTime();
        volatile long progress;
        volatile long progressNanos = System.nanoTime();
        volatile boolean cancelled;

        Attempt(Chunk chunk, int sender) {
            this.chunk = chunk;
            this.sender = sender;
        }
    }
}
