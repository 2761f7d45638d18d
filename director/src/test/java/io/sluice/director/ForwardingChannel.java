package io.sluice.director;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelStats;
import io.sluice.channel.ChannelWriter;

/** A channel that passes every call to another: a test overrides the calls it watches or changes. */
class ForwardingChannel<T> implements Channel<T> {
    final Channel<T> inner;

    ForwardingChannel(Channel<T> inner) {
        this.inner = inner;
    }

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public Class<T> type() {
        return inner.type();
    }

    @Override
    public ChannelWriter<T> writer() {
        return inner.writer();
    }

    @Override
    public ChannelReader<T> openReader(String readerName) {
        return inner.openReader(readerName);
    }

    @Override
    public ChannelStats stats() {
        return inner.stats();
    }

    @Override
    public boolean onHeap() {
        return inner.onHeap();
    }

    @Override
    public void close() {
        inner.close();
    }
}
