package io.sluice.channels;

import io.sluice.channel.ChannelException;
import io.sluice.codec.Codec;
import java.util.concurrent.atomic.AtomicReferenceArray;
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
 * {@code seq}. The writer may overwrite a slot only once its token is on disk (it waits for the
 * flusher otherwise), so the ring bounds the heap and a token that has left it can be read from
 * the file. {@link #persisted} counts the tokens on disk.
 *
 * <p><b>Group commit.</b> The writer wakes the flusher for the first token that waits, and then
 * only once a batch's worth waits ({@link #FLUSH_BATCH}, fewer for a small ring); the flusher
 * appends what waits after at most {@link #LINGER_NANOS} in any case. A thread that needs tokens
 * on disk now asks for them ({@link #requestFlush()}): a writer whose ring is full, a cached
 * reader whose loader has read all that is persisted; the end of the stream and shutdown are
 * urgent too. Waking a parked thread costs far more than appending a token, so a flusher woken
 * for every token costs the run more than it saves.
 *
 * <p><b>Failure.</b> If the flusher cannot write (a full disk), it records the error and stops;
 * the writer's next put or close throws it, naming the channel and directory. Tokens persisted
 * before stay readable.
 */
abstract class StagedChannel<T> extends PersistentChannel<T> {
    private static final Logger LOG = LoggerFactory.getLogger(StagedChannel.class);

    /** The tokens waiting that make the writer wake the flusher. */
    static final int FLUSH_BATCH = ExcerptLayout.MAX_TOKENS;
    /** How long a token may wait in the ring before the flusher appends it unasked. */
    static final long LINGER_NANOS = 1_000_000;

    private final AtomicReferenceArray<Slot<T>> ring;
    private final int mask;
    /** {@link #FLUSH_BATCH}, or a quarter of a smaller ring. */
    private final int flushBatch;
    private final StoreAppender<T> appender;
    private final Thread flusher;
    /** The flusher waits here for tokens to persist, the end marker, or shutdown. */
    private final Signal work = new Signal();
    /** Readers of the disk (cached loaders) wait here for {@link #persisted} to grow. */
    final Signal persistedGrew = new Signal();

    /** Tokens on disk; written by the flusher only. */
    volatile long persisted;
    /** Where the stream ends, once the writer closed; -1 before. */
    private volatile long endAt = -1;
    private volatile boolean endPersisted;
    private volatile boolean stopping;
    /** Set when some thread waits for tokens to reach the disk; cleared by the flusher before it appends. */
    private volatile boolean flushRequested;
    private volatile ChannelException failure;

    /** A token in the ring. */
    record Slot<T>(long seq, T token) {}

    StagedChannel(ChronicleStore store, Codec<T> codec, int capacity, Class<T> type, int ringSize, ChronicleStore.Stored durable) {
        super(store, codec, capacity, type, durable);
        int size = Integer.highestOneBit(Math.max(2, ringSize - 1)) << 1;
        this.ring = new AtomicReferenceArray<>(size);
        this.mask = size - 1;
        this.flushBatch = Math.max(1, Math.min(FLUSH_BATCH, size / 4));
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

    /** Token {@code seq} if it is still in the ring, else null. Any thread. */
    final T fromRing(long seq) {
        Slot<T> slot = ring.get((int) (seq & mask));
        return slot != null && slot.seq() == seq ? slot.token() : null;
    }

    @Override
    final void stage(T token, long seq, boolean mayWait) throws InterruptedException {
        failIfBroken();
        if (seq - persisted >= ringSize()) {
            awaitRingRoom(seq, mayWait);
        }
        ring.lazySet((int) (seq & mask), new Slot<>(seq, token));
    }

    @Override
    final void published(long seq) {
        long waiting = seq + 1 - persisted;
        // The first token starts the flusher's linger; a batch's worth ends it.
        if (waiting == 1 || waiting >= flushBatch) {
            work.signal();
        }
    }

    /** Has the flusher append every token written so far without lingering. Any thread; cheap when already asked. */
    final void requestFlush() {
        if (!flushRequested) {
            flushRequested = true;
            work.signal();
        }
    }

    private void awaitRingRoom(long seq, boolean mayWait) throws InterruptedException {
        requestFlush();
        boolean interrupted = false;
        while (true) {
            try {
                room.await(() -> seq - persisted < ringSize() || failure != null);
                break;
            } catch (InterruptedException e) {
                if (mayWait) {
                    throw e;
                }
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        failIfBroken();
    }

    @Override
    final void stageEnd(long seq) {
        failIfBroken();
        endAt = seq;
        work.signal();
    }

    private void failIfBroken() {
        ChannelException f = failure;
        if (f != null) {
            throw rethrown(f);
        }
    }

    private void flushLoop() {
        try {
            while (true) {
                work.await(() -> persisted < written || urgent());
                if (!urgent()) {
                    work.await(() -> written - persisted >= flushBatch || urgent(), LINGER_NANOS);
                }
                // Cleared before appending: a request made from now on is met by this round or the next.
                flushRequested = false;
                long p = persisted;
                long w = written;
                while (p < w) {
                    // The appender appends a batch when it is full, or at the end of a file.
                    appender.add(ring.get((int) (p & mask)).token());
                    p++;
                    long onDisk = appender.appended();
                    if (onDisk != persisted) {
                        persisted = onDisk;
                        room.signal();
                        persistedGrew.signal();
                    }
                }
                appender.flush();
                persisted = p;
                room.signal();
                persistedGrew.signal();
                if (endAt >= 0 && p == endAt && !endPersisted) {
                    appender.appendEnd();
                    endPersisted = true;
                    persistedGrew.signal();
                }
                if (stopping && persisted >= written) {
                    return;
                }
            }
        } catch (ChannelException e) {
            failure = e;
            LOG.debug("flusher of channel '{}' failed", name, e);
        } catch (RuntimeException | Error e) {
            failure = store.failure("the flusher failed: " + e, e);
        } catch (InterruptedException e) {
            failure = store.failure("the flusher was interrupted", e);
        } finally {
            room.signal();
            persistedGrew.signal();
            readable.signal();
        }
    }

    /** Whether the flusher should append what waits at once: asked to, the stream ended, or the channel is shutting down. */
    private boolean urgent() {
        return flushRequested || (endAt >= 0 && !endPersisted) || stopping;
    }

    /** True once the end marker is on disk. */
    final boolean endPersisted() {
        return endPersisted;
    }

    /** The flusher's failure, if it has failed. */
    final ChannelException failure() {
        return failure;
    }

    /** Stops the readers' own threads; called by {@link #shutdown()} before the flusher stops. */
    abstract void stopReaders();

    @Override
    final void shutdown() {
        try {
            stopReaders();
            stopping = true;
            work.signal();
            boolean interrupted = false;
            while (flusher.isAlive()) {
                try {
                    flusher.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            appender.close();
        } finally {
            store.close();
        }
        failIfBroken();
    }
}
