package io.sluice.run;

/**
 * What consecutive firings of one actor consumed and produced: the one way a run hands its
 * firings to a listener ({@link FiringLog#span}). It holds firings {@link #first} to
 * {@code first() + count() - 1}, described port by port rather than firing by firing. Each
 * port's tokens are given as pieces, in firing order: piece {@code k} of port {@code p} says that
 * each of the firings {@code pieceFirst(p, k)} to {@code pieceEnd(p, k) - 1} moved
 * {@code pieceStep(p, k)} tokens on the port, the first of them starting at
 * {@link #from}{@code (p)} and each where the one before ended; a firing in no piece of the port
 * moved none on it. A filter that passes one word in thirty, say, gives its input one piece for
 * the whole span and its output one piece per word passed: a reader pays per piece, not per
 * firing.
 *
 * <p>Ports are numbered by their place among the actor's input ports, then its output ports
 * ({@code ActorNode.inputs()}, {@code outputs()}); a port's position is its reader's or writer's
 * seq, so the tokens a firing moved are named by the channel and a range of seqs. Pieces do not
 * overlap, hold at least one firing and one token each, and lie within the span. The firings are
 * {@link #UNTIMED} but for the last, which ran from {@link #startEpochNanos} to
 * {@link #endEpochNanos}, or is untimed too (then both are {@code UNTIMED}); the untimed firings
 * ran within that interval.
 *
 * <p><b>Threading and lifetime.</b> The span belongs to the director, which reuses it: read it
 * during the {@code span} call, on the thread that runs the actor, and keep nothing of it.
 */
public interface FiringSpan {

    /** In place of a start or end time: the firing was not timed. */
    long UNTIMED = Long.MIN_VALUE;

    /** The span's first firing, 0-based. */
    long first();

    /** How many firings the span holds: at least 1. */
    long count();

    /** When the span's last firing started, in nanoseconds since the epoch, or {@link #UNTIMED}. */
    long startEpochNanos();

    /** When it ended, or {@link #UNTIMED}. */
    long endEpochNanos();

    /** How many input ports the actor has; ports {@code 0} to {@code inputs() - 1} are they. */
    int inputs();

    /** How many output ports it has; they follow the inputs. */
    int outputs();

    /** Where port {@code port} was before the span's first firing: the reader's or the writer's position. */
    long from(int port);

    /** How many pieces port {@code port} has: 0 if the span moved no token on it. */
    int pieces(int port);

    /** The first firing of piece {@code piece} of port {@code port}. */
    long pieceFirst(int port, int piece);

    /** The firing after its last. */
    long pieceEnd(int port, int piece);

    /** How many tokens each of its firings moved on the port: at least 1. */
    long pieceStep(int port, int piece);
}
