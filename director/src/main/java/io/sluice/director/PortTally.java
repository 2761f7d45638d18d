package io.sluice.director;

import java.util.Arrays;

/**
 * Which firing each token one port of an actor moved belongs to, over the firings
 * {@link FiringRecording} has not handed to the logs yet (its span), kept at the cost of one
 * comparison per token. Tokens are numbered by the port's count ({@link InputBinding#taken},
 * {@link OutputBinding#put}). A token normally belongs to the firing after the previous token's:
 * its binding checks that ({@code nextFiring}) and {@linkplain #note notes} here only a token that
 * breaks the rule, because the firings between moved no token on the port, or because its firing
 * moved the previous token too. At the end of a span, {@link #endSpan} turns the notes into
 * pieces, runs of firings that each moved the same number of tokens, the port's part of the
 * {@link io.sluice.run.FiringSpan} handed to the logs; a span of one firing, which moved every
 * token of the span, is one piece at most ({@link #endOneFiringSpan}). Either way {@link #moved}
 * is how many tokens the span moved. Used on the actor's thread.
 */
final class PortTally {
    /**
     * Note {@code k}: tokens {@code [token[k], token[k] + count[k])} belong to {@code firing[k]},
     * and the tokens after them, up to the next note's, to the firings after it, one each. A firing
     * has at most one note: the extra tokens of a firing follow its note at once and widen it.
     */
    private long[] firing = new long[16];
    private long[] token = new long[16];
    private long[] count = new long[16];
    private int notes;
    /** The span's first token, and the firing it belongs to unless a note says otherwise. */
    private long spanToken;
    private long spanFiring;
    /** The span's pieces, in firing order: the firings {@code [from[k], to[k])} each moved {@code step[k]} tokens; others none. */
    private long[] from = new long[16];
    private long[] to = new long[16];
    private long[] step = new long[16];
    private int pieces;
    /** The tokens of the span last ended. */
    private long moved;

    /** Starts a span at token {@code nextToken}, which belongs to firing {@code nextFiring} unless noted otherwise. */
    void startSpan(long nextToken, long nextFiring) {
        spanToken = nextToken;
        spanFiring = nextFiring;
        notes = 0;
    }

    /** Token {@code t} belongs to firing {@code f}, which is not the one after the previous token's. */
    void note(long f, long t) {
        int last = notes - 1;
        if (last >= 0 && firing[last] == f && token[last] + count[last] == t) {
            count[last]++;
            return;
        }
        if (notes == firing.length) {
            firing = Arrays.copyOf(firing, 2 * notes);
            token = Arrays.copyOf(token, 2 * notes);
            count = Arrays.copyOf(count, 2 * notes);
        }
        firing[notes] = f;
        token[notes] = t;
        count[notes] = 1;
        notes++;
    }

    /**
     * Ends the span at token {@code endToken} (the port's count now): builds its pieces, and
     * starts the next span there, at firing {@code nextFiring}.
     */
    void endSpan(long endToken, long nextFiring) {
        moved = endToken - spanToken;
        pieces = 0;
        addRun(spanFiring, (notes > 0 ? token[0] : endToken) - spanToken);
        for (int k = 0; k < notes; k++) {
            addCount(firing[k], count[k]);
            long following = k + 1 < notes ? token[k + 1] : endToken;
            addRun(firing[k] + 1, following - token[k] - count[k]);
        }
        assert piecesHoldMoved() : "the pieces of a port do not add up to the " + moved + " tokens it moved";
        startSpan(endToken, nextFiring);
    }

    /**
     * Ends a span of one firing, {@code only}, which moved all its tokens, at token
     * {@code endToken}, and starts the next there, as {@link #endSpan} does, without reading the
     * notes: the span is one piece, or none if it moved no token.
     */
    void endOneFiringSpan(long endToken, long nextFiring, long only) {
        moved = endToken - spanToken;
        pieces = 0;
        if (moved > 0) {
            addPiece(only, only + 1, moved);
        }
        startSpan(endToken, nextFiring);
    }

    /** Whether the pieces account for every token the span moved (checked with assertions on). */
    private boolean piecesHoldMoved() {
        long sum = 0;
        for (int k = 0; k < pieces; k++) {
            sum += (to[k] - from[k]) * step[k];
        }
        return sum == moved;
    }

    /** How many tokens the span last ended moved on the port. */
    long moved() {
        return moved;
    }

    /** Firings {@code first} to {@code first + n - 1} moved a token each. */
    private void addRun(long first, long n) {
        if (n > 0) {
            addPiece(first, first + n, 1);
        }
    }

    /**
     * Firing {@code f} moved {@code c} tokens, and the token before them too if the previous piece
     * ends with {@code f}: tokens come in firing order, so a note's firing is never before the
     * previous token's.
     */
    private void addCount(long f, long c) {
        int last = pieces - 1;
        if (last >= 0 && to[last] > f) {
            if (to[last] - from[last] == 1) {
                step[last] += c;
                return;
            }
            to[last]--;
            c += step[last];
        }
        addPiece(f, f + 1, c);
    }

    /** Adds a piece, or widens the last one if it ends where this one starts with the same step. */
    private void addPiece(long first, long end, long tokens) {
        int last = pieces - 1;
        if (last >= 0 && to[last] == first && step[last] == tokens) {
            to[last] = end;
            return;
        }
        if (pieces == from.length) {
            from = Arrays.copyOf(from, 2 * pieces);
            to = Arrays.copyOf(to, 2 * pieces);
            step = Arrays.copyOf(step, 2 * pieces);
        }
        from[pieces] = first;
        to[pieces] = end;
        step[pieces] = tokens;
        pieces++;
    }

    /** How many pieces the span last ended has: firings that each moved the same number of tokens, in firing order. */
    int pieces() {
        return pieces;
    }

    /** The first firing of piece {@code k}. */
    long pieceFirst(int k) {
        return from[k];
    }

    /** The firing after the last of piece {@code k}. */
    long pieceEnd(int k) {
        return to[k];
    }

    /** The tokens each firing of piece {@code k} moved. */
    long pieceStep(int k) {
        return step[k];
    }
}
