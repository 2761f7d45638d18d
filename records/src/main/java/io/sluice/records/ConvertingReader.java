package io.sluice.records;

import io.sluice.channel.ChannelReader;
import java.util.Objects;

/** A channel reader whose tokens are turned into the reader's version of records ({@link RecordChannels#readAs}). */
final class ConvertingReader<T> implements ChannelReader<T> {
    private final ChannelReader<?> reader;
    private final TokenConverter<T> converter;

    ConvertingReader(ChannelReader<?> reader, TokenConverter<T> converter) {
        this.reader = Objects.requireNonNull(reader, "reader");
        this.converter = converter;
    }

    @Override
    public String name() {
        return reader.name();
    }

    @Override
    public T take() throws InterruptedException {
        long seq = reader.position();
        Object token = reader.take();
        return token == null ? null : convert(token, seq);
    }

    @Override
    public T poll() {
        long seq = reader.position();
        Object token = reader.poll();
        return token == null ? null : convert(token, seq);
    }

    /** @throws IllegalArgumentException naming the reader and the token's seq, caused by the converter's failure */
    private T convert(Object token, long seq) {
        try {
            return converter.convert(token);
        } catch (IllegalArgumentException | io.sluice.codec.CodecException e) {
            throw new IllegalArgumentException("reader '" + reader.name() + "', token " + seq + ": " + e.getMessage(), e);
        }
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
    public void close() {
        reader.close();
    }
}
