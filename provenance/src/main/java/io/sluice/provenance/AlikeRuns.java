package io.sluice.provenance;

import io.sluice.run.FiringSpan;
import java.util.Arrays;

/**
 * A {@link FiringSpan} swept into runs of alike firings, as {@link AlikeFiringsLog#runs} takes them:
 * run {@code r} holds {@link #counts()}{@code [r]} consecutive firings, each moving
 * {@link #steps()}{@code [r * ports + p]} tokens on port {@code p}, and a run differs from the one
 * before on some port. The ports' pieces are swept together, from one firing where some port's
 * number changes to the next, so a span costs a few steps per run, not per firing.
 *
 * <p>Reusable: each {@link #sweep} replaces what the one before found, in arrays it grows as
 * needed. Not thread-safe.
 */
final class AlikeRuns {
    private long[] counts = new long[8];
    private long[] steps = new long[8];
    private int[] cursor = new int[0];
    private int runs;

    /**
     * Sweeps {@code span} into runs.
     *
     * @return how many runs it holds, at least 1
     * @throws IllegalArgumentException if the span holds no firing, or a port's pieces are out of
     *     order, overlap, lie outside the span or move no tokens (naming the port and the piece)
     */
    int sweep(FiringSpan span) {
        int ports = span.inputs() + span.outputs();
        long first = span.first();
        long end = first + span.count();
        if (span.count() < 1) {
            throw new IllegalArgumentException("a span of " + span.count() + " firings from firing " + first
                    + "; a span holds at least one");
        }
        checkPieces(span);
        if (cursor.length < ports) {
            cursor = new int[ports];
        }
        Arrays.fill(cursor, 0, ports, 0);
        runs = 0;
        for (long f = first; f < end; ) {
            if (runs == counts.length) {
                counts = Arrays.copyOf(counts, 2 * runs);
            }
            if ((runs + 1) * ports > steps.length) {
                steps = Arrays.copyOf(steps, 2 * (runs + 1) * ports);
            }
            // The firings from f to until - 1 move the same numbers: a new run, unless alike to the last.
            long until = end;
            int at = runs * ports;
            boolean alike = runs > 0;
            for (int p = 0; p < ports; p++) {
                int k = cursor[p];
                int pieces = span.pieces(p);
                while (k < pieces && span.pieceEnd(p, k) <= f) {
                    k++;
                }
                cursor[p] = k;
                long step = 0;
                if (k < pieces && span.pieceFirst(p, k) <= f) {
                    step = span.pieceStep(p, k);
                    until = Math.min(until, span.pieceEnd(p, k));
                } else if (k < pieces) {
                    until = Math.min(until, span.pieceFirst(p, k));
                }
                alike = alike && step == steps[at - ports + p];
                steps[at + p] = step;
            }
            if (alike) {
                counts[runs - 1] += until - f;
            } else {
                counts[runs++] = until - f;
            }
            f = until;
        }
        return runs;
    }

    /**
     * Checks that each piece of {@code span} lies within it, after the port's piece before, and
     * moves tokens, as {@link FiringSpan} says it must.
     *
     * @return how many pieces its ports have in all
     * @throws IllegalArgumentException naming the port and the piece, if one does not
     */
    static long checkPieces(FiringSpan span) {
        long first = span.first();
        long end = first + span.count();
        long pieces = 0;
        for (int port = 0; port < span.inputs() + span.outputs(); port++) {
            long previousEnd = first;
            for (int k = 0; k < span.pieces(port); k++) {
                long from = span.pieceFirst(port, k);
                long to = span.pieceEnd(port, k);
                long step = span.pieceStep(port, k);
                if (from < previousEnd || to <= from || to > end || step < 1) {
                    throw new IllegalArgumentException("piece " + k + " of port " + port + " of the span of firings " + first
                            + " to " + (end - 1) + " claims firings " + from + " to " + (to - 1) + ", " + step + " tokens each"
                            + (from < previousEnd ? ", before the end of the piece before (" + previousEnd + ")" : ""));
                }
                previousEnd = to;
            }
            pieces += span.pieces(port);
        }
        return pieces;
    }

    /** How many runs the last sweep found. */
    int runs() {
        return runs;
    }

    /** The firings of each run of the last sweep: only the first {@link #runs()} entries count. */
    long[] counts() {
        return counts;
    }

    /** The tokens each firing of a run moved on each port, run by run: only the first {@code runs() * ports} entries count. */
    long[] steps() {
        return steps;
    }
}
