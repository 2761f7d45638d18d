package io.sluice.director;

import io.sluice.run.FiringLog;
import io.sluice.run.FiringSpan;
import io.sluice.run.RunFailedException;
import io.sluice.run.RunListener;

/**
 * Records the firings of one actor for the {@link FiringLog}s the run's listeners gave for it:
 * the firings since the last timed one (a span) go to the logs together, port by port, each
 * port's tally as pieces, in one call ({@link FiringLog#span}), the last firing timed. The
 * positions are read from the channels once, at the first firing, and then follow the tokens
 * the actor's bindings count, each tallied to its firing as it moves ({@link PortTally}). No
 * object is built per firing.
 *
 * <p><b>Time.</b> Reading the clock costs about as much as a short firing, so firings run back
 * to back (one after the other on the actor's thread, with only the director's loop in between)
 * are timed together: a timed firing starts where the last timed one ended, and the untimed
 * firings between them ran within its interval. Back-to-back firings are timed every
 * {@code stride} firings, a stride adapted so that a timed interval lasts about
 * {@value #RESOLUTION_NANOS} ns and holds at most {@value #MAX_STRIDE} firings
 * ({@link #adaptStride}). A firing that is neither back to back nor demanded, that waited for a channel, that
 * failed or was stopped, that ended the actor or emptied its state is timed on its own. A span
 * is handed over when a firing is timed, when the director ends a sequence of back-to-back
 * firings ({@link #endBackToBack}), and when the actor ends. The data-driven director runs every
 * actor's firings back to back; the demand-driven one the firings of an actor it fires again and
 * again to meet one demand. A firing that another's firing demanded and that is not back to back
 * (the demand-driven director fires a source once for each token its reader asks) starts, as
 * handed over, where the demanding firing started, or where this actor's last span ended if that
 * is later: both are before it began, so it still lies within its interval, and the clock is
 * not read. Such demanded firings are timed together too, every {@code stride} firings, as
 * back-to-back ones are: each firing starts, as handed over, where the first of its span did
 * ({@link #pendingStart}), so that the interval of the one timed holds them all. Under the
 * demand-driven director a span that a sequence of demands leaves pending is handed over before
 * the firing that demanded it times its own ({@link NestedSpans}), so that demanded firings stay
 * within the interval of the firing that demanded them. An actor whose firing was demanded (it
 * runs deeper than a driver's firing) times its own only every {@value #MAX_STRIDE} firings
 * ({@link #strideNow}): its spans are handed over mostly when a firing above it is timed, so
 * that an actor deep in a chain of demands is handed over about as often as the driver's
 * firings are timed, not once for each actor above it that times its own. Used on the actor's
 * thread.
 */
final class FiringRecording {
    /** The interval a timed firing of back-to-back firings aims at: about as long as this. */
    static final long RESOLUTION_NANOS = 50_000;
    /** At most this many back-to-back firings share one timed interval. */
    static final int MAX_STRIDE = 1024;

    private final RunBase run;
    private final String actor;
    private final InputBinding[] inputs;
    private final OutputBinding[] outputs;
    private final RunListener[] logOwners;
    private final FiringLog[] logs;
    /**
     * Per port, inputs then outputs, which firing each of its tokens belongs to ({@link PortTally}),
     * over the span: the firings from {@code spanFirst} to {@code spanEnd - 1}, not handed to the
     * logs yet.
     */
    private final PortTally[] tallies;
    private long spanFirst;
    private long spanEnd;
    /**
     * The first firing that {@link #ended} must look at: before it, a back-to-back firing that
     * need not be timed costs one comparison. The firing that completes the stride, or
     * {@code Long.MIN_VALUE} while every firing must be looked at (before the first, and after a
     * wait).
     */
    private long timeAt = Long.MIN_VALUE;
    /** Where the ports are before the span, inputs and outputs: where the last span left them. */
    private final long[] inputAt;
    private final long[] outputAt;
    /** The span as the logs see it, over the tallies. */
    private final Span span = new Span();
    private boolean positionsKnown;
    /** When the last timed firing ended, 0 before the first: where the next timed interval starts. */
    private long spanStart;
    /** When the last span handed over ended, 0 before the first; unlike {@link #spanStart}, kept across sequences. */
    private long lastEnd;
    /**
     * The earliest start, as {@link #started} gave it, of the firings of the span, 0 while it holds
     * none: a firing starts there as handed over, so that the interval of the one timed, which
     * ends the span, holds them all.
     */
    private long pendingStart;
    /** The demand-driven run's pending recordings, or null under another director: see {@link NestedSpans}. */
    private final NestedSpans nested;
    /** The {@link NestedSpans#level} of the firing under way, or of the last one. */
    private int level;
    /** The deepest level of a firing of the span that has ended, 0 while none has; set only with {@link #nested}. */
    private int pendingLevel;
    /** The actor's firings that have ended, the first firing's number included. */
    private long endedFirings;
    /** How many back-to-back firings to time together. */
    private int stride = 1;
    /** Whether the firing under way has waited for a channel ({@link #waited}). */
    private boolean waited;

