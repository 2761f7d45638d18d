package io.sluice.director;

import io.sluice.channel.TokenSizer;

/**
 * The bytes of the tokens waiting in a channel bounded in bytes, for its {@link ChannelBound}:
 * the estimated size of each token put ({@link TokenSizer}) summed from the first token put
 * after this was made, kept as a ring of running totals indexed by position, so that the bytes
 * between a reader's position and the writer's are one subtraction.
 *
 * <p><b>Threading.</b> The writer's thread calls {@link #put} and reads; another thread reads only
 * while the writer waits (after it published that it waits, under the run's lock or a fence).
 * {@link #doubleCapacity} from any thread.
 */
final class ByteDepth {
    private final String channel;
    private final TokenSizer sizer;
    /** What one token counts at most, whatever its sizer says: 1 TiB. */
    static final long MAX_TOKEN_BYTES = 1L << 40;
    /** Raised, never lowered, by {@link #doubleCapacity}. */
    private volatile long capacity;
    /** The first position counted: tokens before it count as 0 bytes. */
    private final long base;
    /** {@code sums[p & (length - 1)]}: the bytes put before position p, for the positions still waiting. */
    private long[] sums;
    /** The bytes put since {@link #base}. */
    private long total;

    ByteDepth(String channel, TokenSizer sizer, long capacity, long position) {
        this.channel = channel;
        this.sizer = sizer;
        this.capacity = capacity;
        this.base = position;
        this.sums = new long[64];
    }

    long capacity() {
        return capacity;
    }

    /** How many positions back from the writer's the ring keeps totals for without growing. */
    int ringLength() {
        return sums.length;
    }

    /**
     * Counts {@code token}, just put at {@code position}; {@code lowest} is at most the position of
     * every open reader (the ring keeps the totals from there on). Writer's thread.
     *
     * @throws IllegalStateException if the sizer returns a negative size
     */
    void put(Object token, long position, long lowest) {
        long size = sizer.sizeOf(token);
        if (size < 0) {
            throw new IllegalStateException("the token sizer " + sizer + " of channel '" + channel + "' sized a "
                    + token.getClass().getName() + " at " + size + " bytes");
        }
        size = Math.min(size, MAX_TOKEN_BYTES); // so that the running total cannot overflow
        long[] s = sums;
        long next = position + 1;
        long from = Math.max(lowest, base);
        if (next - from >= s.length) {
            s = grow(from, next);
        }
        total += size;
        s[(int) next & (s.length - 1)] = total;
    }

    /**
     * True while the tokens from {@code from} on (a reader's position, at most the writer's) take
     * less than the capacity; always once the capacity has grown to {@code Long.MAX_VALUE}.
     */
    boolean below(long from) {
        long c = capacity;
        return c == Long.MAX_VALUE || bytesFrom(from) < c;
    }

    /** The bytes of the tokens from position {@code from} to the writer's. */
    long bytesFrom(long from) {
        return total - bytesBefore(from);
    }

    /** The bytes put before position {@code from} since {@link #base} (0 at or before it): a running total the ring keeps. */
    private long bytesBefore(long from) {
        if (from <= base) {
            return 0;
        }
        long[] s = sums;
        return s[(int) from & (s.length - 1)];
    }

    /** The bytes put since this was made: with {@link #limitFrom}, one comparison says whether the channel is full. Writer's thread. */
    long total() {
        return total;
    }

    /**
     * The {@link #total} at which the tokens from position {@code from} on take the capacity as it
     * is now: while {@code total() < limitFrom(from)}, {@link #below below(from)} holds;
     * {@code Long.MAX_VALUE} once the capacity has grown to that. Writer's thread, or another while
     * the writer waits.
     */
    long limitFrom(long from) {
        long c = capacity;
        long before = bytesBefore(from);
        return c > Long.MAX_VALUE - before ? Long.MAX_VALUE : before + c;
    }

    /**
     * The lowest position from {@code from} to {@code to} (the writer's) from which on the tokens
     * take at most half the capacity: where a waiting writer asks to be woken.
     */
    long halfFreeAt(long from, long to) {
        long half = capacity / 2;
        long lo = Math.max(from, base);
        long hi = to;
        while (lo < hi) { // the totals grow with the position: the first p with bytesFrom(p) <= half
            long mid = (lo + hi) >>> 1;
            if (bytesFrom(mid) <= half) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** Doubles the capacity; any thread. */
    void doubleCapacity() {
        long c = capacity;
        capacity = c > Long.MAX_VALUE / 2 ? Long.MAX_VALUE : 2 * c;
    }

    /** A ring large enough for the totals from {@code from} to {@code next}, holding those from {@code from} to {@code next - 1}. */
    private long[] grow(long from, long next) {
        long[] old = sums;
        int length = old.length;
        while (next - from >= length) {
            if (length >= 1 << 30) {
                throw new IllegalStateException("channel '" + channel + "' holds more than " + length + " tokens under its byte capacity");
            }
            length <<= 1;
        }
        long[] s = new long[length];
        for (long p = from; p < next; p++) {
            s[(int) p & (length - 1)] = old[(int) p & (old.length - 1)];
        }
        if (from == base) {
            s[(int) base & (length - 1)] = 0;
        }
        sums = s;
        return s;
    }

    @Override
    public String toString() {
        return "the byte capacity " + capacity + " of channel '" + channel + "'";
    }
}
