package io.sluice.channel.local;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelException;
import io.sluice.channel.ChannelStats;
import io.sluice.channel.ChannelWriter;
import io.sluice.channel.SeekableChannelReader;
import io.sluice.channel.internal.TokenChecks;
import io.sluice.codec.Codec;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.Objects;

/**
 * What the persistent policies have in common: the writer, the readers and their positions,
 * peak depth and end of stream. A policy decides how a token is stored ({@link #stage})
 * and how a reader gets it back ({@link PersistentReader#fetch}).
 *
 * <p><b>Two counts.</b> {@link #written} is the number of tokens the writer has put: a reader is
 * <em>ready</em> when its position is below it (or the stream ended), even if the token is still
 * on its way through a policy's caches, because it will arrive without any actor doing anything.
 * This keeps a director's deadlock check exact. A policy with background threads keeps its own
 * count of what is on disk.
 *
 * <p><b>Threading.</b> As {@link Channel}: one writer thread, one thread per reader, stats from
 * any thread. Readers wait on a {@link Signal}, {@link #readable}; the writer never waits for
 * them.
 */
abstract class PersistentChannel<T> implements Channel<T> {
    final String name;
    final Class<T> type;
    /** The spec's capacity, which the channel reports and does not enforce. */
    final int capacity;
    final ChronicleStore store;
    final Codec<T> codec;
    /** Readers wait here for tokens, for the end of stream, or for a policy's cache. */
    final Signal readable = new Signal();

    /** Tokens put so far; written by the writer thread only. */
    volatile long written;
    /** Set, after the last token was put, when the writer closes. */
    volatile boolean writerClosed;
    private volatile PersistentReader<?>[] readers = new PersistentReader<?>[0];
    private volatile long peakDepth;
    private volatile boolean closed;
    private final ChannelWriter<T> writer;

    /**
     * @param durable what the store already holds: a resumed channel starts with these tokens
     *     (and its end, if stored), and its writer replays them ({@link ReplayingWriter})
     */
    PersistentChannel(ChronicleStore store, Codec<T> codec, int capacity, Class<T> type, ChronicleStore.Stored durable) {
        this.store = store;
        this.codec = codec;
        this.capacity = capacity;
        this.type = type;
        this.name = store.channel();
        this.written = durable.tokens();
        this.writerClosed = durable.ended();
        Writer w = new Writer();
        this.writer = durable.tokens() > 0 || durable.ended() ? new ReplayingWriter<>(w, store, codec, type, durable) : w;
    }

    // ---- policy hooks ----

    /**
     * Stores token {@code seq}; called on the writer thread before {@link #written} counts it.
     * Does not wait for another thread: a policy whose cache is full makes room on the caller's
     * thread.
     *
     * @throws ChannelException if it cannot be stored
     */
    abstract void stage(T token, long seq);

    /**
     * Called on the writer thread once token {@code seq} is counted in {@link #written}, so that a
     * policy's background thread, which waits on that count, is woken only when it can see it.
     * Does nothing by default.
     */
    void published(long seq) {}

    /** Stores the end of the stream after {@code seq} tokens; called once, on the writer thread. */
    abstract void stageEnd(long seq);

    /** A new reader at seq 0. */
    abstract PersistentReader<T> newReader(String readerName);

    /** Persists what was staged, stops the policy's threads and closes the files; called once. */
    abstract void shutdown();

    // ---- Channel ----

    @Override
    public String name() {
        return name;
    }

    @Override
    public Class<T> type() {
        return type;
    }

    @Override
    public ChannelWriter<T> writer() {
        return writer;
    }

    @Override
    public synchronized SeekableChannelReader<T> openReader(String readerName) {
        Objects.requireNonNull(readerName, "readerName");
        if (closed) {
            throw new IllegalStateException("channel '" + name + "' is closed");
        }
        PersistentReader<T> reader = newReader(readerName);
        PersistentReader<?>[] now = Arrays.copyOf(readers, readers.length + 1);
        now[now.length - 1] = reader;
        readers = now;
        return reader;
    }

    @Override
    public ChannelStats stats() {
        return new ChannelStats(name, written, peakDepth, capacity);
    }