    /**
     * @param logOwners the listeners that gave a log for this actor
     * @param logs their logs, in the same order; at least one
     */
    FiringRecording(RunBase run, String actor, InputBinding[] inputs, OutputBinding[] outputs, RunListener[] logOwners,
            FiringLog[] logs) {
        this.run = run;
        this.actor = actor;
        this.inputs = inputs;
        this.outputs = outputs;
        this.logOwners = logOwners;
        this.logs = logs;
        int ins = inputs.length;
        int outs = outputs.length;
        this.tallies = new PortTally[ins + outs];
        for (int p = 0; p < tallies.length; p++) {
            tallies[p] = new PortTally();
        }
        this.inputAt = new long[ins];
        this.outputAt = new long[outs];
        this.nested = run.nestedSpans();
    }

    /**
     * Before firing {@code n}: at the first, reads where the ports are and starts tallying their
     * tokens; returns the firing's start.
     *
     * @param backToBack true if the firing follows the actor's previous one at once (its thread
     *     loops over its firings, as under the data-driven director): it then starts when the
     *     previous timed firing ended, which saves reading the clock (the director's loop in
     *     between counts in the firing)
     */
    long started(long n, boolean backToBack) {
        return started(n, backToBack, 0L);
    }

    /**
     * As {@link #started(long, boolean)}, for a firing that another actor's firing, which started
     * at {@code demandedFrom}, demanded (the demand-driven director fires it inside that firing):
     * unless back to back, it starts there, or where this actor's last firing handed over ended
     * if that is later, which saves reading the clock; 0 for a firing nobody demanded.
     */
    long started(long n, boolean backToBack, long demandedFrom) {
        if (nested != null) {
            level = nested.level;
        }
        long start;
        if (backToBack && spanStart != 0) {
            start = spanStart; // a timed firing set spanStart, after the positions were read
        } else if (demandedFrom != 0 && positionsKnown) {
            start = Math.max(demandedFrom, lastEnd);
        } else {
            start = startedAnew(n);
        }
        if (pendingStart == 0 || start < pendingStart) {
            pendingStart = start;
        }
        return pendingStart;
    }

    /** {@link #started} when the firing does not start where the last timed one ended: reads the clock. */
    private long startedAnew(long n) {
        if (!positionsKnown) {
            for (int i = 0; i < inputs.length; i++) {
                InputBinding in = inputs[i];
                inputAt[i] = in.reader.position();
                tallies[i].startSpan(in.taken, in.nextFiring);
                in.tally = tallies[i];
            }
            for (int i = 0; i < outputs.length; i++) {
                OutputBinding out = outputs[i];
                outputAt[i] = out.writer.position();
                tallies[inputs.length + i].startSpan(out.put, out.nextFiring);
                out.tally = tallies[inputs.length + i];
            }
            spanFirst = n;
            positionsKnown = true;
        }
        return run.epochNanos();
    }

