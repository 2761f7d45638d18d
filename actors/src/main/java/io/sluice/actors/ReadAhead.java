package io.sluice.actors;

import io.sluice.actor.FiringContext;
import io.sluice.actor.OutputPort;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * What a reader actor that puts one item of a file per firing ({@link LineReader},
 * {@link CsvReader}) keeps between firings: the next item, read one ahead so that the firing
 * that puts the last one finishes; how many it has put, which is its snapshot (eight bytes); and
 * its firing limit. Used by the actor's thread only.
 *
 * @param <T> the items
 */
final class ReadAhead<T> {
    /** Reads the next item of the file, or null at its end. */
    interface Items<T> {
        T next() throws IOException;
    }

    /** Opens the file again, as the actor's initialisation does, and {@link #start}s reading it. */
    interface Reopen {
        void reopen() throws IOException;
    }

    private final long firingCountLimit;
    private final String items;
    private Items<T> source;
    /** The next item to put; null at the end of the file or the limit. */
    private T next;
    private long count;

    /**
     * @param firingCountLimit how many items to put at most; 0 for every one
     * @param items what the items are called in messages, e.g. {@code lines}
     */
    ReadAhead(long firingCountLimit, String items) {
        this.firingCountLimit = firingCountLimit;
        this.items = items;
    }

    /** Starts reading {@code source}, positioned at the first item to put; none is put yet. */
    void start(Items<T> source) throws IOException {
        this.source = source;
        this.count = 0;
        this.next = source.next();
    }

    /**
     * One firing: puts the next item to {@code out}, and finishes once it has put the last one;
     * a firing with nothing left to put only finishes.
     */
    void fire(FiringContext context, OutputPort<T> out) throws IOException {
        if (next == null) {
            context.finish();
            return;
        }
        context.put(out, next);
        advance();
        if (next == null) {
            context.finish();
        }
    }

    /** The snapshot: how many items it has put. */
    byte[] snapshot() {
        return ByteBuffer.allocate(Long.BYTES).putLong(count).array();
    }

    /**
     * Resumes from {@code snapshot}, taken by {@code actor}: reopens {@code file} and reads past
     * the items the snapshot counts as put.
     *
     * @throws IllegalArgumentException naming the actor if the snapshot is not eight bytes
     * @throws IOException naming {@code file} if it has fewer items to put, or cannot be read
     */
    void resume(byte[] snapshot, Object actor, Reopen reopen, Path file) throws IOException {
        if (snapshot.length != Long.BYTES) {
            throw new IllegalArgumentException("the snapshot of " + actor + " has " + snapshot.length + " bytes, not a count of "
                    + Long.BYTES + "; was it taken by another actor type?");
        }
        long put = ByteBuffer.wrap(snapshot).getLong();
        reopen.reopen();
        while (count < put) {
            if (next == null) {
                throw new IOException("file " + file + " has " + count + " " + items + " to put, but the run to resume had put " + put);
            }
            advance();
        }
    }

    private void advance() throws IOException {
        count++;
        next = count == firingCountLimit ? null : source.next();
    }
}
