package io.sluice.run;

/**
 * Receives the firings of one actor as plain numbers, without a {@link FiringRecord} being built:
 * the way for a {@link RunListener} that records every firing (provenance) to cost little per
 * firing. A listener hands one out per actor from {@link RunListener#firingLog}.
 *
 * <p><b>Threading.</b> Called on the thread that runs the actor, one firing after the other in
 * firing order; never for two firings of the same actor at once.
 *
 * <p><b>Time.</b> Reading the clock costs about as much as a short firing, so a director may time
 * short firings together: when it runs an actor's firings back to back (one after the other with
 * only its own work in between), it may leave firings {@link #UNTIMED} and time the next one from
 * the end of the last timed firing. The untimed firings then ran within that timed firing's
 * interval. The data-driven director runs every actor's firings back to back on its thread, and
 * keeps such an interval near 50 µs (a slower firing is timed on its own), and times a firing
 * that waited for a channel, whose interval then holds the wait. The demand-driven one runs back
 * to back the firings of an actor it fires again and again to meet one demand, and times the
 * last of them when the demand is met. Both time an actor's last firing, and any firing that
 * failed.
 *
 * <p><b>Runs of alike firings.</b> Consecutive firings that each move the same number of tokens
 * on each port (a source putting one token, a filter dropping one) may come as one call of
 * {@link #firings}; a log that stores them as one record then costs nothing per firing. A
 * director calls {@code firings} only with firings it did not time but for the last. The firings
 * since the last timed one may come as one call of {@link #runs}, a run of alike firings after
 * the other, or of {@link #span}, port by port: the director hands them over as a span, and by
 * default a span is swept into runs.
 */
@FunctionalInterface
public interface FiringLog {

    /** The start and end of a firing the director did not time: see Time, above. */
    long UNTIMED = Long.MIN_VALUE;

    /**
     * A firing has ended (normally or not). Port arrays follow the order of the actor's input and
     * output ports in the workflow ({@code ActorNode.inputs()}, {@code outputs()}); a port whose
     * {@code from} equals its {@code to} moved no token. The arrays belong to the caller, who
     * reuses them: read them before returning.
     *
     * @param firing the firing's number, 0-based
     * @param startEpochNanos when it started, in nanoseconds since the epoch, or {@link #UNTIMED};
     *     a firing run back to back with the actor's previous one (see Time) starts when the
     *     previous timed one ended
     * @param endEpochNanos when it ended, or {@link #UNTIMED} (then both are)
     * @param inputFrom per input port, the reader's position when the firing started
     * @param inputTo per input port, the reader's position when it ended
     * @param outputFrom per output port, the writer's position when the firing started
     * @param outputTo per output port, the writer's position when it ended
     * @throws Exception to fail the run, as a listener's exception does
     */
    void firing(long firing, long startEpochNanos, long endEpochNanos, long[] inputFrom, long[] inputTo, long[] outputFrom,
            long[] outputTo) throws Exception;

    /**
     * {@code count} consecutive firings, {@code first} to {@code first + count - 1}, have ended, each
     * moving {@code inputStep[i]} tokens on input port {@code i} and {@code outputStep[i]} on
     * output port {@code i}: firing {@code first + k} moved input {@code i} from
     * {@code inputFrom[i] + k * inputStep[i]}. The firings before the last are {@link #UNTIMED};
     * the last is timed by {@code startEpochNanos} and {@code endEpochNanos}, or is untimed too
     * (then both are {@code UNTIMED}). The arrays belong to the caller, who reuses them.
     *
     * <p>The default logs each firing with {@link #firing}.
     *
     * @param count at least 1
     * @throws Exception to fail the run, as a listener's exception does
     */
    default void firings(long first, long count, long startEpochNanos, long endEpochNanos, long[] inputFrom,
            long[] inputStep, long[] outputFrom, long[] outputStep) throws Exception {
        long[] inFrom = inputFrom.clone();
        long[] inTo = new long[inputFrom.length];
        long[] outFrom = outputFrom.clone();
        long[] outTo = new long[outputFrom.length];
        for (long k = 0; k < count; k++) {
            for (int i = 0; i < inFrom.length; i++) {
                inTo[i] = inFrom[i] + inputStep[i];
            }
            for (int i = 0; i < outFrom.length; i++) {
                outTo[i] = outFrom[i] + outputStep[i];
            }
            boolean last = k == count - 1;
            firing(first + k, last ? startEpochNanos : UNTIMED, last ? endEpochNanos : UNTIMED, inFrom, inTo, outFrom, outTo);
            System.arraycopy(inTo, 0, inFrom, 0, inTo.length);
            System.arraycopy(outTo, 0, outFrom, 0, outTo.length);
        }
    }