    /**
     * Firing {@code n}, started at {@code started}, has ended: it joins the span, which goes to the
     * logs when a firing is timed; a log that throws fails the run. A back-to-back firing is timed
     * only every {@code stride} firings (see Time, above), unless
     * {@code mustTime} or it {@link #waited}. The usual firing, untimed, costs a comparison here
     * ({@link #timeAt}): its tokens were tallied as they moved, and the span ends where the next
     * timed firing, or {@link #flush}, says.
     *
     * @param backToBack true if the firing followed the actor's previous one at once, or another
     *     actor's firing demanded it: either way it may be timed together with the ones before it
     * @param mustTime true for the actor's last firing, and for one that failed or was stopped
     */
    void ended(long n, long started, boolean backToBack, boolean mustTime) {
        endedFirings = n + 1;
        if (pendingStart == 0 || started < pendingStart) {
            pendingStart = started; // its span may have been handed over while it ran (NestedSpans)
        }
        if (nested != null && level > pendingLevel) {
            if (pendingLevel == 0) {
                nested.add(this);
            }
            pendingLevel = level;
        }
        if (n < timeAt && backToBack && !mustTime) {
            return;
        }
        spanEnd = n + 1;
        if (waited) {
            // The wait, not the firings, made the interval long: time it, but leave the stride be.
            waited = false;
            timed(started, false);
        } else if (mustTime || !backToBack || spanEnd - spanFirst >= strideNow()) {
            timed(started, backToBack);
        }
    }

    /**
     * The firing under way waits for a channel (the data-driven director blocks its thread): it
     * is timed when it ends, and the interval, long for the wait, does not make the firings after
     * it timed one by one as a slow firing's would (see {@link #adaptStride}).
     */
    void waited() {
        waited = true;
        timeAt = Long.MIN_VALUE;
    }

    /**
     * The firing that ended, started at {@code started}, is timed: hands over the span it ends;
     * {@code adapt} if its interval tells how long back-to-back firings take.
     */
    private void timed(long started, boolean adapt) {
        int handed = nested != null ? nested.handDeeperThan(level, this) : 0;
        long end = run.epochNanos();
        lastEnd = end;
        if (adapt) {
            adaptStride(end - started, 1 + handed);
        }
        spanStart = end;
        handSpan(started, end);
    }

    /**
     * Ends a sequence of back-to-back firings of an actor whose firings nest in others' (the
     * demand-driven director fires it again and again to meet one demand): the next firing is not
     * back to back. The firings since the last timed one stay pending: they are handed over
     * before the firing that demanded them times its own ({@link NestedSpans}), or, without
     * nesting, now, the last timed from the end of the last timed firing to now.
     *
     * @param firingsEnded the actor's firings that have ended, the first firing's number included
     */
    void endBackToBack(long firingsEnded) {
        if (nested == null) {
            flush(firingsEnded);
        }
        spanStart = 0;
    }

    /**
     * Hands the firings not handed over yet, if any, to the logs, the last timed from the end of
     * the last timed firing to now. Called when the actor ends, whose last firing has usually
     * handed everything over already.
     *
     * @param firingsEnded the actor's firings that have ended, the first firing's number included:
     *     the span ends before the next firing
     */
    void flush(long firingsEnded) {
        if (nested != null) {
            nested.handDeeperThan(level, this);
        }
        if (positionsKnown && firingsEnded > spanFirst) {
            spanEnd = firingsEnded;
            long now = run.epochNanos();
            lastEnd = now;
            handSpan(pendingStart != 0 ? pendingStart : spanStart != 0 ? spanStart : now, now);
        }
    }

    /**
     * Hands the span to the logs, the last firing timed by {@code start} and {@code end}, the
     * others untimed, port by port: each port's tally becomes its pieces ({@link PortTally}), so a
     * span costs a few steps per piece, not per firing. A span of one firing (a firing timed on
     * its own, as a slow one is, one that waited, and the first firing of an actor for each demand
     * under the demand-driven director) gives each port one piece at most, without reading its
     * notes. A log that throws fails the run.
     */
    private void handSpan(long start, long end) {
        int ins = inputs.length;
        boolean oneFiring = spanEnd - spanFirst == 1;
        for (int i = 0; i < ins; i++) {
            endTally(tallies[i], inputs[i].taken, inputs[i].nextFiring, oneFiring);
        }
        for (int i = 0; i < outputs.length; i++) {
            endTally(tallies[ins + i], outputs[i].put, outputs[i].nextFiring, oneFiring);
        }
        span.start = start;
        span.end = end;
        for (int l = 0; l < logs.length; l++) {
            try {
                logs[l].span(span);
            } catch (Throwable t) {
                String firings = oneFiring ? "firing " + spanFirst : "firings " + spanFirst + " to " + (spanEnd - 1);
                run.fail(new RunFailedException("listener " + logOwners[l] + " failed to log " + firings + " of actor '" + actor
                        + "': " + t, t));
            }
        }
        for (int i = 0; i < ins; i++) {
            inputAt[i] += tallies[i].moved();
        }
        for (int i = 0; i < outputs.length; i++) {
            outputAt[i] += tallies[ins + i].moved();
        }
        spanFirst = spanEnd;
        timeAt = spanFirst + strideNow() - 1;
        pendingStart = 0;
        if (pendingLevel != 0) {
            pendingLevel = 0;
            nested.remove(this);
        }
    }

