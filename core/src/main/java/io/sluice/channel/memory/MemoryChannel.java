package io.sluice.channel.memory;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelStats;
import io.sluice.channel.ChannelWriter;
import io.sluice.channel.internal.Parking;
import io.sluice.channel.internal.TokenChecks;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * A channel on the heap: one writer, any number of readers, each at its own position.
 *
 * <p>Tokens are kept in a linked list of fixed-size segments. The writer appends to the last
 * segment and publishes the count of written tokens with a volatile store; a reader reads the
 * count and then the slots below it, so the fast paths take no lock. The channel itself keeps no
 * reference to old segments: a segment becomes garbage once every reader has moved past it.
 *
 * <p>A reader waits by announcing itself in a volatile field, re-checking for a token, then
 * parking; the writer, after publishing a token, reads that field and unparks. Both the
 * announcement and the publish are volatile accesses, so one side always sees the other and no
 * wake-up is lost. The writer never waits: the channel holds whatever its readers have not taken.
 *
 * <p>The peak depth (tokens written but not yet taken by the slowest reader) is tracked by the
 * writer at each put, from reader positions read before the token is published: it is exact
 * while readers are idle, and while they take concurrently it may count a token that a reader is
 * taking at that very moment, but it never counts fewer than were waiting. The writer keeps a
 * stale minimum of the reader positions, which can only over-estimate the depth, and re-reads the
 * true positions only when that estimate exceeds the peak so far (a single-threaded channel's
 * writer reads them at every put instead: its readers keep up, so the stale minimum would be
 * re-read at every put anyway).
 *
 * <p><b>Single-threaded.</b> A channel opened for a run whose writer and readers all run on one
 * thread ({@link MemoryChannels#openSingleThreaded}) has a writer that publishes the count with a
 * release store, wakes no reader and counts the peak depth exactly at each put from the readers'
 * positions: a put is then a few plain stores. A reader on another thread still sees every token
 * in order, since its reads of the count acquire what the writer released, but nobody wakes it:
 * it waits by parking for growing intervals and looking again ({@link #POLL_NANOS_MAX}), so a
 * cross-thread wait is slow, never wrong.
 */
final class MemoryChannel<T> implements Channel<T> {
    static final int SEGMENT_SIZE = 1024;
    /** The first park of a reader that waits on a single-threaded channel, which no writer wakes. */
    static final long POLL_NANOS_MIN = 10_000;
    /** The longest park of such a reader between two looks. */
    static final long POLL_NANOS_MAX = 1_000_000;

    private static final VarHandle PUBLISHED;
    private static final VarHandle POSITION;
    private static final VarHandle WAITING;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            PUBLISHED = lookup.findVarHandle(MemoryChannel.class, "published", long.class);
            POSITION = lookup.findVarHandle(Reader.class, "position", long.class);
            WAITING = lookup.findVarHandle(Reader.class, "waiting", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final String name;
    private final Class<T> type;
    /** The spec's capacity, which the channel reports and does not enforce. */
    private final int capacity;
    /** Whether the writer and the readers share one thread: then the writer wakes nobody. */
    private final boolean singleThreaded;
    private final Writer writer;

    /** Tokens written and visible to readers; written by the writer only. */
    @SuppressWarnings("unused")
    private volatile long published;
    /** True once the writer has closed; set after the last publish. */
    private volatile boolean writerClosed;
    /** Live readers; replaced, never mutated, under the channel's lock. */
    private volatile Reader<?>[] readers = new Reader<?>[0];
    /** The most tokens waiting at once; written by the writer only. */
    private volatile long peakDepth;
    /** Set by the first put, under the lock: no reader may be opened after it. */
    private boolean started;
    private boolean closed;
    /** The segment new readers start in, until the first put. */
    private Segment first = new Segment();

    MemoryChannel(ChannelSpec<T> spec, boolean singleThreaded) {
        this.name = spec.name();
        this.type = spec.type();
        this.capacity = spec.capacity();
        this.singleThreaded = singleThreaded;
        this.writer = singleThreaded ? new LocalWriter() : new SharedWriter();
        writer.tail = first;
    }

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
    public synchronized ChannelReader<T> openReader(String readerName) {
        Objects.requireNonNull(readerName, "readerName");
        if (closed) {
            throw new IllegalStateException("memory channel '" + name + "' is closed");
        }
        if (started) {
            throw new IllegalStateException("memory channel '" + name + "' cannot add reader '" + readerName
                    + "' after its first token was written: it keeps tokens only for the readers it already has");
        }
        Reader<T> reader = new Reader<>(this, readerName, first);
        Reader<?>[] now = Arrays.copyOf(readers, readers.length + 1);
        now[now.length - 1] = reader;
        readers = now;
        return reader;
    }

    @Override
    public ChannelStats stats() {
        return new ChannelStats(name, (long) PUBLISHED.getVolatile(this), peakDepth, capacity);
    }

    @Override
    public synchronized void close() {
        closed = true;
        first = null;
    }

    /** True: waiting tokens are on the heap only. */
    @Override
    public boolean onHeap() {
        return true;
    }

    @Override
    public String toString() {
        return (singleThreaded ? "MemoryChannel[single-threaded " : "MemoryChannel[") + name + "]";
    }

    /** Called by the writer before its first token; after this the reader set only shrinks. */
    private synchronized void start() {
        started = true;
        first = null;
    }

    private synchronized void removeReader(Reader<?> reader) {
        readers = Arrays.stream(readers).filter(r -> r != reader).toArray(Reader<?>[]::new);
    }

    /** The lowest position of a live reader, or {@code ifNone} if there is none. */
    private long minReaderPosition(long ifNone) {
        Reader<?>[] live = readers;
        if (live.length == 0) {
            return ifNone;
        }
        long min = Long.MAX_VALUE;
        for (Reader<?> r : live) {
            min = Math.min(min, (long) POSITION.getVolatile(r));
        }
        return min;
    }

    private static final class Segment {
        final Object[] items = new Object[SEGMENT_SIZE];
        /** Set before the first token in it is published, so readers see it through that publish. */
        Segment next;
    }

    /** What both writers share: the tail of the segments, the count written, the checks and the end of the stream. */
    private abstract class Writer implements ChannelWriter<T> {
        Segment tail;
        int tailIndex;
        long written;
        /** This thread's copy of {@link #peakDepth}. */
        long peak;
        boolean startedLocal;

        final void check(T token) {
            TokenChecks.check(name, type, token, writerClosed);
        }

        /**
         * Checks the token and returns the readers; before the first token, starts the channel:
         * no reader may be opened after it, so the readers are final but for closes.
         */
        final Reader<?>[] checkAndReaders(T token) {
            check(token);
            if (!startedLocal) {
                start();
                startedLocal = true;
            }
            return readers;
        }

        /** Records {@code depth} as the peak depth if it is the deepest yet. */
        final void raisePeak(long depth) {
            if (depth > peak) {
                peak = depth;
                peakDepth = depth;
            }
        }

        /** Stores the token in the next slot if anyone will read it; returns its seq. Does not publish it. */
        final long store(T token, Reader<?>[] live) {
            long seq = written;
            if (live.length > 0) {
                if (tailIndex == SEGMENT_SIZE) {
                    Segment next = new Segment();
                    tail.next = next;
                    tail = next;
                    tailIndex = 0;
                }
                tail.items[tailIndex++] = token;
            }
            written = seq + 1;
            return seq;
        }

        @Override
        public long position() {
            return (long) PUBLISHED.getVolatile(MemoryChannel.this);
        }

        @Override
        public void close() {
            if (writerClosed) {
                return;
            }
            writerClosed = true;
            for (Reader<?> r : readers) {
                Thread waiting = (Thread) WAITING.getAndSet(r, null);
                if (waiting != null) {
                    LockSupport.unpark(waiting);
                }
            }
        }
    }

    /** The writer of a channel whose readers may be on other threads: publishes with a volatile store and wakes them. */
    private final class SharedWriter extends Writer {
        /** A lower bound of the slowest reader's position. */
        long cachedMin;

        @Override
        public long put(T token) {
            Reader<?>[] live = checkAndReaders(token);
            long seq = written;
            if (live.length > 0 && seq + 1 - cachedMin > peak) {
                cachedMin = minReaderPosition(seq);
                raisePeak(seq + 1 - cachedMin);
            }
            store(token, live);
            PUBLISHED.setVolatile(MemoryChannel.this, seq + 1);
            for (Reader<?> r : live) {
                Thread waiting = r.waiting;
                if (waiting != null && WAITING.compareAndSet(r, waiting, null)) {
                    LockSupport.unpark(waiting);
                }
            }
            return seq;
        }
    }

    /**
     * The writer of a single-threaded channel: its readers take on its own thread, so none is
     * ever parked for it to wake, and their positions are exact when it reads them. It publishes
     * the count with a release store: a reader that reads it with an acquire (any reader does)
     * sees the token, whatever its thread.
     */
    private final class LocalWriter extends Writer {
        @Override
        public long put(T token) {
            Reader<?>[] live = checkAndReaders(token);
            long seq = written;
            if (live.length > 0) {
                long min = seq;
                for (Reader<?> r : live) {
                    min = Math.min(min, (long) POSITION.getOpaque(r));
                }
                raisePeak(seq + 1 - min);
            }
            store(token, live);
            PUBLISHED.setRelease(MemoryChannel.this, seq + 1);
            return seq;
        }
    }

    /** A reader; static so that its fields can have var handles. */
    private static final class Reader<T> implements ChannelReader<T> {
        private final MemoryChannel<T> channel;
        private final String readerName;
        private Segment segment;
        private int index;
        /** The seq of the next token; written by this reader only, read by the writer. */
        @SuppressWarnings("unused")
        private volatile long position;
        private long cachedPublished;
        /** This reader's thread while it is parked, or null. */
        @SuppressWarnings("unused")
        private volatile Thread waiting;
        private volatile boolean closedLocal;
        private final BooleanSupplier ready = this::isReady;

        Reader(MemoryChannel<T> channel, String readerName, Segment first) {
            this.channel = channel;
            this.readerName = readerName;
            this.segment = first;
        }

        @Override
        public String name() {
            return readerName;
        }

        @Override
        public T poll() {
            if (closedLocal) {
                throw new IllegalStateException(this + " is closed");
            }
            long pos = (long) POSITION.get(this);
            if (pos >= cachedPublished) {
                cachedPublished = (long) PUBLISHED.getVolatile(channel);
                if (pos >= cachedPublished) {
                    return null;
                }
            }
            if (index == SEGMENT_SIZE) {
                segment = segment.next;
                index = 0;
            }
            @SuppressWarnings("unchecked")
            T token = (T) segment.items[index++];
            // Read by the writer for the peak depth, where a late position is allowed, and by a
            // director that bounds the channel, which fences after the take.
            POSITION.setRelease(this, pos + 1);
            return token;
        }

        @Override
        public T take() throws InterruptedException {
            T token = poll();
            if (token == null && !isEndOfStream()) {
                awaitReady();
                token = poll();
            }
            return token;
        }

        @Override
        public void awaitReady() throws InterruptedException {
            if (closedLocal) {
                throw new IllegalStateException(this + " is closed");
            }
            if (isReady() || Parking.awaitBriefly(ready)) {
                return;
            }
            if (channel.singleThreaded) {
                pollUntilReady();
                return;
            }
            Thread me = Thread.currentThread();
            try {
                while (true) {
                    waiting = me;
                    if (isReady()) {
                        return;
                    }
                    Parking.park(this);
                }
            } finally {
                waiting = null;
            }
        }

        /**
         * Waits on a single-threaded channel, whose writer wakes nobody: parks for growing
         * intervals, from {@link #POLL_NANOS_MIN} to {@link #POLL_NANOS_MAX}, looking again after
         * each. Only a reader on another thread than the writer's gets here; on the writer's own
         * thread nothing could arrive while it waits.
         */
        private void pollUntilReady() throws InterruptedException {
            long nanos = POLL_NANOS_MIN;
            while (!isReady()) {
                Parking.parkNanos(this, nanos);
                nanos = Math.min(2 * nanos, POLL_NANOS_MAX);
            }
        }

        @Override
        public boolean isReady() {
            return closedLocal || channel.writerClosed || (long) POSITION.getAcquire(this) < (long) PUBLISHED.getVolatile(channel);
        }

        @Override
        public boolean isEndOfStream() {
            return closedLocal || (channel.writerClosed && (long) POSITION.getAcquire(this) >= (long) PUBLISHED.getVolatile(channel));
        }

        @Override
        public long position() {
            return (long) POSITION.getAcquire(this);
        }

        @Override
        public void close() {
            if (closedLocal) {
                return;
            }
            closedLocal = true;
            segment = null;
            channel.removeReader(this);
        }

        @Override
        public String toString() {
            return "reader " + readerName + " of channel '" + channel.name + "'";
        }
    }
}
