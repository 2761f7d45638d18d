package io.sluice.channel.local;

import io.sluice.channel.ChannelException;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.internal.Parking;
import io.sluice.codec.Codec;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A persistent channel whose writer hands tokens to a bounded ring (the put cache), which a
 * flusher thread appends to the queue in order, off the writer's thread, in batches of what it
 * finds waiting (up to {@link ExcerptLayout#MAX_TOKENS} tokens an excerpt). Shared by
 * {@link ChannelPolicy#CACHED} and {@link ChannelPolicy#FAST_TRACK}, which differ in how readers
 * get tokens back.
 *
 * <p><b>The ring.</b> Slot {@code seq % size} holds an immutable {@link Slot} of token
 * {@code seq}. The writer may overwrite or empty a slot only once its token is on disk (when the
 * ring is full, it appends the waiting tokens itself), so a token that has left the ring can be
 * read from the file. {@link #persisted} counts the tokens on disk. The ring bounds the heap in
 * tokens, and its {@linkplain #window window} in bytes: it keeps only as many of the latest tokens
 * as take about {@code ringBytes} when encoded, measured as they are appended, emptying the slot
 * a window behind each token put. Where no reader takes tokens from the ring
 * ({@link #readersTakeFromRing}), each slot is emptied as its token is appended.
 *
 * <p><b>Group commit.</b> The writer wakes the flusher for the first token that waits, and then
 * only once a batch's worth waits ({@link #FLUSH_BATCH}, fewer for a small ring); the flusher
 * appends what waits after at most {@link #LINGER_NANOS} in any case; the end of the stream and
 * shutdown are urgent. A first token put while the flusher lingers does not wake it (it lingers
 * on a signal of its own): where a reader appends each token itself as soon as it is put, as
 * under the demand-driven director, every token is a first one. Waking a parked thread costs far
 * more than appending a token, so a flusher woken for every token costs the run more than it
 * saves. For the same reason a thread that needs the tokens on disk now does not wake the flusher
 * and wait for it, but appends them itself ({@link #appendWritten}): a writer whose ring is full,
 * a cached reader that has read all that is on disk. Whoever appends holds a lock, so the
 * appender is used by one thread at a time.
 *
 * <p><b>Failure.</b> If appending fails (a full disk), the error is recorded and nothing more is
 * appended: the flusher stops, and the writer's next put or close throws it, naming the channel
 * and file, as does a cached reader that needs a token that did not reach the disk. Tokens
 * persisted before stay readable.
 */
abstract class StagedChannel<T> extends PersistentChannel<T> {
    private static final Logger LOG = LoggerFactory.getLogger(StagedChannel.class);

    /** How many tokens the ring keeps before the first are appended and their size is known. */
    static final int INITIAL_WINDOW = 4096;
    /** The tokens waiting that make the writer wake the flusher. */
    static final int FLUSH_BATCH = ExcerptLayout.MAX_TOKENS;
    /** How long a token may wait in the ring before the flusher appends it unasked. */
    static final long LINGER_NANOS = 1_000_000;

    private final AtomicReferenceArray<Slot<T>> ring;
    private final int mask;
    /** About how many bytes of encoded tokens the ring keeps ({@link #window}). */
    private final long ringBytes;
    /**
     * How many of the latest tokens the ring keeps, at most its size: as many as take about
     * {@link #ringBytes} at the mean size of the tokens appended so far. Set by whoever appends,
     * read by the writer; any value from 1 to the ring's size is safe, since the writer checks
     * against the one it reads.
     */
    private volatile int window;
    /** Whether the ring keeps tokens once they are on disk, for readers that take them from it. */
    private final boolean keepsAppended;
    /** {@link #FLUSH_BATCH}, or a quarter of a smaller ring. */
    private final int flushBatch;
    private final StoreAppender<T> appender;
    private final Thread flusher;
    /** Held by whichever thread appends: the flusher, or one that appends itself ({@link #appendWritten}). */
    private final ReentrantLock appending = new ReentrantLock();
    /** Set, under {@link #appending}, when the appender is closed: nothing more is appended. */
    private boolean appenderClosed;
    /** The flusher waits here, parked, for a first token to persist, the end marker, or shutdown. */
    private final Signal work = new Signal();
    /**
     * The flusher lingers here for a batch's worth, the end marker, or shutdown: apart from
     * {@link #work}, so that the tokens put while it lingers, each of which signals {@code work},
     * do not wake it.
     */
    private final Signal batchWaits = new Signal();
    /** Readers of the disk (cached loaders) wait here for {@link #persisted} to grow. */
    final Signal persistedGrew = new Signal();
    /**
     * Signalled, apart from {@link #persistedGrew}, when a batch's worth reaches the disk at once
     * ({@link #batchPersisted()}), the end marker does, or the channel fails or shuts down: a
     * cached loader lingers here, so that tokens appended one by one do not wake it each.
     */
    final Signal batchLanded = new Signal();

    /** Tokens on disk; written under {@link #appending} only. */
    volatile long persisted;
    /** Where the stream ends, once the writer closed; -1 before. */
    private volatile long endAt = -1;
    private volatile boolean endPersisted;
    private volatile boolean stopping;
    private volatile ChannelException failure;

    /** A token in the ring. */
    record Slot<T>(long seq, T token) {}

    /**
     * @param ringSize the ring's size in tokens, rounded up to a power of two
     * @param ringBytes about how many bytes of encoded tokens the ring keeps at most
     */
    StagedChannel(ChronicleStore store, Codec<T> codec, int capacity, Class<T> type, int ringSize, long ringBytes,
            ChronicleStore.Stored durable) {
        super(store, codec, capacity, type, durable);
        int size = Integer.highestOneBit(Math.max(2, ringSize - 1)) << 1;
        this.ring = new AtomicReferenceArray<>(size);
        this.mask = size - 1;
        this.ringBytes = ringBytes;
        // A few thousand until the first tokens are appended and measured: they may be large.
        this.window = Math.min(size, INITIAL_WINDOW);
        this.flushBatch = Math.max(1, Math.min(FLUSH_BATCH, size / 4));
        this.keepsAppended = readersTakeFromRing();
        this.persisted = durable.tokens();
        if (durable.ended()) {
            endAt = durable.tokens();
            endPersisted = true;
        }
        this.appender = store.appender(codec, durable.tokens());
        this.flusher = new Thread(this::flushLoop, "sluice-" + name + "-flusher");
        this.flusher.setDaemon(true);
        this.flusher.start();
    }

    /** The ring's size. */
    final int ringSize() {
        return mask + 1;
    }

    /** How many tokens the ring holds now, for tests of its bounds. Any thread; racy while the writer puts. */
    final int tokensInRing() {
        int kept = 0;
        for (int i = 0; i <= mask; i++) {
            kept += ring.get(i) != null ? 1 : 0;
        }
        return kept;
    }

    /** Token {@code seq} if it is still in the ring, else null. Any thread. */
    final T fromRing(long seq) {
        Slot<T> slot = ring.get((int) (seq & mask));
        return slot != null && slot.seq() == seq ? slot.token() : null;
    }

    @Override
    final void stage(T token, long seq) {
        failIfBroken();
        int w = window;
        if (seq - persisted >= w) {
            // The window is full of tokens not on disk: append them here rather than wait for the flusher.
            appendWritten();
            failIfBroken();
        }
        ring.lazySet((int) (seq & mask), new Slot<>(seq, token));
        if (w <= mask) {
            // Token seq - w is on disk (persisted > seq - w now): the ring need not keep it.
            ring.lazySet((int) ((seq - w) & mask), null);
        }
    }

    @Override
    final void published(long seq) {
        long waiting = seq + 1 - persisted;
        // The first token starts the flusher's linger; a batch's worth ends it.
        if (waiting == 1) {
            work.signal();
        } else if (waiting >= flushBatch) {
            batchWaits.signal();
        }
    }

    @Override
    final void stageEnd(long seq) {
        failIfBroken();
        endAt = seq;
        wakeFlusherAndLoaders();
    }

    private void failIfBroken() {
        ChannelException f = failure;
        if (f != null) {
            throw rethrown(f);
        }
    }

    /**
     * The flusher's thread: appends what waits, in batches, until the end marker is on disk (the
     * writer has closed: nothing more will come, so it ends then, not when the run closes the
     * channel), the channel shuts down, or appending fails.
     */
    private void flushLoop() {
        try {
            while (failure == null && !endPersisted) {
                work.await(() -> persisted < written || urgent());
                if (!urgent()) {
                    batchWaits.await(() -> written - persisted >= flushBatch || urgent() || failure != null, LINGER_NANOS);
                }
                appendWritten();
                if (stopping && persisted >= written) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            failure = store.failure("the flusher was interrupted", e);
        } finally {
            persistedGrew.signal();
            readable.signal();
        }
    }

    /**
     * Appends, on the calling thread, every token written so far that is not yet on disk, and the
     * end marker once it is due: the flusher's round, which a thread that needs the tokens on disk
     * now may do itself rather than wait for the flusher to wake (see the class comment). Rounds
     * take turns on a lock. If the appender fails, the failure is recorded as the flusher's (the
     * writer's next put or close throws it) and nothing more is appended.
     *
     * @return false if the channel has failed, now or before ({@link #failure()}), or is shut down
     */
    final boolean appendWritten() {
        appending.lock();
        try {
            if (failure != null || appenderClosed) {
                return false;
            }
            long p = persisted;
            long w = written;
            long before = p;
            while (p < w) {
                // The appender appends a batch when it is full, or at the end of a file.
                int slot = (int) (p & mask);
                appender.add(ring.get(slot).token());
                if (!keepsAppended) {
                    // Safe before persisted passes p: until then the writer does not reuse the slot.
                    ring.lazySet(slot, null);
                }
                p++;
                long onDisk = appender.appended();
                if (onDisk != persisted) {
                    persisted = onDisk;
                    persistedGrew.signal();
                }
            }
            appender.flush();
            persisted = p;
            persistedGrew.signal();
            resizeWindow();
            if (p - before >= batchPersisted()) {
                batchLanded.signal();
            }
            if (endAt >= 0 && p == endAt && !endPersisted) {
                appender.appendEnd();
                endPersisted = true;
                persistedGrew.signal();
                batchLanded.signal();
            }
            return true;
        } catch (ChannelException e) {
            fail(e);
            LOG.debug("appending to channel '{}' failed", name, e);
        } catch (RuntimeException e) {
            fail(store.failure("appending failed: " + e, e));
        } catch (Error e) {
            fail(store.failure("appending failed: " + e, e));
            if (Thread.currentThread() != flusher) {
                // An actor's thread: its director handles errors such as running out of memory.
                throw e;
            }
        } finally {
            appending.unlock();
        }
        return false;
    }

    /** Fits the {@link #window} to the mean size of the tokens appended so far; under {@link #appending}. */
    private void resizeWindow() {
        double mean = appender.meanTokenBytes();
        if (mean > 0) {
            int w = (int) Math.max(1, Math.min(ringSize(), ringBytes / mean));
            if (w != window) {
                window = w;
            }
        }
    }

    private void fail(ChannelException e) {
        failure = e;
        persistedGrew.signal();
        readable.signal();
        wakeFlusherAndLoaders();
    }

    /** Wakes the flusher whether it waits for a first token or lingers for a batch, and lingering loaders. */
    private void wakeFlusherAndLoaders() {
        work.signal();
        batchWaits.signal();
        batchLanded.signal();
    }

    /** How many tokens reaching the disk at once are a batch, for a lingering loader: half the flusher's. */
    final int batchPersisted() {
        return Math.max(1, flushBatch / 2);
    }

    /** Whether the flusher should append what waits at once: the stream ended, or the channel is shutting down. */
    private boolean urgent() {
        return (endAt >= 0 && !endPersisted) || stopping;
    }

    /** True once the end marker is on disk. */
    final boolean endPersisted() {
        return endPersisted;
    }

    /** The flusher's failure, if it has failed. */
    final ChannelException failure() {
        return failure;
    }

    /**
     * Whether readers take tokens from the ring, so that it should keep them once they are on
     * disk; otherwise each slot is emptied as its token is appended. Called once, by the constructor.
     */
    abstract boolean readersTakeFromRing();

    /** Stops the readers' own threads; called by {@link #shutdown()} before the flusher stops. */
    abstract void stopReaders();

    @Override
    final void shutdown() {
        try {
            stopReaders();
            stopping = true;
            wakeFlusherAndLoaders();
            Parking.joinUninterruptibly(flusher);
            // Under the lock: a reader of a cached channel may be appending on its own thread.
            appending.lock();
            try {
                appenderClosed = true;
                appender.close();
            } finally {
                appending.unlock();
            }
        } finally {
            store.close();
        }
        failIfBroken();
    }
}