    /** The deepest level of a firing not handed over yet, 0 if none; for {@link NestedSpans}. */
    int pendingLevel() {
        return pendingLevel;
    }

    /**
     * Hands over the firings that have ended and are not handed over yet, as {@link #flush} does,
     * for {@link NestedSpans}, which hands those that ran deeper first.
     */
    void handPending() {
        if (positionsKnown && endedFirings > spanFirst) {
            spanEnd = endedFirings;
            long now = run.epochNanos();
            lastEnd = now;
            handSpan(pendingStart != 0 ? pendingStart : now, now);
        } else if (pendingLevel != 0) {
            pendingLevel = 0;
            nested.remove(this);
        }
    }

    /**
     * Firing {@code n}, which {@link #ended} handed over (it was timed), declared the actor's state
     * empty: tells the logs ({@link FiringLog#stateEmptied}). A log that throws fails the run.
     */
    void stateEmptied(long n) {
        for (int l = 0; l < logs.length; l++) {
            try {
                logs[l].stateEmptied(n);
            } catch (Throwable t) {
                run.fail(new RunFailedException("listener " + logOwners[l] + " failed to log that firing " + n + " of actor '"
                        + actor + "' emptied its state: " + t, t));
            }
        }
    }

    /** Ends a port's span at token {@code endToken}, reading its notes unless it is of one firing. */
    private void endTally(PortTally tally, long endToken, long nextFiring, boolean oneFiring) {
        if (oneFiring) {
            tally.endOneFiringSpan(endToken, nextFiring, spanFirst);
        } else {
            tally.endSpan(endToken, nextFiring);
        }
    }

    /**
     * How many back-to-back firings the next timed one ends: {@link #stride}, or
     * {@value #MAX_STRIDE} for a firing that ran deeper than a driver's under the demand-driven
     * director, whose spans the firings above it hand over when they are timed ({@link NestedSpans}).
     */
    private int strideNow() {
        return nested != null && level > 1 ? MAX_STRIDE : stride;
    }

    /**
     * Times more firings together while a timed interval is well under the resolution; each on its
     * own once one exceeds it. The resolution is {@value #RESOLUTION_NANOS} ns for each of the
     * {@code spans} the timing handed over: under the demand-driven director a driver's timed
     * firing hands over the spans of the actors it demanded from too ({@link NestedSpans}), which
     * share its thread and its interval, so that the spans handed over per firing stay about as
     * few as when each actor's firings fill an interval of their own.
     */
    private void adaptStride(long spanNanos, int spans) {
        long resolution = RESOLUTION_NANOS * spans;
        if (spanNanos > resolution) {
            stride = 1;
        } else if (2 * spanNanos < resolution && stride < MAX_STRIDE) {
            stride *= 2;
        }
    }

    /** The span being handed over, as the logs read it: the ports' tallies and where they were before it. */
    private final class Span implements FiringSpan {
        long start;
        long end;

        @Override
        public long first() {
            return spanFirst;
        }

        @Override
        public long count() {
            return spanEnd - spanFirst;
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
            return inputs.length;
        }

        @Override
        public int outputs() {
            return outputs.length;
        }

        @Override
        public long from(int port) {
            return port < inputs.length ? inputAt[port] : outputAt[port - inputs.length];
        }

        @Override
        public int pieces(int port) {
            return tallies[port].pieces();
        }

        @Override
        public long pieceFirst(int port, int piece) {
            return tallies[port].pieceFirst(piece);
        }

        @Override
        public long pieceEnd(int port, int piece) {
            return tallies[port].pieceEnd(piece);
        }

        @Override
        public long pieceStep(int port, int piece) {
            return tallies[port].pieceStep(piece);
        }
    }
}
