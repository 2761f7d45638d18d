package io.sluice.composite.internal;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelWriter;
import io.sluice.composite.TransferSpec;
import io.sluice.remote.RemoteChannels;
import io.sluice.remote.RemoteSpace;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A receiver's connection, channel and writer, and the thread that writes its chunks in seq order
 * as the {@link Dispatcher} completes them. The writer stands, once opened, at the count the
 * space already holds, so a receiver written before resumes after what it has. When the receiver
 * got everything its stream is ended; otherwise the writer is detached (every token written is
 * stored) and the stream stays open for a later run. Owns and closes all of it.
 */
final class ReceiverSink implements Runnable, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ReceiverSink.class);
    final TransferSpec.Receiver receiver;
    private final RemoteSpace space;
    private final Channel<Object> channel;
    private final ChannelWriter<Object> writer;
    private int index;
    private Dispatcher dispatcher;
    private Meter meter;
    private volatile boolean stopping;
    private boolean closed;

    @SuppressWarnings("unchecked")
    ReceiverSink(TransferSpec.Receiver receiver, Class<?> type, RemoteChannels.Options options) throws IOException {
        this.receiver = receiver;
        this.space = RemoteChannels.connect(receiver.space(), options);
        try {
            this.channel = (Channel<Object>) space.open(ChannelSpec.unbounded(receiver.channel(), type));
            this.writer = channel.writer();
        } catch (RuntimeException e) {
            space.close();
            throw e;
        }
    }

    /** Tokens the receiver's channel held when it was opened (or since). */
    long held() {
        return writer.position();
    }

    void bind(int index, Dispatcher dispatcher, Meter meter) {
        this.index = index;
        this.dispatcher = dispatcher;
        this.meter = meter;
    }

    void stop() {
        stopping = true;
    }

    @Override
    public void run() {
        try {
            Chunk c;
            while ((c = dispatcher.nextToWrite(index)) != null) {
                long started = System.nanoTime();
                for (Object t : c.data) {
                    writer.put(t);
                }
                meter.add(c.size, c.bytes);
                meter.busy(System.nanoTime() - started);
                dispatcher.written(index, c);
            }
            if (dispatcher.complete(index)) {
                writer.close(); // ends the stream, once stored
            }
        } catch (InterruptedException e) {
            if (!stopping) {
                dispatcher.receiverFailed(index, "interrupted");
            }
        } catch (RuntimeException e) {
            LOG.warn("receiver {} ({}) failed: {}", receiver.name(), receiver.space(), e.getMessage());
            dispatcher.receiverFailed(index, e.getMessage());
        }
    }

    /** Stores what was written (without ending the stream unless it was ended) and closes. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            channel.close();
        } catch (RuntimeException e) {
            LOG.warn("receiver {}: {}", receiver.name(), e.getMessage());
            if (dispatcher != null) {
                dispatcher.receiverFailed(index, e.getMessage());
            }
        } finally {
            space.close();
        }
    }
}
