package io.sluice.composite.internal;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelSpec;
import io.sluice.composite.TransferSpec;
import io.sluice.remote.RemoteChannelWriter;
import io.sluice.remote.RemoteChannels;
import io.sluice.remote.RemoteSpace;
import java.io.IOException;
import java.util.List;
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
    private final Class<?> type;
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
        this.type = type;
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

    /**
     * The short probe of the receiver before the transfer: writes {@code sample} (tokens a
     * sender's probe read, of {@code bytesPerToken} each on average) over and over to a scratch
     * channel of the receiver's space, for up to {@code millis} or {@code maxBytes}, and measures
     * the rate at which the space stores them (acknowledgements, as {@link #measureStored} does).
     * What is written and not yet stored is kept to about a tenth of a second at the rate
     * measured so far (at least 64 KiB), so that a slow receiver's probe ends soon after its time.
     * The scratch channel is unlinked afterwards. The transfer's channel is not touched.
     *
     * @return tokens per second the space stored, or 0 if it stored none
     * @throws RuntimeException if the space refuses the scratch channel or a write
     */
    double probe(List<Object> sample, double bytesPerToken, long millis, long maxBytes) throws InterruptedException {
        String base = receiver.channel().length() > 180 ? receiver.channel().substring(0, 180) : receiver.channel();
        String name = base + ".probe-" + Long.toHexString(java.util.concurrent.ThreadLocalRandom.current().nextLong() >>> 4);
        @SuppressWarnings("unchecked")
        Channel<Object> scratch = (Channel<Object>) space.open(ChannelSpec.unbounded(name, type));
        double rate;
        try {
            RemoteChannelWriter<Object> w = (RemoteChannelWriter<Object>) scratch.writer();
            long start = System.nanoTime();
            long end = start + millis * 1_000_000L;
            long limit = (long) Math.max(1, maxBytes / Math.max(1, bytesPerToken));
            long put = 0;
            while (put < limit && System.nanoTime() < end) {
                double seconds = Math.max(1e-3, (System.nanoTime() - start) / 1e9);
                double inFlight = Math.max(64 << 10, 0.1 * w.stored() * bytesPerToken / seconds);
                if ((put - w.stored()) * bytesPerToken >= inFlight) {
                    Thread.sleep(1);
                    continue;
                }
                w.put(sample.get((int) (put % sample.size())));
                put++;
            }
            while (w.stored() < put && System.nanoTime() < end + millis * 1_000_000L) {
                Thread.sleep(1);
            }
            rate = w.stored() / Math.max(1e-6, (System.nanoTime() - start) / 1e9);
        } finally {
            scratch.close();
        }
        RuntimeException refused = SpaceCleanup.unlink(space, name);
        if (refused != null) {
            LOG.warn("receiver {}: could not remove the probe's scratch channel '{}' from {}: {}", receiver.name(), name,
                    receiver.space(), refused.getMessage());
        }
        return rate;
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
     * not measured; its capacity stays unknown, unlimited to the scheduler, or, if probed, at least
     * the rate it stored at meanwhile). What a receiver
     * takes is measured where it is stored, not where it is put: a put returns as soon as the
     * writer has buffered the token, long before a slow link has carried it. The monitor thread is
     * the one that counts into {@code capacity}.
     */
    void measureStored(Meter capacity) {
        long now = System.nanoTime();
        long stored = writer.stored();
        long tokens = stored - storedThen;
        long waiting = writer.position() - stored;
        long written = meter.tokens();
        long bytes = written == 0 ? 0 : (long) ((double) tokens * meter.bytes() / written);
        if (sampledAt != 0 && waitingThen && waiting >= Math.max(1, tokens)) {
            capacity.add(tokens, bytes);
            capacity.busy(now - sampledAt);
        } else if (sampledAt != 0 && now > sampledAt) {
            // Not the bottleneck: what it stored meanwhile is a rate it reaches at least.
            double seconds = (now - sampledAt) / 1e9;
            capacity.atLeast(tokens / seconds, bytes / seconds);
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
