package io.sluice.director;

import io.sluice.run.FiringLog;
import io.sluice.run.FiringRecord;
import io.sluice.run.PortRange;
import io.sluice.run.RunFailedException;
import io.sluice.run.RunListener;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Records the firings of one actor for the run's listeners that want them: it hands the ports'
 * positions before and after each firing to each listener's {@link FiringLog}, as plain numbers, or
 * as a {@link FiringRecord} to a listener without a log. The positions are read from the channels
 * once, at the first firing, and then follow the tokens the actor's bindings count. No object is
 * built per firing unless some listener wants records, and a run of short firings run back to back
 * reads the clock once ({@link FiringLog} § Time); every firing is timed if some listener wants
 * records, and every firing that is not back to back or that waited for a channel. Back-to-back
 * firings that each move the same number of tokens on each port are handed over together, as one
 * run ({@link FiringLog#firings}), when a firing moves other numbers, when one is timed, when the
 * director ends a sequence of them ({@link #endBackToBack}), and when the actor ends. Used on the
 * actor's thread.
 */
final class FiringRecording {
    /** The interval a timed firing of back-to-back firings aims at: about as long as this. */
    static final long RESOLUTION_NANOS = 50_000;
    /** At most this many back-to-back firings share one timed interval. */
    static final int MAX_STRIDE = 64;

    private final RunBase run;
    private final String actor;
    private final InputBinding[] inputs;
    private final OutputBinding[] outputs;
    private final RunListener[] logOwners;
    private final FiringLog[] logs;
    private final RunListener[] recordListeners;
    /**
     * The run of alike firings not handed to the logs yet: its first firing and how many it holds
     * (0 if none), where its ports were before it, and how many tokens each of its firings moved
     * on them. Handing a run over moves {@code from} past it and keeps the step, so that the next
     * firing, if alike, starts a new run at once.
     */
    private long runFirst;
    private long runCount;
    private final long[] runInputFrom;
    private final long[] runInputStep;
    private final long[] runOutputFrom;
    private final long[] runOutputStep;
    /**
     * Per port, how many tokens its binding will have moved ({@link InputBinding#taken},
     * {@link OutputBinding#put}) when the next firing ends, if that firing is alike: a firing is
     * told from its binding's count, a plain field of the actor's thread, cheaper to read than a
     * channel's position.
     */
    private final long[] inputExpected;
    private final long[] outputExpected;
    /** Where a run of one firing left the ports, for {@link FiringLog#firing} and records. */
    private final long[] runInputTo;
    private final long[] runOutputTo;
    private boolean positionsKnown;
    private final PortRange[] rangeScratch;
    /** When the last timed firing ended, 0 before the first: where the next timed interval starts. */
    private long spanStart;
    /** Back-to-back firings since the last timed one, and how many to time together. */
    private int untimed;
    private int stride = 1;
    /** Whether the firing under way has waited for a channel ({@link #waited}). */
    private boolean waited;

    /**
     * @param listeners the run's listeners that want firings; asked here for a log of this actor
     */
    FiringRecording(RunBase run, String actor, InputBinding[] inputs, OutputBinding[] outputs, List<RunListener> listeners) {
        this.run = run;
        this.actor = actor;
        this.inputs = inputs;
        this.outputs = outputs;
        List<RunListener> owners = new ArrayList<>();
        List<FiringLog> found = new ArrayList<>();
        List<RunListener> rest = new ArrayList<>();
        for (RunListener l : listeners) {
            FiringLog log = l.firingLog(actor);
            if (log != null) {
                owners.add(l);
                found.add(log);
            } else {
                rest.add(l);
            }
        }
        this.logOwners = owners.toArray(RunListener[]::new);
        this.logs = found.toArray(FiringLog[]::new);
        this.recordListeners = rest.toArray(RunListener[]::new);
        int ins = inputs.length;
        int outs = outputs.length;
        this.runInputFrom = new long[ins];
        this.runInputStep = new long[ins];
        this.runOutputFrom = new long[outs];
        this.runOutputStep = new long[outs];
        this.inputExpected = new long[ins];
        this.outputExpected = new long[outs];
        this.runInputTo = new long[ins];
        this.runOutputTo = new long[outs];
        this.rangeScratch = new PortRange[Math.max(ins, outs)];
    }

    /**
     * Before a firing: reads where the ports are if not known yet; returns the firing's start.
     *
     * @param backToBack true if the firing follows the actor's previous one at once (its thread
     *     loops over its firings, as under the data-driven director): it then starts when the
     *     previous timed firing ended, which saves reading the clock (the director's loop in
     *     between counts in the firing)
     */
    long started(boolean backToBack) {
        if (!positionsKnown) {
            // A run of firings that move nothing, so far empty, starts here.
            for (int i = 0; i < inputs.length; i++) {
                runInputFrom[i] = inputs[i].reader.position();
                inputExpected[i] = inputs[i].taken;
            }
            for (int i = 0; i < outputs.length; i++) {
                runOutputFrom[i] = outputs[i].writer.position();
                outputExpected[i] = outputs[i].put;
            }
            positionsKnown = true;
        }
        return backToBack && spanStart != 0 ? spanStart : run.epochNanos();
    }

    /**
     * Hands firing {@code n}, started at {@code started}, to the listeners; a listener that throws
     * fails the run. A back-to-back firing is timed only every {@code stride} firings (see
     * {@link FiringLog} § Time), unless {@code mustTime} or it {@link #waited}; until then it
     * waits in the run of alike firings, which goes to the logs when a firing is not alike, when
     * one is timed, and at {@link #flush}. The usual firing, alike and untimed, costs a comparison
     * and an addition per port.
     *
     * @param mustTime true for the actor's last firing, and for one that failed or was stopped
     */
    void ended(long n, long started, boolean backToBack, boolean mustTime) {
        if (alike()) {
            if (runCount++ == 0) {
                runFirst = n;
            }
        } else {
            startRun(n);
        }
        if (waited) {
            // The wait, not the firings, made the interval long: time it, but leave the stride be.
            waited = false;
            timed(n, started, false);
        } else if (mustTime || !backToBack || recordListeners.length > 0 || ++untimed >= stride) {
            timed(n, started, backToBack);
        }
    }

    /**
     * The firing under way waits for a channel (the data-driven director blocks its thread): it
     * is timed when it ends, and the interval, long for the wait, does not make the firings after
     * it timed one by one as a slow firing's would (see {@link #adaptStride}).
     */
    void waited() {
        waited = true;
    }

    /** Whether the firing that just ended moved as many tokens on each port as the run's; if so, counts them. */
    private boolean alike() {
        for (int i = 0; i < inputs.length; i++) {
            if (inputs[i].taken != inputExpected[i]) {
                return false;
            }
        }
        for (int i = 0; i < outputs.length; i++) {
            if (outputs[i].put != outputExpected[i]) {
                return false;
            }
        }
        for (int i = 0; i < inputs.length; i++) {
            inputExpected[i] += runInputStep[i];
        }
        for (int i = 0; i < outputs.length; i++) {
            outputExpected[i] += runOutputStep[i];
        }
        return true;
    }

    /** Hands over the run the firing that just ended, {@code n}, is not alike to, and starts a run with it. */
    private void startRun(long n) {
        if (runCount > 0) {
            handOver(FiringLog.UNTIMED, FiringLog.UNTIMED);
        }
        for (int i = 0; i < inputs.length; i++) {
            long counted = inputs[i].taken;
            // What the binding had counted before this firing: the run's expectation, less one step.
            runInputStep[i] = counted - (inputExpected[i] - runInputStep[i]);
            inputExpected[i] = counted + runInputStep[i];
        }
        for (int i = 0; i < outputs.length; i++) {
            long counted = outputs[i].put;
            runOutputStep[i] = counted - (outputExpected[i] - runOutputStep[i]);
            outputExpected[i] = counted + runOutputStep[i];
        }
        runFirst = n;
        runCount = 1;
    }

    /**
     * Firing {@code n} is timed: hands over the run it ends, and gives record listeners their
     * record; {@code adapt} if its interval tells how long back-to-back firings take.
     */
    private void timed(long n, long started, boolean adapt) {
        long end = run.epochNanos();
        if (adapt) {
            adaptStride(end - started);
        }
        spanStart = end;
        untimed = 0;
        handOver(started, end);
        if (recordListeners.length > 0) {
            run.firingEnded(new FiringRecord(actor, n, started, end, consumed(), produced()), recordListeners);
        }
    }

    /**
     * Ends a sequence of back-to-back firings of an actor whose firings nest in others' (the
     * demand-driven director fires it again and again to meet one demand): the firings since the
     * last timed one, if any, are handed over, the last timed from the end of the last timed
     * firing to now, so that they do not share an interval with what runs next. The next
     * firing, which is not back to back, reads the clock.
     */
    void endBackToBack() {
        if (untimed > 0) {
            long now = run.epochNanos();
            handOver(spanStart != 0 ? spanStart : now, now);
            untimed = 0;
        }
        spanStart = 0;
    }

    /**
     * Hands the run of alike firings not handed over yet, if any, to the logs, its last firing
     * timed from the end of the last timed firing to now. Called when the actor ends, whose last
     * firing has usually handed everything over already.
     */
    void flush() {
        if (runCount > 0) {
            long now = run.epochNanos();
            handOver(spanStart != 0 ? spanStart : now, now);
        }
    }

    /**
     * Hands the run to every log, its last firing timed by {@code start} and {@code end} (or
     * untimed), empties it and moves its start past it. A run of one firing goes as
     * {@link FiringLog#firing}, which a log without its own {@link FiringLog#firings} takes
     * without the copies of the default.
     */
    private void handOver(long start, long end) {
        long count = runCount;
        runCount = 0;
        for (int i = 0; i < inputs.length; i++) {
            runInputTo[i] = runInputFrom[i] + count * runInputStep[i];
        }
        for (int i = 0; i < outputs.length; i++) {
            runOutputTo[i] = runOutputFrom[i] + count * runOutputStep[i];
        }
        for (int l = 0; l < logs.length; l++) {
            try {
                if (count == 1) {
                    logs[l].firing(runFirst, start, end, runInputFrom, runInputTo, runOutputFrom, runOutputTo);
                } else {
                    logs[l].firings(runFirst, count, start, end, runInputFrom, runInputStep, runOutputFrom, runOutputStep);
                }
            } catch (Throwable t) {
                String firings = count == 1 ? "firing " + runFirst : "firings " + runFirst + " to " + (runFirst + count - 1);
                run.fail(new RunFailedException("listener " + logOwners[l] + " failed to log " + firings + " of actor '" + actor
                        + "': " + t, t));
            }
        }
        System.arraycopy(runInputTo, 0, runInputFrom, 0, inputs.length);
        System.arraycopy(runOutputTo, 0, runOutputFrom, 0, outputs.length);
    }

    /** Times more firings together while a timed interval is well under the resolution; each on its own once one exceeds it. */
    private void adaptStride(long spanNanos) {
        if (spanNanos > RESOLUTION_NANOS) {
            stride = 1;
        } else if (2 * spanNanos < RESOLUTION_NANOS && stride < MAX_STRIDE) {
            stride *= 2;
        }
    }

    /** The input ranges of the firing just handed over on its own (a record listener times every firing). */
    private List<PortRange> consumed() {
        int k = 0;
        for (int i = 0; i < inputs.length; i++) {
            if (runInputStep[i] > 0) {
                rangeScratch[k++] = new PortRange(inputs[i].port.name(), inputs[i].channel, runInputTo[i] - runInputStep[i],
                        runInputTo[i]);
            }
        }
        return immutableRanges(k);
    }

    private List<PortRange> produced() {
        int k = 0;
        for (int i = 0; i < outputs.length; i++) {
            if (runOutputStep[i] > 0) {
                rangeScratch[k++] = new PortRange(outputs[i].port.name(), outputs[i].channel, runOutputTo[i] - runOutputStep[i],
                        runOutputTo[i]);
            }
        }
        return immutableRanges(k);
    }

    /** The first {@code k} ranges of the scratch array as an immutable list, which the record keeps as it is. */
    private List<PortRange> immutableRanges(int k) {
        return switch (k) {
            case 0 -> List.of();
            case 1 -> List.of(rangeScratch[0]);
            default -> List.of(Arrays.copyOf(rangeScratch, k));
        };
    }
}
