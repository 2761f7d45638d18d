package io.sluice.composite.internal;

import io.sluice.composite.SeqRange;
import io.sluice.composite.SeqRanges;
import io.sluice.composite.Schedule;
import io.sluice.composite.TransferSpec;
import io.sluice.composite.TransferSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Hands chunks of the receivers' wanted seqs to senders, and completed chunks to the receivers'
 * writers in order.
 *
 * <p><b>Order and memory.</b> A receiver's channel is written in seq order, while its chunks come
 * from several senders at different speeds. Each receiver has a reorder window: a chunk is handed
 * out only if it starts less than {@code window} tokens after the receiver's write position, so
 * no more than a window of tokens per receiver is ever read and not yet written. A sender takes
 * the first chunk in some receiver's window that it holds, sized to take it about
 * {@code chunkSeconds} at its measured rate, so that chunks of fast and slow senders finish at
 * about the same time and a slow sender's chunk rarely holds the window up; when a sender finds
 * nothing to take, it also reads a chunk a much slower sender is still reading (the first copy to
 * arrive is written, the other is dropped). Among receivers, a sender prefers the one where it has
 * sent least of what the current schedule gives it.
 *
 * <p><b>Failures.</b> A failed sender's chunk goes back to be taken by another holder; a chunk
 * that no living sender holds stays, and the receiver's writer stops there (it cannot write past
 * it). A failed receiver gets nothing more.
 *
 * <p><b>Threads.</b> Every method holds this object's monitor; {@link #take} and
 * {@link #nextToWrite} wait on it.
 */
final class Dispatcher {
    private final TransferSpec spec;
    private final boolean uniform;
    private final ReceiverQueue[] receivers;
    private final boolean[] alive;
    private final String[] failure;
    private final double[] rate;
    private final long[] sentTokens;
    private final long[] sentBytes;
    private final Chunk.Attempt[] current;
    /** The receiver of each sender's last chunk, and where in it that chunk ended: a chunk there needs no seek. */
    private final int[] lastReceiver;
    private final long[] nextLocal;
    private final ScheduleShares shares;
    private long windowTokens;
    private long maxChunkTokens;
    private long minChunkTokens = 1;
    private final double chunkSeconds;
    private long wasted;
    private boolean stopped;

    /**
     * @param held how many tokens each receiver's channel already holds: they are not moved again
     * @param uniform uniform striping (for comparison): chunks of {@code stripeTokens}, each
     *     owned by one holder in turn whatever its speed, and no chunk read twice
     */
    Dispatcher(TransferSpec spec, long[] held, double chunkSeconds, boolean uniform, long stripeTokens) {
        this.spec = spec;
        this.uniform = uniform;
        this.chunkSeconds = chunkSeconds;
        int n = spec.senders().size();
        int m = spec.receivers().size();
        alive = new boolean[n];
        java.util.Arrays.fill(alive, true);
        failure = new String[n];
        rate = new double[n];
        java.util.Arrays.fill(rate, 1);
        sentTokens = new long[n];
        sentBytes = new long[n];
        current = new Chunk.Attempt[n];
        lastReceiver = new int[n];
        java.util.Arrays.fill(lastReceiver, -1);
        nextLocal = new long[n];
        shares = new ScheduleShares(spec);
        receivers = new ReceiverQueue[m];
        for (int j = 0; j < m; j++) {
            receivers[j] = new ReceiverQueue(spec.receivers().get(j).wanted(), held[j]);
        }
        long[] local = new long[m];
        int[] turn = new int[m];
        for (Segments.Piece p : Segments.of(spec, io.sluice.composite.Capacities.unknown()).pieces()) {
            int j = p.receiver();
            ReceiverQueue r = receivers[j];
            long size = p.range().size();
            long start = local[j];
            local[j] += size;
            long skip = Math.max(0, Math.min(size, r.head - start)); // already in the receiver's channel
            if (skip == size) {
                continue;
            }
            Chunk c = new Chunk(j, start + skip, p.range().start() + skip, size - skip, p.holders(), -1);
            if (!uniform) {
                r.pending.put(c.local, c);
                continue;
            }
            for (long at = 0; at < c.size; at += stripeTokens) {
                long len = Math.min(stripeTokens, c.size - at);
                int owner = c.holders[turn[j]++ % c.holders.length];
                Chunk s = new Chunk(j, c.local + at, c.global + at, len, c.holders, owner);
                r.pending.put(s.local, s);
            }
        }
        windowTokens = Long.MAX_VALUE / 4;
        maxChunkTokens = Long.MAX_VALUE / 4;
    }

    /** Sets the reorder window, the largest chunk and the smallest (where there is enough to share), in tokens. */
    synchronized void limits(long window, long maxChunk, long minChunk) {
        windowTokens = Math.max(1, window);
        maxChunkTokens = Math.max(1, maxChunk);
        minChunkTokens = Math.max(1, Math.min(minChunk, maxChunkTokens));
        notifyAll();
    }

    /** Sets the senders' measured rates, tokens per second. */
    synchronized void rates(double[] tokensPerSecond) {
        for (int i = 0; i < rate.length; i++) {
            if (tokensPerSecond[i] > 0) {
                rate[i] = tokensPerSecond[i];
            }
        }
    }

    /** Takes a new schedule's shares as what each sender should send each receiver from now on. */
    synchronized void schedule(Schedule schedule) {
        shares.take(schedule);
    }

    /**
     * The next chunk for sender {@code i} to read, waiting until there is one; null once the
     * transfer is over or the sender failed.
     */
    synchronized Chunk.Attempt take(int i) throws InterruptedException {
        while (true) {
            if (stopped || !alive[i] || over()) {
                return null;
            }
            Chunk.Attempt a = choose(i);
            if (a == null && !uniform) {
                a = speculate(i);
            }
            if (a != null) {
                current[i] = a;
                a.chunk.attempts.add(a);
                shares.gave(i, a.chunk.receiver, a.chunk.size);
                return a;
            }
            wait(100); // and look again: rates change what is worth reading twice
        }
    }

    private Chunk.Attempt choose(int i) {
        Chunk best = null;
        double bestScore = 0;
        boolean bestContinues = false;
        boolean continuing = false;
        for (int j = 0; j < receivers.length; j++) {
            ReceiverQueue r = receivers[j];
            if (r.failed != null) {
                continue;
            }
            // in the window, a chunk of a segment where the schedule gives this sender the largest fraction: the one
            // that continues its last chunk if there is one (no seek), else the largest (it starts in its middle, so
            // that senders spread over the window and each then reads on from where it is)
            Chunk mine = null;
            double mineFraction = -1;
            int seen = 0;
            for (Chunk c : r.pending.subMap(r.head, r.head + windowTokens).values()) {
                if (c.heldBy(i)) {
                    double f = uniform ? 1 : shares.fraction(i, j, c.global);
                    if (f > mineFraction + 1e-9 || (f > mineFraction - 1e-9 && c.size > mine.size)) {
                        mine = c;
                        mineFraction = f;
                    }
                    if (uniform || ++seen == 64) {
                        break;
                    }
                }
            }
            if (mine != null && !uniform && lastReceiver[i] == j) {
                Chunk next = r.pending.get(nextLocal[i]);
                if (next != null && next.heldBy(i) && next.local < r.head + windowTokens && shares.fraction(i, j, next.global) > mineFraction - 1e-9) {
                    mine = next;
                    continuing = true;
                }
            }
            if (mine != null) {
                double score = shares.progress(i, j) - mineFraction * 1e-3;
                if (best == null || score < bestScore) {
                    best = mine;
                    bestScore = score;
                    bestContinues = continuing;
                }
            }
            continuing = false;
        }
        if (best == null) {
            return null;
        }
        ReceiverQueue r = receivers[best.receiver];
        long n = best.size;
        if (!uniform) {
            // about chunkSeconds at the sender's rate, within the limits, and no more than a share of what is left
            double size = Math.min(maxChunkTokens, Math.max(minChunkTokens, rate[i] * chunkSeconds));
            int living = 0;
            for (boolean a : alive) {
                living += a ? 1 : 0;
            }
            size = Math.min(size, Math.max(1, pendingTokens() / (2.0 * Math.max(1, living))));
            n = Math.min(n, Math.max(1, Math.min((long) size, r.head + windowTokens - best.local)));
        }
        r.pending.remove(best.local);
        Chunk taken = best;
        if (n < best.size) {
            long skip = 0;
            boolean headServed = best.local != r.head || r.inFlight.containsKey(r.head);
            if (!uniform && !bestContinues && headServed && best.size > 4 * n) {
                skip = Math.min(best.size - n, (Math.min(best.size, r.head + windowTokens - best.local) - n) / 2);
            }
            if (skip > 0) {
                Chunk before = best.head(skip);
                r.pending.put(before.local, before);
                best = best.tail(skip);
            }
            taken = best.head(n);
            if (n < best.size) {
                Chunk rest = best.tail(n);
                r.pending.put(rest.local, rest);
            }
        }
        r.inFlight.put(taken.local, taken);
        lastReceiver[i] = taken.receiver;
        nextLocal[i] = taken.local + taken.size;
        return new Chunk.Attempt(taken, i);
    }

    private long pendingTokens() {
        long n = 0;
        for (ReceiverQueue r : receivers) {
            if (r.failed == null) {
                for (Chunk c : r.pending.values()) {
                    n += c.size;
                }
            }
        }
        return n;
    }

    /** A chunk in some window that a much slower living sender is reading, for sender {@code i} to read too. */
    private Chunk.Attempt speculate(int i) {
        Chunk best = null;
        long bestDistance = Long.MAX_VALUE;
        for (ReceiverQueue r : receivers) {
            if (r.failed != null) {
                continue;
            }
            for (Chunk c : r.inFlight.subMap(r.head, r.head + windowTokens).values()) {
                if (c.attempts.size() != 1 || !c.heldBy(i)) {
                    continue;
                }
                Chunk.Attempt other = c.attempts.get(0);
                if (other.sender == i) {
                    continue;
                }
                // the other's rate: as measured, or as seen on this chunk if that is slower (a link that just slowed down)
                double elapsed = (System.nanoTime() - other.startedNanos) / 1e9;
                double seen = elapsed > chunkSeconds ? other.progress / elapsed : rate[other.sender];
                double theirs = (c.size - other.progress) / Math.max(1e-9, Math.min(rate[other.sender], seen));
                double mine = c.size / rate[i];
                if (mine < theirs / 2 && c.local - r.head < bestDistance) {
                    best = c;
                    bestDistance = c.local - r.head;
                }
            }
        }
        return best == null ? null : new Chunk.Attempt(best, i);
    }

    /** Sender {@code a.sender} read all of its chunk: {@code data}, {@code bytes} bytes. */
    synchronized void complete(Chunk.Attempt a, List<Object> data, long bytes) {
        Chunk c = a.chunk;
        release(a);
        ReceiverQueue r = receivers[c.receiver];
        if (c.done || r.failed != null) {
            wasted += c.size;
            return;
        }
        c.done = true;
        c.data = data;
        c.bytes = bytes;
        for (Chunk.Attempt other : c.attempts) {
            other.cancelled = true;
        }
        r.inFlight.remove(c.local);
        r.completed.put(c.local, c);
        sentTokens[a.sender] += c.size;
        sentBytes[a.sender] += bytes;
        notifyAll();
    }

    /** Sender {@code a.sender} stopped reading a chunk another sender completed, after {@code read} tokens. */
    synchronized void abandon(Chunk.Attempt a, long read) {
        release(a);
        wasted += read;
        notifyAll();
    }

    /** Counts tokens read past a chunk rather than seeking. */
    synchronized void skipped(long tokens) {
        wasted += tokens;
    }

    private void release(Chunk.Attempt a) {
        a.chunk.attempts.remove(a);
        if (current[a.sender] == a) {
            current[a.sender] = null;
        }
    }

    /** Sender {@code i} failed for {@code reason}; its chunk, if any, goes back to be taken by another holder. */
    synchronized void senderFailed(int i, String reason, long readOfCurrent) {
        if (!alive[i]) {
            return;
        }
        alive[i] = false;
        failure[i] = reason;
        Chunk.Attempt a = current[i];
        if (a != null) {
            release(a);
            wasted += readOfCurrent;
            Chunk c = a.chunk;
            if (!c.done && c.attempts.isEmpty()) {
                ReceiverQueue r = receivers[c.receiver];
                r.inFlight.remove(c.local);
                r.pending.put(c.local, c);
            }
        }
        if (uniform) { // its stripes go to the next living holder
            for (ReceiverQueue r : receivers) {
                for (Map.Entry<Long, Chunk> e : r.pending.entrySet()) {
                    Chunk c = e.getValue();
                    if (c.owner == i) {
                        int next = -1;
                        for (int h : c.holders) {
                            if (alive[h]) {
                                next = h;
                                break;
                            }
                        }
                        Chunk moved = new Chunk(c.receiver, c.local, c.global, c.size, c.holders, next < 0 ? i : next);
                        e.setValue(moved);
                    }
                }
            }
        }
        notifyAll();
    }

    /** Whether sender {@code i} is still taking chunks. */
    synchronized boolean alive(int i) {
        return alive[i];
    }

    /** The chunk receiver {@code j} writes next, waiting until it is read; null once it can write no more. */
    synchronized Chunk nextToWrite(int j) throws InterruptedException {
        ReceiverQueue r = receivers[j];
        while (true) {
            if (stopped || r.failed != null) {
                return null;
            }
            Chunk c = r.completed.remove(r.head);
            if (c != null) {
                r.writing = true;
                return c;
            }
            if (r.head >= r.total || r.stuck(alive)) {
                return null;
            }
            wait();
        }
    }

    /** Receiver {@code j} wrote chunk {@code c}. */
    synchronized void written(int j, Chunk c) {
        receivers[j].wrote(c);
        notifyAll();
    }

    /** Receiver {@code j} failed for {@code reason}: it gets nothing more. */
    synchronized void receiverFailed(int j, String reason) {
        ReceiverQueue r = receivers[j];
        if (r.failed == null) {
            r.fail(reason);
            notifyAll();
        }
    }

    /** Whether receiver {@code j} got all it wants. */
    synchronized boolean complete(int j) {
        return receivers[j].failed == null && receivers[j].head >= receivers[j].total;
    }

    /** Whether no receiver can get anything more. */
    synchronized boolean over() {
        for (ReceiverQueue r : receivers) {
            if (r.open() && !r.stuck(alive)) {
                return false;
            }
        }
        return true;
    }

    /** Ends the transfer now: waiting senders and writers return. */
    synchronized void stop() {
        stopped = true;
        for (Chunk.Attempt a : current) {
            if (a != null) {
                a.cancelled = true;
            }
        }
        notifyAll();
    }

    /** The attempt sender {@code i} is reading, or null. */
    synchronized Chunk.Attempt current(int i) {
        return current[i];
    }

    /** Tokens written, by receiver; bytes written, by receiver. */
    synchronized long[][] written() {
        long[][] out = new long[2][receivers.length];
        for (int j = 0; j < receivers.length; j++) {
            out[0][j] = receivers[j].written;
            out[1][j] = receivers[j].writtenBytes;
        }
        return out;
    }

    /** Tokens and bytes each sender read that were used. */
    synchronized long[][] sent() {
        return new long[][] {sentTokens.clone(), sentBytes.clone()};
    }

    synchronized long wasted() {
        return wasted;
    }

    synchronized String failure(int i) {
        return failure[i];
    }

    synchronized String receiverFailure(int j) {
        return receivers[j].failed;
    }

    /** Tokens this run has still to write in total. */
    synchronized long remaining() {
        long n = 0;
        for (ReceiverQueue r : receivers) {
            if (r.failed == null) {
                n += r.total - r.head;
            }
        }
        return n;
    }

    /**
     * What is left to move, as a spec for the scheduler: the chunks not yet written that a living
     * sender holds, and the living senders; null if nothing is left.
     */
    synchronized TransferSpec remaining(List<String> failedSenders) {
        List<TransferSpec.Sender> senders = new ArrayList<>();
        for (int i = 0; i < alive.length; i++) {
            if (alive[i]) {
                senders.add(spec.senders().get(i));
            } else {
                failedSenders.add(spec.senders().get(i).name());
            }
        }
        List<TransferSpec.Receiver> rs = new ArrayList<>();
        for (int j = 0; j < receivers.length; j++) {
            ReceiverQueue r = receivers[j];
            if (r.failed != null) {
                continue;
            }
            List<SeqRange> wants = new ArrayList<>();
            r.unread(alive, wants);
            if (!wants.isEmpty()) {
                TransferSpec.Receiver o = spec.receivers().get(j);
                rs.add(new TransferSpec.Receiver(o.name(), o.space(), o.channel(), SeqRanges.union(wants)));
            }
        }
        if (senders.isEmpty() || rs.isEmpty()) {
            return null;
        }
        return new TransferSpec(spec.channel(), spec.tokenType(), senders, rs);
    }

    /** What each receiver that did not get everything lacks, and why. */
    synchronized Map<String, TransferSummary.Missing> missing() {
        Map<String, TransferSummary.Missing> out = new LinkedHashMap<>();
        for (int j = 0; j < receivers.length; j++) {
            ReceiverQueue r = receivers[j];
            if (r.failed == null && r.head >= r.total) {
                continue;
            }
            List<SeqRange> unavailable = new ArrayList<>();
            List<SeqRange> notWritten = new ArrayList<>();
            r.unwritten(alive, notWritten, unavailable);
            String reason;
            if (r.failed != null) {
                reason = "receiver failed: " + r.failed;
            } else {
                List<String> dead = new ArrayList<>();
                for (int i = 0; i < alive.length; i++) {
                    if (!alive[i]) {
                        dead.add(spec.senders().get(i).name() + " failed: " + failure[i]);
                    }
                }
                reason = "no surviving sender holds " + SeqRanges.describe(SeqRanges.union(unavailable)) + "; " + String.join("; ", dead);
            }
            out.put(spec.receivers().get(j).name(), new TransferSummary.Missing(SeqRanges.union(unavailable), SeqRanges.union(notWritten), reason));
        }
        return out;
    }
}
