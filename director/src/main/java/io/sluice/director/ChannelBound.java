package io.sluice.director;

import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelStats;
import io.sluice.channel.ChannelWriter;
import io.sluice.channel.internal.Parking;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

/**
 * The capacity a run keeps one channel within: how far the run's readers of the channel may lag
 * behind its writer ({@link ChannelSpec#capacity()}). A channel does not bound itself; the
 * data-driven director makes the writer's actor wait here before it puts while the channel is
 * full, and doubles the capacity to end an artificial deadlock (Parks' rule, see
 * {@link DataDrivenRun}). The depth is the writer's position less the lowest position of the
 * readers still open; a channel without one never waits.
 *
 * <p><b>Waking the writer.</b> The writer's actor waits the way a channel endpoint does: a few
 * yields ({@link Parking#YIELDS}), then parking, announced in {@link #waitingWriter} with the
 * reader position at which to wake it ({@link #wakeAt}: once half the capacity is free, so that
 * it then puts many tokens before it waits again, rather than one per wake-up). The runtime tells
 * the bound after each token a reader's actor takes ({@link #readerMoved}), which reads the
 * announcement with no fence, and unparks the writer once its reader has reached the mark; when
 * a reader closes or the capacity grows, at once. A reader may read the announcement before the
 * writer's store of it shows, and the writer the reader's position before the reader's store
 * shows: then neither sees the other, so the writer parks with a timeout, which it doubles from
 * {@link #FIRST_PARK_NANOS} up to {@link #LONGEST_PARK_NANOS} while it waits. A wake-up may thus
 * come late, never be lost, and a reader pays no fence per token.
 *
 * <p><b>Bytes.</b> A channel may be bounded in bytes as well ({@link ByteDepth}): the writer's
 * actor then sizes each token it puts ({@link #wrote}) and waits while either bound is reached,
 * and asks to be woken at the higher of the two positions at which half of each is free.
 *
 * <p><b>Threading.</b> {@link #roomForWriter} and {@link #wrote} on the writer's thread; {@link #readerMoved} on a
 * reader's; everything else from any thread.
 */
final class ChannelBound {
    private final String channel;
    private final ChannelWriter<?> writer;
    /** The run's readers of the channel that are still open; replaced, never changed, under this object's lock. */
    private volatile ChannelReader<?>[] readers;
    /** Raised, never lowered, by {@link #raise}. */
    private volatile int capacity;
    /** The first timeout of a waiting writer's park, doubled at each wake-up that finds no room. */
    static final long FIRST_PARK_NANOS = 50_000;
    /** The longest timeout of a waiting writer's park: how late a wake-up missed in a race comes at most. */
    static final long LONGEST_PARK_NANOS = 10_000_000;

    /** The writer's thread while it waits for room, or null. */
    private volatile Thread waitingWriter;
    /** The position a reader reaches when the writer it waits for has room for half the capacity. */
    private volatile long wakeAt;
    /** A lower bound of the slowest open reader's position; writer's thread only. */
    private long cachedMin;
    /** The bytes waiting, if the channel is bounded in bytes; else null. */
    private final ByteDepth bytes;
    /**
     * {@code bytes.limitFrom(cachedMin)} when last computed: while the bytes put stay below it the
     * channel has room in bytes; writer's thread only. A capacity grown since only makes it low,
     * which sends the writer to read the readers' positions and the capacity again.
     */
    private long byteLimit;

    /**
     * @param readers the run's readers of the channel, every one it will have
     * @param capacity the capacity in tokens, {@link ChannelSpec#UNBOUNDED} if only {@code bytes} bounds it
     * @param bytes the bytes waiting, made at the writer's position now; null if not bounded in bytes
     */
    ChannelBound(String channel, ChannelWriter<?> writer, ChannelReader<?>[] readers, int capacity, ByteDepth bytes) {
        this.channel = channel;
        this.writer = writer;
        this.readers = readers.clone();
        this.capacity = capacity;
        this.bytes = bytes;
        this.cachedMin = minReaderPosition(writer.position());
        this.byteLimit = bytes == null ? Long.MAX_VALUE : bytes.limitFrom(cachedMin);
    }

    /** Whether the channel is bounded in bytes, so that the writer must tell it of each token it puts ({@link #wrote}). */
    boolean boundedInBytes() {
        return bytes != null;
    }

    /** The capacity now: the spec's, or more once {@link #raise raised}. */
    int capacity() {
        return capacity;
    }

    /**
     * Whether the writer may put a token now without taking the channel beyond its capacity. On
     * the writer's thread: reads the readers' positions only when the last ones it read say full.
     */
    boolean roomForWriter() {
        long written = writer.position();
        ByteDepth b = bytes;
        // In bytes, one comparison with the limit computed when cachedMin last moved.
        if (written - cachedMin < capacity && (b == null || b.total() < byteLimit)) {
            return true;
        }
        long min = minReaderPosition(written);
        cachedMin = min;
        if (b == null) {
            return written - min < capacity;
        }
        byteLimit = b.limitFrom(min);
        return written - min < capacity && b.total() < byteLimit;
    }

