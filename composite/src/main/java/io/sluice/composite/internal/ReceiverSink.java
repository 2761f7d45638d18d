package io.sluice.composite.internal;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelSpec;
import io.sluice.composite.TransferSpec;
import io.sluice.remote.RemoteChannelWriter;
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
    private final RemoteChannelWriter<Object> writer;
    private int index;
    private Dispatcher dispatcher;
    private Meter meter;
    private volatile boolean stopping;
    private boolean closed;
    /** What {@link #measureStored} saw last: when, the tokens stored, whether some waited to be. Monitor thread only. */
    private long sampledAt;
    private long storedThen;
    private boolean waitingThen;

    @SuppressWarnings("unchecked")
    ReceiverSink(TransferSpec.Receiver receiver, Class<?> type, RemoteChannels.Options options) throws IOException {
        this.receiver = receiver;
        this.space = RemoteChannels.connect(receiver.space(), options);
        try {
            this.channel = (Channel<Object>) space.open(ChannelSpec.unbounded(receiver.channel(), type));
            this.writer = (RemoteChannelWriter<Object>) channel.writer(); // a space's channels have such writers
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

    /**
     * On the monitor thread, every tick: counts into {@code capacity} the tokens the space stored
     * since the last call, and the time between as busy if the receiver was the bottleneck all
     * along: tokens waited to be stored at the start, and at the end at least as many waited as
     * were stored in between (a receiver that keeps up has only what is in flight waiting, and is
     * not measured; its capacity stays unknown, unlimited to the scheduler). What a receiver
     * takes is measured where it is stored, not where it is put: a put returns as soon as the
     * writer has buffered the token, long before a slow link has carried it. The monitor thread is
     * the one that counts into {@code capacity}.
     */
    void measureStored(Meter capacity) {
        long now = System.nanoTime();
        long stored = writer.stored();
        long tokens = stored - storedThen;
        long waiting = writer.position() - stored;
        if (sampledAt != 0 && waitingThen && waiting >= Math.max(1, tokens)) {
            long written = meter.tokens();
            capacity.add(tokens, written == 0 ? 0 : (long) ((double) tokens * meter.bytes() / written));
            capacity.busy(now - sampledAt);
        }
        sampledAt = now;
        storedThen = stored;
        waitingThen = waiting > 0;
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
