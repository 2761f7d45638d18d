package io.sluice.channel.local;

import io.sluice.channel.ChannelPolicy;
import io.sluice.codec.Codec;

/**
 * The {@link ChannelPolicy#DIRECT} policy: every put appends to the queue and every take reads
 * from it, on the caller's thread. No thread of its own, nothing on the heap but the one excerpt
 * being read.
 */
final class DirectChannel<T> extends PersistentChannel<T> {
    private final StoreAppender<T> appender;

    DirectChannel(ChronicleStore store, Codec<T> codec, int capacity, Class<T> type, ChronicleStore.Stored durable) {
        super(store, codec, capacity, type, durable);
        this.appender = store.appender(codec, durable.tokens());
    }

    @Override
    void stage(T token, long seq) {
        appender.append(token);
    }

    @Override
    void stageEnd(long seq) {
        appender.appendEnd();
    }

    @Override
    PersistentReader<T> newReader(String readerName) {
        return new Reader<>(this, readerName);
    }

    @Override
    void shutdown() {
        try {
            appender.close();
        } finally {
            store.close();
        }
    }

    private static final class Reader<T> extends PersistentReader<T> {
        private final StoreCursor<T> cursor;

        Reader(DirectChannel<T> channel, String readerName) {
            super(channel, readerName);
            this.cursor = channel.store.cursor(channel.codec, 0);
        }

        @Override
        T fetch(long seq) {
            T token = cursor.next();
            if (token == null) {
                throw channel.store.failure(seq, "token " + seq + " was written but cannot be read back", null);
            }
            return token;
        }

        @Override
        void moveTo(long seq) {
            cursor.seek(seq);
        }

        @Override
        void release() {
            cursor.close();
        }
    }
}
