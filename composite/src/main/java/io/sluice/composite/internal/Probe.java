package io.sluice.composite.internal;

import io.sluice.composite.TransferSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * The short probe of one sender before a transfer: checks that its channel holds the last seq of
 * every range it declares, then reads from its first range for up to a time or a number of bytes,
 * whichever comes first, to measure its rate. What it reads is not used. Every wait for a token is
 * bounded: a sender that sends nothing for the stall timeout fails its probe.
 */
final class Probe {
    /**
     * What the probe measured, and a sample of the tokens it read (the first ones, up to
     * {@link #SAMPLE_TOKENS}), for the receivers' probes to write.
     */
    record Result(double tokensPerSecond, double bytesPerToken, List<Object> sample) {}

    /** The most tokens a probe keeps as its sample. */
    static final int SAMPLE_TOKENS = 256;

    private Probe() {}

    /**
     * @throws IllegalStateException naming the range if the sender's channel lacks one it declares
     */
    static Result run(SenderLink link, long millis, long maxBytes, long awaitMillis) throws InterruptedException {
        TransferSpec.Sender s = link.sender;
        for (TransferSpec.Held h : s.holds()) {
            long last = h.local(h.range().last());
            try {
                link.moveTo(last, 1e18); // seek
            } catch (RuntimeException e) {
                throw new IllegalStateException("it declares " + h.range() + " but its channel '" + s.channel() + "' in " + s.space()
                        + " has no seq " + last + ": " + e.getMessage(), e);
            }
            if (!link.await(awaitMillis)) {
                throw new IllegalStateException("it declares " + h.range() + " but its channel '" + s.channel() + "' in " + s.space()
                        + " sent no seq " + last + " within " + awaitMillis + " ms (it has none, or the link stalled)");
            }
            link.next(last);
        }
        TransferSpec.Held first = s.holds().get(0);
        long from = first.at();
        link.moveTo(from, 1e18);
        long limit = first.range().size();
        if (!link.await(awaitMillis)) {
            throw new IllegalStateException("its channel '" + s.channel() + "' in " + s.space() + " sent no seq " + from + " within "
                    + awaitMillis + " ms");
        }
        Object t = link.next(from); // the clock starts at the first token: a seek's round trip is not the rate
        List<Object> sample = new ArrayList<>();
        sample.add(t);
        long bytes = link.size(t);
        long tokens = 1;
        long start = System.nanoTime();
        long deadline = start + millis * 1_000_000L;
        long firstBytes = bytes;
        while (tokens < limit && bytes < maxBytes && System.nanoTime() < deadline) {
            t = link.next(from + tokens);
            bytes += link.size(t);
            tokens++;
            if (sample.size() < SAMPLE_TOKENS) {
                sample.add(t);
            }
        }
        double seconds = Math.max(1e-6, (System.nanoTime() - start) / 1e9);
        double perToken = (double) bytes / tokens;
        return new Result(tokens > 1 ? (tokens - 1) / seconds : Math.max(1, (bytes - firstBytes) / perToken), perToken,
                List.copyOf(sample));
    }
}
