package io.sluice.channel.local;

import io.sluice.channel.ChannelPolicy;
import io.sluice.codec.Codec;

/**
 * The {@link ChannelPolicy#FAST_TRACK} policy: a reader that keeps up takes each token straight
 * from the ring, as an object, without it being serialised and read back; the flusher still
 * persists every token in order. A reader that falls behind the ring reads the file until it
 * catches up. One thread (the flusher) per channel.
 */
final class FastTrackChannel<T> extends StagedChannel<T> {

    FastTrackChannel(ChronicleStore store, Codec<T> codec, int capacity, Class<T> type, int ringSize, long ringBytes,
            ChronicleStore.Stored durable) {
        super(store, codec, capacity, type, ringSize, ringBytes, durable);
    }

    /** Readers that keep up take tokens straight from the ring. */
    @Override
    boolean readersTakeFromRing() {
        return true;
    }

    @Override
    PersistentReader<T> newReader(String readerName) {
        return new Reader<>(this, readerName);
    }

    @Override
    void stopReaders() {
        // Readers have no threads.
    }

    private static final class Reader<T> extends PersistentReader<T> {
        private final FastTrackChannel<T> staged;
        /** Reads from the file, for tokens that have left the ring; opened when first needed. */
        private StoreCursor<T> cursor;
        private final int ringSize;

        Reader(FastTrackChannel<T> channel, String readerName) {
            super(channel, readerName);
            this.staged = channel;
            this.ringSize = channel.ringSize();
        }

        @Override
        T fetch(long seq) {
            // Token seq + ringSize, once put, took this token's slot: a reader that far behind
            // reads the file, without pulling slots that the writer keeps storing to.
            if (knownWritten() - seq <= ringSize) {
                T token = staged.fromRing(seq);
                if (token != null) {
                    return token;
                }
            }
            // The writer overwrites a slot only after its token is on disk.
            if (cursor == null) {
                cursor = channel.store.cursor(channel.codec, seq);
            } else if (cursor.seq() != seq) {
                cursor.seek(seq);
            }
            T token = cursor.next();
            if (token == null) {
                throw channel.store.failure(seq, "token " + seq + " has left the ring but is not on disk", null);
            }
            return token;
        }

        @Override
        void moveTo(long seq) {
            if (cursor != null) {
                cursor.seek(Math.min(seq, staged.persisted));
            }
        }

        @Override
        void release() {
            if (cursor != null) {
                cursor.close();
            }
        }
    }
}
