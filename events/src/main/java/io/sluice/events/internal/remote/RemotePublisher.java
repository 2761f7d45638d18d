package io.sluice.events.internal.remote;

import io.sluice.events.Publisher;
import io.sluice.records.RecordEncoder;
import io.sluice.records.RecordFormat;
import io.sluice.records.RecordValue;

/**
 * A publisher on a remote space: each publish is sent to the server and waits for the server's
 * publish to return (so that a full queue under {@code BLOCK} holds this caller too), which takes
 * a round trip.
 */
final class RemotePublisher<T> implements Publisher<T> {
    private final RemoteEventSpace space;
    private final String channel;
    private final RecordEncoder<T> encoder;
    private final int id;
    private volatile boolean closed;

    RemotePublisher(RemoteEventSpace space, String channel, RecordEncoder<T> encoder) {
        this.space = space;
        this.channel = channel;
        this.encoder = encoder;
        this.id = space.nextId();
        long req = space.nextRequest();
        space.call(req, new Msg.Out(Msg.PUB_OPEN).l(req).i(id).s(channel).s(encoder.format().toJson()));
    }

    @Override
    public String channel() {
        return channel;
    }

    @Override
    public RecordFormat format() {
        return encoder.format();
    }

    @Override
    public long publish(T event) throws InterruptedException {
        if (closed) {
            throw new IllegalStateException(this + " is closed");
        }
        if (event instanceof RecordValue v && !v.format().equals(encoder.format())) {
            throw new IllegalArgumentException("event channel '" + channel + "': the event is of format " + v.format()
                    + ", but its publisher writes format " + encoder.format() + "; publish it with a publisher of its format");
        }
        byte[] bytes;
        try {
            bytes = encoder.encode(event);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("event channel '" + channel + "': the event cannot be written as "
                    + encoder.format() + ": " + e.getMessage(), e);
        }
        long req = space.nextRequest();
        return space.call(req, new Msg.Out(Msg.PUBLISH).l(req).i(id).raw(bytes), true).l();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            long req = space.nextRequest();
            space.call(req, new Msg.Out(Msg.PUB_CLOSE).l(req).i(id));
        } catch (RuntimeException e) {
            // The space is closed or lost: the server dropped the publisher with it.
        }
    }

    @Override
    public String toString() {
        return "publisher of " + encoder.format() + " on event channel '" + channel + "' of space " + space.uri();
    }
}
