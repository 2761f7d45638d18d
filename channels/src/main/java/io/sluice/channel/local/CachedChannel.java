package io.sluice.channel.local;

import io.sluice.channel.ChannelException;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.internal.Parking;
import io.sluice.codec.Codec;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The {@link ChannelPolicy#CACHED} policy of the paper: the writer puts into a bounded put cache
 * that the flusher appends to the queue in batches; each reader takes from a bounded get cache
 * that a loader thread of its own fills, in batches, from the queue. Reads and writes of the
 * files happen off the actors' threads, except when an actor would wait for them: a writer whose
 * put cache is full, and a reader whose get cache is empty while the token it wants is written, do
 * the flusher's or the loader's work themselves. A reader only ever sees tokens that are on disk
 * (there is no fast track). Threads: the flusher, and one loader per reader.
 */
final class CachedChannel<T> extends StagedChannel<T> {
    private final int getCacheSize;

    CachedChannel(ChronicleStore store, Codec<T> codec, int capacity, Class<T> type, int putCacheSize, long putCacheBytes,
            int getCacheSize, ChronicleStore.Stored durable) {
        super(store, codec, capacity, type, putCacheSize, putCacheBytes, durable);
        this.getCacheSize = Integer.highestOneBit(Math.max(2, getCacheSize - 1)) << 1;
    }

    /** Readers read the file through their get caches; the ring only holds what waits for the flusher. */
    @Override
    boolean readersTakeFromRing() {
        return false;
    }

    @Override
    PersistentReader<T> newReader(String readerName) {
        return new Reader<>(this, readerName);
    }

    @Override
    void stopReaders() {
        // Every reader stops its loader when it is closed, which the channel does before this.
    }

    /**
     * A reader and its loader. The loader writes slots {@code [position, loaded)} of the get cache
     * and then publishes {@link #loaded}; the reader takes below it and publishes its position,
     * which frees slots for the loader. The loader waits on the channel's {@code persistedGrew}
     * signal. A reader that finds the cache empty while the token it wants is written does the
     * flusher's and the loader's work itself ({@link #fetch}): it would only wait for them, and
     * each hand-off between threads costs more than the work.
     */
    private static final class Reader<T> extends PersistentReader<T> {
        private final CachedChannel<T> staged;
        private final AtomicReferenceArray<T> cache;
        private final int mask;
        /** Held while loading, by the loader or by the reader itself; guards {@link #cursor}. */
        private final ReentrantLock loading = new ReentrantLock();
        /** Reads the file from {@link #loaded} on. */
        private StoreCursor<T> cursor;
        /** Tokens loaded into the cache, as a seq; written under {@link #loading} only. */
        private volatile long loaded;
        private volatile boolean stopLoader;
        /** Why loading stopped at {@link #loaded}, if it failed; reported by the next fetch there. */
        private volatile ChannelException loadFailure;
        private Thread loader;

        Reader(CachedChannel<T> channel, String readerName) {
            super(channel, readerName);
            this.staged = channel;
            this.cache = new AtomicReferenceArray<>(channel.getCacheSize);
            this.mask = channel.getCacheSize - 1;
            startLoader(0);
        }

        private void startLoader(long from) {
            cursor = channel.store.cursor(channel.codec, from);
            loaded = from;
            loadFailure = null;
            stopLoader = false;
            loader = new Thread(this::loadLoop, "sluice-" + channel.name + "-loader-" + name());
            loader.setDaemon(true);
            loader.start();
        }

        /**
         * Waits for tokens on disk to load, loads them, then lingers: for up to {@link
         * StagedChannel#LINGER_NANOS}, only a batch's worth landing at once wakes it, not a token
         * appended on its own. Where the reader appends and loads each token itself as soon as it
         * is put (the demand-driven director), a loader woken for each would only cost a core.
         */
        private void loadLoop() {
            try {
                while (true) {
                    staged.persistedGrew.await(() -> stopped() || (loaded < staged.persisted && loaded - position <= mask));
                    if (stopped()) {
                        return;
                    }
                    loadPersisted();
                    staged.batchLanded.await(() -> stopped()
                            || (staged.persisted - loaded >= staged.batchPersisted() && loaded - position <= mask),
                            StagedChannel.LINGER_NANOS);
                    if (stopped()) {
                        return;
                    }
                    loadPersisted();
                }
            } catch (InterruptedException e) {
                // Stopped.
            }
        }

        private boolean stopped() {
            return stopLoader || staged.failure() != null || loadFailure != null;
        }

        /**
         * Loads into the cache the tokens on disk from {@link #loaded} on, as many as it has room
         * for. On a damaged file the reader gets the tokens loaded so far, then the failure.
         */
        private void loadPersisted() {
            loading.lock();
            long l = loaded;
            try {
                if (stopLoader || loadFailure != null) {
                    return;
                }
                long end = Math.min(staged.persisted, position + mask + 1);
                while (l < end) {
                    T token = cursor.next();
                    if (token == null) {
                        throw channel.store.failure(l, "token " + l + " is persisted but cannot be read back", null);
                    }
                    cache.lazySet((int) (l & mask), token);
                    l++;
                }
                loaded = l;
            } catch (RuntimeException e) {
                loaded = l;
                // After loaded: a reader that sees the failure sees every token loaded before it.
                loadFailure = e instanceof ChannelException ce ? ce : channel.store.failure(l, "cannot load token " + l + ": " + e, e);
            } finally {
                loading.unlock();
            }
            channel.readable.signal();
        }

        @Override
        T fetch(long seq) {
            if (seq >= loaded && loadFailure == null) {
                // Written (the caller checked) but not in the cache: persist and load it here.
                if (seq >= staged.persisted && !staged.appendWritten()) {
                    ChannelException f = staged.failure();
                    if (f == null) {
                        return null; // the channel is shut down
                    }
                    throw rethrown(f);
                }
                loadPersisted();
            }
            if (seq >= loaded) {
                ChannelException f = loadFailure;
                if (f != null) {
                    throw f;
                }
                return null;
            }
            int slot = (int) (seq & mask);
            T token = cache.get(slot);
            cache.lazySet(slot, null);
            return token;
        }

        @Override
        void taken(long seq) {
            if (loaded - seq > mask) {
                // The cache was full: its loader may be waiting, or lingering, for the slot this take freed.
                staged.persistedGrew.signal();
                staged.batchLanded.signal();
            }
        }

        @Override
        void moveTo(long seq) {
            stopLoader();
            for (int i = 0; i <= mask; i++) {
                cache.set(i, null);
            }
            position = seq;
            startLoader(seq);
        }

        @Override
        void release() {
            stopLoader();
        }

        private void stopLoader() {
            stopLoader = true;
            staged.persistedGrew.signal();
            staged.batchLanded.signal();
            Parking.joinUninterruptibly(loader);
            loading.lock();
            try {
                cursor.close();
            } finally {
                loading.unlock();
            }
        }
    }
}
