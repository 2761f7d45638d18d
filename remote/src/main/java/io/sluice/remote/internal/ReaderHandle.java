package io.sluice.remote.internal;

import io.sluice.channel.SeekableChannelReader;
import java.util.List;

/** A remote reader as its channel hands it out: closing it also removes it from the channel's readers. */
final class ReaderHandle<T> implements SeekableChannelReader<T> {
    private final RemoteReader<T> reader;
    private final List<RemoteReader<T>> readers;

    ReaderHandle(RemoteReader<T> reader, List<RemoteReader<T>> readers) {
        this.reader = reader;
        this.readers = readers;
    }

    @Override
    public String name() {
        return reader.name();
    }

    @Override
    public T take() throws InterruptedException {
        return reader.take();
    }

    @Override
    public T poll() {
        return reader.poll();
    }

    @Override
    public boolean isReady() {
        return reader.isReady();
    }

    @Override
    public void awaitReady() throws InterruptedException {
        reader.awaitReady();
    }

    @Override
    public boolean isEndOfStream() {
        return reader.isEndOfStream();
    }

    @Override
    public long position() {
        return reader.position();
    }

    @Override
    public void seek(long seq) {
        reader.seek(seq);
    }

    @Override
    public void close() {
        reader.close();
        readers.remove(reader);
    }
}