    /**
     * The firings {@code first} on have ended, as {@code runs} runs of alike firings one after the
     * other: run {@code r} holds {@code counts[r]} firings, each moving {@code steps[r * ports + p]}
     * tokens on port {@code p}, where ports are numbered inputs, then outputs ({@code ports} being
     * {@code inputFrom.length + outputFrom.length}). The first run starts with the ports at
     * {@code inputFrom} and {@code outputFrom}, and each run where the one before left them. The
     * firings are {@link #UNTIMED} but for the last, which is timed by {@code startEpochNanos} and
     * {@code endEpochNanos} or is untimed too. The arrays belong to the caller, who reuses them;
     * only their first {@code runs} (and {@code runs * ports}) entries count.
     *
     * <p>The default hands each run to {@link #firings}, or to {@link #firing} if it holds one
     * firing. A log that stores runs as records can take them in one loop instead.
     *
     * @param runs at least 1
     * @throws Exception to fail the run, as a listener's exception does
     */
    default void runs(long first, int runs, long[] counts, long[] steps, long startEpochNanos, long endEpochNanos,
            long[] inputFrom, long[] outputFrom) throws Exception {
        int ins = inputFrom.length;
        int outs = outputFrom.length;
        long[] inFrom = inputFrom.clone();
        long[] inStep = new long[ins];
        long[] inTo = new long[ins];
        long[] outFrom = outputFrom.clone();
        long[] outStep = new long[outs];
        long[] outTo = new long[outs];
        long firing = first;
        for (int r = 0; r < runs; r++) {
            long count = counts[r];
            System.arraycopy(steps, r * (ins + outs), inStep, 0, ins);
            System.arraycopy(steps, r * (ins + outs) + ins, outStep, 0, outs);
            for (int i = 0; i < ins; i++) {
                inTo[i] = inFrom[i] + count * inStep[i];
            }
            for (int i = 0; i < outs; i++) {
                outTo[i] = outFrom[i] + count * outStep[i];
            }
            boolean last = r == runs - 1;
            long start = last ? startEpochNanos : UNTIMED;
            long end = last ? endEpochNanos : UNTIMED;
            if (count == 1) {
                firing(firing, start, end, inFrom, inTo, outFrom, outTo);
            } else {
                firings(firing, count, start, end, inFrom, inStep, outFrom, outStep);
            }
            System.arraycopy(inTo, 0, inFrom, 0, ins);
            System.arraycopy(outTo, 0, outFrom, 0, outs);
            firing += count;
        }
    }

    /**
     * Firing {@code firing} declared the actor's state empty after it
     * ({@link io.sluice.actor.FiringContext#declareStateEmpty()}): what later firings put does not
     * derive from what it and the firings before it took. Called after the firing has been handed
     * to this log (in a firing, a run or a span), before any later firing. The default ignores it;
     * a log that records lineages keeps it, or takes the actor's outputs to derive from all it
     * ever took.
     *
     * @throws Exception to fail the run, as a listener's exception does
     */
    default void stateEmptied(long firing) throws Exception {}

    /**
     * The firings of {@code span} have ended, given port by port ({@link FiringSpan}): the way the
     * director hands an actor's firings over, those since the last timed one together. The span
     * belongs to the caller, who reuses it: read it before returning.
     *
     * <p>The default sweeps the span into runs of alike firings ({@link AlikeRuns}) and hands them
     * to {@link #runs}. A log that stores the ports' pieces as they are costs per piece, without
     * the sweep.
     *
     * @throws Exception to fail the run, as a listener's exception does
     */
    default void span(FiringSpan span) throws Exception {
        AlikeRuns swept = new AlikeRuns();
        int runs = swept.sweep(span);
        long[] inputFrom = new long[span.inputs()];
        long[] outputFrom = new long[span.outputs()];
        for (int i = 0; i < inputFrom.length; i++) {
            inputFrom[i] = span.from(i);
        }
        for (int i = 0; i < outputFrom.length; i++) {
            outputFrom[i] = span.from(inputFrom.length + i);
        }
        runs(span.first(), runs, swept.counts(), swept.steps(), span.startEpochNanos(), span.endEpochNanos(), inputFrom,
                outputFrom);
    }
}
