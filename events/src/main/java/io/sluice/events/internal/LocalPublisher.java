package io.sluice.events.internal;

import io.sluice.events.Publisher;
import io.sluice.records.RecordEncoder;
import io.sluice.records.RecordFormat;
import io.sluice.records.RecordValue;

/** A publisher on a local channel: encodes each event once and hands it to the channel. */
final class LocalPublisher<T> implements Publisher<T> {
    private final LocalEventSpace space;
    private final LocalChannel channel;
    private final RecordEncoder<T> encoder;
    private volatile boolean closed;

    LocalPublisher(LocalEventSpace space, LocalChannel channel, RecordEncoder<T> encoder) {
        this.space = space;
        this.channel = channel;
        this.encoder = encoder;
    }

    @Override
    public String channel() {
        return channel.name();
    }

    @Override
    public RecordFormat format() {
        return encoder.format();
    }

    @Override
    public long publish(T event) throws InterruptedException {
        if (closed) {
            throw new IllegalStateException("the publisher of format " + encoder.format() + " on event channel '"
                    + channel.name() + "' is closed");
        }
        space.checkOpen();
        if (event instanceof RecordValue v && !v.format().equals(encoder.format())) {
            throw new IllegalArgumentException("event channel '" + channel.name() + "': the event is of format " + v.format()
                    + ", but its publisher writes format " + encoder.format() + "; publish it with a publisher of its format");
        }
        byte[] bytes;
        try {
            bytes = encoder.encode(event);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("event channel '" + channel.name() + "': the event cannot be written as "
                    + encoder.format() + ": " + e.getMessage(), e);
        }
        return channel.publish(encoder.format(), bytes);
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            channel.remove(this);
        }
    }

    @Override
    public String toString() {
        return "publisher of " + encoder.format() + " on event channel '" + channel.name() + "'";
    }
}
