package io.sluice.channel.local;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelStats;
import io.sluice.channel.ChannelWriter;
import io.sluice.channel.SeekableChannelReader;

/**
 * A resumed channel whose readers open where their actors restart ({@link Resumption#readerStart})
 * instead of at 0; otherwise the channel itself.
 */
final class RestartedReaders<T> implements Channel<T> {
    private final PersistentChannel<T> channel;
    private final Resumption resumption;

    RestartedReaders(PersistentChannel<T> channel, Resumption resumption) {
        this.channel = channel;
        this.resumption = resumption;
    }

    @Override
    public SeekableChannelReader<T> openReader(String readerName) {
        SeekableChannelReader<T> reader = channel.openReader(readerName);
        long start = resumption.readerStart(readerName);
        if (start != 0) {
            try {
                reader.seek(start);
            } catch (RuntimeException e) {
                reader.close();
                throw channel.store.failure("reader '" + readerName + "' cannot restart at seq " + start + ": " + e.getMessage(), e);
            }
        }
        return reader;
    }

    @Override
    public String name() {
        return channel.name();
    }

    @Override
    public Class<T> type() {
        return channel.type();
    }

    @Override
    public ChannelWriter<T> writer() {
        return channel.writer();
    }

    @Override
    public ChannelStats stats() {
        return channel.stats();
    }

    @Override
    public void close() {
        channel.close();
    }
}