    /**
     * Counts the bytes of {@code token}, which the writer has just put, if the channel is bounded
     * in bytes ({@link #boundedInBytes}: a writer that knows the channel is not need not call
     * this). On the writer's thread.
     */
    void wrote(Object token) {
        ByteDepth b = bytes;
        if (b != null) {
            long next = writer.position();
            boolean moved = next - cachedMin >= b.ringLength();
            if (moved) {
                cachedMin = minReaderPosition(next);
            }
            b.put(token, next - 1, cachedMin);
            if (moved) {
                byteLimit = b.limitFrom(cachedMin);
            }
        }
    }

    /** Whether the channel has room now, or no open reader to wait for. Any thread. */
    boolean hasRoom() {
        long written = writer.position();
        long min = minReaderPosition(written);
        return written - min < capacity && (bytes == null || bytes.below(min));
    }

    /**
     * How many tokens wait in the channel: the writer's position less the slowest open reader's.
     * Any thread; exact while the writer waits.
     */
    long depth() {
        long written = writer.position();
        return written - minReaderPosition(written);
    }

    /**
     * Grows the bounds the channel has reached, to end an artificial deadlock (Parks' rule): the
     * capacity in tokens doubles if the channel holds that many, the capacity in bytes doubles as
     * often as it takes to exceed the bytes waiting, and the writer is woken. Any thread, while the writer waits.
     *
     * @return what grew, for a log line
     */
    String grow() {
        long written = writer.position();
        long min = minReaderPosition(written);
        StringBuilder grown = new StringBuilder();
        int cap = capacity;
        if (written - min >= cap) {
            int to = (int) Math.min(ChannelSpec.UNBOUNDED - 1L, 2L * cap);
            raise(to);
            grown.append("capacity ").append(to).append(" tokens");
        }
        if (bytes != null && !bytes.below(min)) {
            do { // until the writer can put: it checks again only once it has put (one token may exceed the bound)
                bytes.doubleCapacity();
            } while (!bytes.below(min));
            grown.append(grown.length() == 0 ? "" : ", ").append("capacity ").append(bytes.capacity()).append(" bytes");
            wakeWriter();
        }
        return grown.toString();
    }

    /**
     * Blocks until {@link #hasRoom()}: a few yields, then parking until a reader moves or closes
     * or the capacity grows.
     *
     * @throws InterruptedException if the thread is interrupted while waiting
     */
    void awaitRoom() throws InterruptedException {
        if (Parking.awaitBriefly(this::hasRoom)) {
            return;
        }
        Thread me = Thread.currentThread();
        long timeout = FIRST_PARK_NANOS;
        try {
            while (true) {
                int cap = capacity;
                long written = writer.position();
                long at = written - cap + Math.max(1, cap / 2);
                if (bytes != null) {
                    at = Math.max(at, bytes.halfFreeAt(minReaderPosition(written), written));
                }
                wakeAt = at;
                waitingWriter = me;
                VarHandle.fullFence();
                if (hasRoom()) {
                    return;
                }
                Parking.parkNanos(this, timeout);
                timeout = Math.min(LONGEST_PARK_NANOS, timeout * 2);
            }
        } finally {
            waitingWriter = null;
        }
    }

    /**
     * A reader of the channel has moved to {@code position} (its actor took a token): wakes the
     * writer if it waits for room and this reader has freed half the capacity. On the reader's
     * thread, after the take; no fence (see the class comment).
     */
    void readerMoved(long position) {
        Thread t = waitingWriter;
        if (t != null && position >= wakeAt) {
            LockSupport.unpark(t);
        }
    }

    /** Wakes the writer if it waits: a reader closed or the capacity grew. Any thread. */
    private void wakeWriter() {
        VarHandle.fullFence();
        Thread t = waitingWriter;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /** {@code reader} has closed: the channel no longer waits for it. On the reader's thread, after the close. */
    void readerClosed(ChannelReader<?> reader) {
        synchronized (this) {
            readers = Arrays.stream(readers).filter(r -> r != reader).toArray(ChannelReader<?>[]::new);
        }
        wakeWriter();
    }

    /** Raises the capacity to {@code to}, never lowering it, and wakes the writer if it waits. Any thread. */
    void raise(int to) {
        synchronized (this) {
            if (to > capacity) {
                capacity = to;
            }
        }
        wakeWriter();
    }

    /** The channel's counters, with the capacities, in tokens and in bytes, it was kept within. */
    ChannelStats stats(ChannelStats ofChannel) {
        return new ChannelStats(ofChannel.channel(), ofChannel.tokensWritten(), ofChannel.peakDepth(), capacity,
                bytes == null ? ChannelSpec.UNBOUNDED_BYTES : bytes.capacity());
    }

    /** The lowest position of an open reader, or {@code ifNone} if none is open. */
    private long minReaderPosition(long ifNone) {
        ChannelReader<?>[] open = readers;
        if (open.length == 0) {
            return ifNone;
        }
        long min = Long.MAX_VALUE;
        for (ChannelReader<?> r : open) {
            min = Math.min(min, r.position());
        }
        return min;
    }

    @Override
    public String toString() {
        return "the capacity " + capacity + (bytes == null ? "" : " tokens and " + bytes.capacity() + " bytes") + " of channel '"
                + channel + "'";
    }
}
