package io.sluice.testing;

import io.sluice.run.FiringSpan;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link FiringSpan} for tests: each port's pieces listed as {first firing, end, step}, in lists
 * a test may change (to make a span its reader must refuse, say).
 */
public final class ListedSpan implements FiringSpan {
    private final long first;
    private final long count;
    private final long start;
    private final long end;
    private final int inputs;
    private final long[] from;
    private final List<List<long[]>> pieces;

    private ListedSpan(long first, long count, long start, long end, int inputs, long[] from, List<List<long[]>> pieces) {
        this.first = first;
        this.count = count;
        this.start = start;
        this.end = end;
        this.inputs = inputs;
        this.from = from;
        this.pieces = pieces;
    }

    /** The span of {@code count} firings from {@code first} whose port {@code p} has the pieces {@code ports[p]}. */
    public static ListedSpan of(long first, long count, long start, long end, int inputs, long[] from, long[][]... ports) {
        List<List<long[]>> pieces = new ArrayList<>();
        for (long[][] port : ports) {
            pieces.add(new ArrayList<>(List.of(port)));
        }
        return new ListedSpan(first, count, start, end, inputs, from, pieces);
    }

    /**
     * The span of the firings from {@code first} in which firing {@code f} moved
     * {@code moved[f][p]} tokens on port {@code p}: a piece per firing if {@code piecePerFiring},
     * else as few pieces as the numbers allow.
     */
    public static ListedSpan ofMoved(long first, long start, long end, int inputs, long[] from, long[][] moved,
            boolean piecePerFiring) {
        List<List<long[]>> pieces = new ArrayList<>();
        for (int p = 0; p < from.length; p++) {
            List<long[]> port = new ArrayList<>();
            for (int f = 0; f < moved.length; f++) {
                long step = moved[f][p];
                if (step == 0) {
                    continue;
                }
                long[] last = port.isEmpty() ? null : port.get(port.size() - 1);
                if (!piecePerFiring && last != null && last[1] == first + f && last[2] == step) {
                    last[1]++;
                } else {
                    port.add(new long[] {first + f, first + f + 1, step});
                }
            }
            pieces.add(port);
        }
        return new ListedSpan(first, moved.length, start, end, inputs, from, pieces);
    }

    /**
     * The span of runs of alike firings from {@code first}: run {@code r} holds {@code counts[r]}
     * firings, each moving {@code steps[r * ports + p]} tokens on port {@code p};
     * each run that moved tokens on a port is a piece of it.
     */
    public static ListedSpan ofRuns(long first, long[] counts, long[] steps, long start, long end, int inputs, long[] from) {
        int ports = from.length;
        List<List<long[]>> pieces = new ArrayList<>();
        for (int p = 0; p < ports; p++) {
            pieces.add(new ArrayList<>());
        }
        long f = first;
        for (int r = 0; r < counts.length; r++) {
            for (int p = 0; p < ports; p++) {
                if (steps[r * ports + p] > 0) {
                    pieces.get(p).add(new long[] {f, f + counts[r], steps[r * ports + p]});
                }
            }
            f += counts[r];
        }
        return new ListedSpan(first, f - first, start, end, inputs, from, pieces);
    }

    /** Port {@code p}'s pieces, which the test may change. */
    public List<long[]> port(int p) {
        return pieces.get(p);
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
        return pieces.get(port).size();
    }

    @Override
    public long pieceFirst(int port, int piece) {
        return pieces.get(port).get(piece)[0];
    }

    @Override
    public long pieceEnd(int port, int piece) {
        return pieces.get(port).get(piece)[1];
    }

    @Override
    public long pieceStep(int port, int piece) {
        return pieces.get(port).get(piece)[2];
    }
}
