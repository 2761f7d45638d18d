package io.sluice.provenance;

import io.sluice.run.FiringSpan;
import java.util.Arrays;

/**
 * A span record of a batch ({@link FiringBatch}) as read back: each port's pieces, in arrays
 * reused from one record to the next. Used by the thread reading the batch.
 */
final class DecodedSpan implements FiringSpan {
    private final int inputs;
    /** Where the ports were before the span: the reader's positions, which it moves on. */
    private final long[] from;
    /** Per port, its pieces' first firings, ends and steps. */
    private final long[][] pieceFirst;
    private final long[][] pieceEnd;
    private final long[][] pieceStep;
    private final int[] pieces;
    private long first;
    private long count;
    private long start;
    private long end;

    /**
     * @param inputs how many of the ports are inputs
     * @param from the reader's positions of the ports, which the reader moves on as it reads the
     *     span's runs (only {@link #from} reads them, and the sweep does not)
     */
    DecodedSpan(int inputs, long[] from) {
        this.inputs = inputs;
        this.from = from;
        int ports = from.length;
        this.pieceFirst = new long[ports][4];
        this.pieceEnd = new long[ports][4];
        this.pieceStep = new long[ports][4];
        this.pieces = new int[ports];
    }

    /**
     * Reads the ports' pieces of the span of {@code count} firings from {@code first}.
     *
     * @throws IllegalStateException if they cannot be a span's: more pieces than firings, or
     *     pieces that overlap, lie outside the span or move no token (a damaged log)
     */
    void read(Varints in, long first, long count, long start, long end) {
        this.first = first;
        this.count = count;
        this.start = start;
        this.end = end;
        for (int p = 0; p < pieces.length; p++) {
            int m = in.readInt();
            if (m < 0 || m > count) {
                throw damaged(p, m + " pieces");
            }
            if (pieceFirst[p].length < m) {
                int size = Math.max(m, 2 * pieceFirst[p].length);
                pieceFirst[p] = Arrays.copyOf(pieceFirst[p], size);
                pieceEnd[p] = Arrays.copyOf(pieceEnd[p], size);
                pieceStep[p] = Arrays.copyOf(pieceStep[p], size);
            }
            long at = first;
            for (int k = 0; k < m; k++) {
                long gap = in.readLong();
                long firings = in.readLong();
                long step = in.readLong();
                long room = first + count - at;
                if (gap < 0 || firings < 1 || step < 1 || gap > room - 1 || firings > room - gap) {
                    throw damaged(p, "a piece " + gap + " firings after the one before, of " + firings + " firings of " + step
                            + " tokens each");
                }
                pieceFirst[p][k] = at + gap;
                pieceEnd[p][k] = at + gap + firings;
                pieceStep[p][k] = step;
                at = pieceEnd[p][k];
            }
            pieces[p] = m;
        }
    }

    private IllegalStateException damaged(int port, String what) {
        return new IllegalStateException("the span record of firings " + first + " to " + (first + count - 1) + " gives port "
                + port + " " + what);
    }

    @Override
    public long first() {
        return first;
    }

    @Override
    public long count() {
        return count;
    }

    @Override
    public long startEpochNanos() {
        return start;
    }

    @Override
    public long endEpochNanos() {
        return end;
    }

    @Override
    public int inputs() {
        return inputs;
    }

    @Override
    public int outputs() {
        return from.length - inputs;
    }

    @Override
    public long from(int port) {
        return from[port];
    }

    @Override
    public int pieces(int port) {
        return pieces[port];
    }

    @Override
    public long pieceFirst(int port, int piece) {
        return pieceFirst[port][piece];
    }

    @Override
    public long pieceEnd(int port, int piece) {
        return pieceEnd[port][piece];
    }

    @Override
    public long pieceStep(int port, int piece) {
        return pieceStep[port][piece];
    }
}