    @Override
    public final void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        for (PersistentReader<?> reader : readers) {
            reader.close();
        }
        shutdown();
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + name + " in " + store.directory() + "]";
    }

    private synchronized void removeReader(PersistentReader<?> reader) {
        readers = Arrays.stream(readers).filter(r -> r != reader).toArray(PersistentReader<?>[]::new);
    }

    /** The lowest position of a live reader, or {@code ifNone}. */
    private long minReaderPosition(long ifNone) {
        PersistentReader<?>[] live = readers;
        if (live.length == 0) {
            return ifNone;
        }
        long min = Long.MAX_VALUE;
        for (PersistentReader<?> r : live) {
            min = Math.min(min, r.position);
        }
        return min;
    }

    private final class Writer implements ChannelWriter<T> {
        /** A lower bound of the slowest reader's position; writer thread only. */
        private long cachedMin;
        private long peak;

        @Override
        public long put(T token) {
            check(token);
            return append(token);
        }

        /** Stores and publishes a token; the peak depth is taken as {@link MemoryChannel} takes it. */
        private long append(T token) {
            long seq = written;
            if (readers.length > 0 && seq + 1 - cachedMin > peak) {
                cachedMin = minReaderPosition(seq);
                long depth = seq + 1 - cachedMin;
                if (depth > peak) {
                    peak = depth;
                    peakDepth = depth;
                }
            }
            stage(token, seq);
            written = seq + 1;
            readable.signal();
            published(seq);
            return seq;
        }

        private void check(T token) {
            TokenChecks.check(name, type, token, writerClosed);
            if (closed) {
                throw new IllegalStateException("channel '" + name + "' is closed");
            }
        }

        @Override
        public long position() {
            return written;
        }

        @Override
        public void close() {
            if (writerClosed || closed) {
                return;
            }
            stageEnd(written);
            writerClosed = true;
            readable.signal();
        }

    }

    /**
     * A reader of a persistent channel: its position and the parts every policy shares. A
     * policy supplies how a token is fetched and how the reader moves.
     */
    abstract static class PersistentReader<T> implements SeekableChannelReader<T> {
        private static final VarHandle POSITION;

        static {
            try {
                POSITION = MethodHandles.lookup().findVarHandle(PersistentReader.class, "position", long.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        final PersistentChannel<T> channel;
        private final String readerName;
        /** The seq of the next token; written by the reader thread only. */
        volatile long position;
        private volatile boolean readerClosed;
        /**
         * Tokens the writer had put when this reader last looked ({@link #written}, which only
         * grows): below it, a token is taken without reading the writer's count again, so that a
         * reader behind the writer does not pull the cache line the writer stores to at every put.
         * Reader thread.
         */
        private long knownWritten;

        PersistentReader(PersistentChannel<T> channel, String readerName) {
            this.channel = channel;
            this.readerName = readerName;
        }

        /** A lower bound of {@link #written}, as last read by this reader. Reader thread. */
        final long knownWritten() {
            return knownWritten;
        }

        /**
         * Token {@code seq} (below {@link #written}) if it can be had without waiting, else null.
         * Reader thread.
         */
        abstract T fetch(long seq);

        /** Moves the policy's cursor so that the next fetch is of {@code seq}. Reader thread. */
        abstract void moveTo(long seq);

        /** Releases the policy's resources for this reader. Called once. */
        abstract void release();

        /** Called on the reader thread after it took token {@code seq}. Does nothing by default. */
        void taken(long seq) {}

        @Override
        public String name() {
            return readerName;
        }

        @Override
        public T poll() {
            if (readerClosed) {
                throw new IllegalStateException(this + " is closed");
            }
            long pos = position;
            if (pos >= knownWritten) {
                knownWritten = channel.written;
                if (pos >= knownWritten) {
                    return null;
                }
            }
            T token = fetch(pos);
            if (token != null) {
                // Read by the writer for the peak depth, where a late position is allowed, and by a
                // director that bounds the channel, which fences after the take.
                POSITION.setRelease(this, pos + 1);
                taken(pos);
            }
            return token;
        }

        @Override
        public T take() throws InterruptedException {
            while (true) {
                T token = poll();
                if (token != null || isEndOfStream()) {
                    return token;
                }
                channel.readable.await(() -> readerClosed || isEndOfStream() || position < channel.written);
            }
        }

        @Override
        public boolean isReady() {
            return readerClosed || channel.writerClosed || position < channel.written;
        }

        @Override
        public void awaitReady() throws InterruptedException {
            if (readerClosed) {
                throw new IllegalStateException(this + " is closed");
            }
            channel.readable.await(this::isReady);
        }

        @Override
        public boolean isEndOfStream() {
            return readerClosed || (channel.writerClosed && position >= channel.written);
        }

        @Override
        public long position() {
            return position;
        }

        @Override
        public void seek(long seq) {
            if (readerClosed) {
                throw new IllegalStateException(this + " is closed");
            }
            long end = channel.written;
            if (seq < 0 || seq > end) {
                throw new IllegalArgumentException("cannot seek " + this + " to " + seq + ": it holds tokens 0 to " + (end - 1));
            }
            moveTo(seq);
            position = seq;
        }

        @Override
        public void close() {
            synchronized (this) {
                if (readerClosed) {
                    return;
                }
                readerClosed = true;
            }
            release();
            channel.removeReader(this);
            channel.readable.signal();
        }

        @Override
        public String toString() {
            return "reader " + readerName + " of channel '" + channel.name + "'";
        }
    }

    /** Rethrows a background failure to the caller, naming the channel. */
    static ChannelException rethrown(ChannelException failure) {
        return new ChannelException(failure.channel(), failure.file().orElse(null), "an earlier write failed: "
                + failure.getMessage(), failure);
    }
}
