package io.sluice.provenance;

import static io.sluice.run.FiringSpan.UNTIMED;

import io.sluice.run.FiringLog;
import io.sluice.run.FiringSpan;

/**
 * A {@link FiringLog} that takes an actor's firings as plain numbers, in runs of alike firings,
 * as the firing log stores them ({@link FiringBatch}): a firing, a run of consecutive firings
 * that each moved the same number of tokens on each port ({@link #firings}), or several runs one
 * after the other ({@link #runs}). A span is swept into runs ({@link AlikeRuns}) by default.
 * {@link ActorLog} is one; a batch read back ({@link FiringBatch#walk}) is handed to one.
 *
 * <p><b>Positions and times.</b> Port arrays follow the order of the actor's input and output
 * ports in the workflow; a port whose {@code from} equals its {@code to} moved no token. The
 * arrays belong to the caller, who reuses them: read them before returning. A firing's start
 * and end are in nanoseconds since the epoch, or {@link FiringSpan#UNTIMED}: the firings of a
 * run or runs are untimed but for the last, which is timed by {@code start} and {@code end} or
 * is untimed too (then both are {@code UNTIMED}).
 *
 * <p><b>Threading.</b> As {@link FiringLog}: one call after the other, in firing order.
 */
@FunctionalInterface
interface AlikeFiringsLog extends FiringLog {

    /**
     * A firing has ended (normally or not).
     *
     * @param inputFrom per input port, the reader's position when the firing started
     * @param inputTo per input port, the reader's position when it ended
     * @param outputFrom per output port, the writer's position when the firing started
     * @param outputTo per output port, the writer's position when it ended
     */
    void firing(long firing, long start, long end, long[] inputFrom, long[] inputTo, long[] outputFrom, long[] outputTo)
            throws Exception;

    /**
     * {@code count} consecutive firings, {@code first} to {@code first + count - 1}, have ended, each
     * moving {@code inputStep[i]} tokens on input port {@code i} and {@code outputStep[i]} on
     * output port {@code i}: firing {@code first + k} moved input {@code i} from
     * {@code inputFrom[i] + k * inputStep[i]}.
     *
     * <p>The default logs each firing with {@link #firing}.
     *
     * @param count at least 1
     */
    default void firings(long first, long count, long start, long end, long[] inputFrom, long[] inputStep,
            long[] outputFrom, long[] outputStep) throws Exception {
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
            firing(first + k, last ? start : UNTIMED, last ? end : UNTIMED, inFrom, inTo, outFrom, outTo);
            System.arraycopy(inTo, 0, inFrom, 0, inTo.length);
            System.arraycopy(outTo, 0, outFrom, 0, outTo.length);
        }
    }

    /**
     * The firings {@code first} on have ended, as {@code runs} runs of alike firings one after the
     * other: run {@code r} holds {@code counts[r]} firings, each moving {@code steps[r * ports + p]}
     * tokens on port {@code p}, where ports are numbered inputs, then outputs ({@code ports} being
     * {@code inputFrom.length + outputFrom.length}). The first run starts with the ports at
     * {@code inputFrom} and {@code outputFrom}, and each run where the one before left them. Only
     * the first {@code runs} (and {@code runs * ports}) entries of the arrays count.
     *
     * <p>The default hands each run to {@link #firings}, or to {@link #firing} if it holds one
     * firing.
     *
     * @param runs at least 1
     */
    default void runs(long first, int runs, long[] counts, long[] steps, long start, long end, long[] inputFrom,
            long[] outputFrom) throws Exception {
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
            long runStart = last ? start : UNTIMED;
            long runEnd = last ? end : UNTIMED;
            if (count == 1) {
                firing(firing, runStart, runEnd, inFrom, inTo, outFrom, outTo);
            } else {
                firings(firing, count, runStart, runEnd, inFrom, inStep, outFrom, outStep);
            }
            System.arraycopy(inTo, 0, inFrom, 0, ins);
            System.arraycopy(outTo, 0, outFrom, 0, outs);
            firing += count;
        }
    }

    /** Sweeps the span into runs of alike firings ({@link AlikeRuns}) and hands them to {@link #runs}. */
    @Override
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
