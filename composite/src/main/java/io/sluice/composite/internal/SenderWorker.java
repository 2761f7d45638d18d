package io.sluice.composite.internal;

import io.sluice.composite.TransferSpec;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A sender's thread: takes chunks from the {@link Dispatcher} and reads them through its
 * {@link SenderLink}, until there are none or the sender fails (an error of its space or link, or
 * an interrupt from the transfer's watchdog when no token came for too long). Owns and closes its
 * link.
 */
final class SenderWorker implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(SenderWorker.class);
    private final int index;
    private final SenderLink link;
    private final Dispatcher dispatcher;
    private final Meter meter;
    private volatile double tokenBytes;
    /** Set by the watchdog before it interrupts this thread. */
    volatile String stalled;
    private volatile boolean stopping;

    SenderWorker(int index, SenderLink link, Dispatcher dispatcher, Meter meter, double tokenBytes) {
        this.index = index;
        this.link = link;
        this.dispatcher = dispatcher;
        this.meter = meter;
        this.tokenBytes = tokenBytes;
    }

    /** Asks the worker to end; the caller interrupts its thread after. */
    void stop() {
        stopping = true;
    }

    @Override
    public void run() {
        Chunk.Attempt a = null;
        long read = 0;
        try {
            while ((a = dispatcher.take(index)) != null) {
                read = 0;
                Chunk c = a.chunk;
                TransferSpec.Held h = link.sender.holding(c.global);
                dispatcher.skipped(link.moveTo(h.local(c.global), tokenBytes));
                List<Object> data = new ArrayList<>((int) Math.min(c.size, 1 << 16));
                long bytes = 0;
                long last = System.nanoTime();
                meter.waitingSince(last);
                long local = h.local(c.global);
                boolean cancelled = false;
                for (long k = 0; k < c.size; k++) {
                    if (a.cancelled) {
                        cancelled = true;
                        break;
                    }
                    Object t = link.next(local + k);
                    int size = link.size(t);
                    bytes += size;
                    data.add(t);
                    read = k + 1;
                    long now = System.nanoTime();
                    a.progress = read;
                    a.progressNanos = now;
                    meter.add(1, size);
                    meter.busy(now - last); // as it goes: a slow chunk shows in the rate before it ends
                    meter.waitingSince(now);
                    last = now;
                }
                meter.waitingSince(0);
                if (read > 0) {
                    tokenBytes = 0.9 * tokenBytes + 0.1 * ((double) bytes / read);
                }
                if (cancelled) {
                    dispatcher.abandon(a, read);
                } else {
                    dispatcher.complete(a, data, bytes);
                }
                a = null;
            }
        } catch (InterruptedException e) {
            if (!stopping) {
                fail(stalled != null ? stalled : "interrupted", a, read);
            }
        } catch (RuntimeException e) {
            if (!stopping) {
                LOG.debug("sender {} failed", link.sender.name(), e);
                fail(e.getMessage(), a, read);
            }
        } finally {
            try {
                link.close();
            } catch (RuntimeException e) {
                LOG.debug("closing sender {}", link.sender.name(), e);
            }
        }
    }

    private void fail(String reason, Chunk.Attempt a, long read) {
        LOG.warn("sender {} ({}) failed: {}", link.sender.name(), link.sender.space(), reason);
        dispatcher.senderFailed(index, reason, a == null ? 0 : read);
    }
}
