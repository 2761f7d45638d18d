package io.sluice.channels;

import io.sluice.channel.ChannelException;
import io.sluice.codec.Codec;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The {@link ChannelPolicy#CACHED} policy of the paper: the writer puts into a bounded put cache
 * that the flusher appends to the queue in batches; each reader takes from a bounded get cache
 * that a loader thread of its own fills, in batches, from the queue. Reads and writes of the
 * files happen off the actors' threads; a reader only ever sees tokens that are on disk (there is
 * no fast track). Threads: the flusher, and one loader per reader.
 */
final class CachedChannel<T> extends StagedChannel<T> {
    private final int getCacheSize;

    CachedChannel(ChronicleStore store, Codec<T> codec, int capacity, Class<T> type, int putCacheSize, int getCacheSize,
            ChronicleStore.Stored durable) {
        super(store, codec, capacity, type, putCacheSize, durable);
        this.getCacheSize = Integer.highestOneBit(Math.max(2, getCacheSize - 1)) << 1;
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
     * which frees slots for the loader. Both wait on the channel's {@code persistedGrew} signal.
     */
    private static final class Reader<T> extends PersistentReader<T> {
        private final CachedChannel<T> staged;
        private final AtomicReferenceArray<T> cache;
        private final int mask;
        /** Tokens loaded into the cache, as a seq; written by the loader only. */
        private volatile long loaded;
        private volatile boolean stopLoader;
        /** Why the loader stopped before {@link #loaded}, if it failed; reported by the next fetch there. */
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
            loaded = from;
            loadFailure = null;
            stopLoader = false;
            loader = new Thread(() -> load(from), "sluice-" + channel.name + "-loader-" + name());
            loader.setDaemon(true);
            loader.start();
        }

        private void load(long from) {
            long l = from;
            try (StoreCursor<T> cursor = channel.store.cursor(channel.codec, from)) {
                while (true) {
                    staged.persistedGrew.await(() -> stopLoader || staged.failure() != null
                            || (loaded < staged.persisted && loaded - position <= mask));
                    if (stopLoader || staged.failure() != null) {
                        return;
                    }
                    l = loaded;
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
                    channel.readable.signal();
                }
            } catch (InterruptedException e) {
                // Stopped.
            } catch (RuntimeException e) {
                // A damaged file: the reader gets the tokens loaded so far, then this.
                loaded = l;
                // After loaded: a reader that sees the failure sees every token loaded before it.
                loadFailure = e instanceof ChannelException ce ? ce : channel.store.failure(l, "cannot load token " + l + ": " + e, e);
                channel.readable.signal();
            }
        }

        @Override
        T fetch(long seq) {
            if (seq >= loaded) {
                flushIfLoadedAll();
                ChannelException f = loadFailure;
                if (f != null && seq >= loaded) {
                    throw f;
                }
                return f != null ? fetch(seq) : null;
            }
            int slot = (int) (seq & mask);
            T token = cache.get(slot);
            cache.lazySet(slot, null);
            return token;
        }

        @Override
        boolean fetchable(long seq) {
            if (seq < loaded || loadFailure != null) {
                return true;
            }
            flushIfLoadedAll();
            return false;
        }

        /** Asks the flusher for what is written when the loader has loaded all that is on disk: this reader waits for it. */
        private void flushIfLoadedAll() {
            if (loaded >= staged.persisted) {
                staged.requestFlush();
            }
        }

        @Override
        void taken(long seq) {
            staged.persistedGrew.signal();
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
            boolean interrupted = false;
            while (loader.isAlive()) {
                try {
                    loader.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
