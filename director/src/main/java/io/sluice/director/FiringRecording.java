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
 * Records the firings of one actor for the run's listeners that want them: it marks the ports'
 * positions when a firing starts and hands the positions at its end to each listener's
 * {@link FiringLog}, as plain numbers, or as a {@link FiringRecord} to a listener without a log.
 * No object is built per firing unless some listener wants records, and a run of short firings
 * reads the clock once ({@link FiringLog} § Time); every firing is timed if some listener wants
 * records. Used on the actor's thread.
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
    /** Ports' positions before and after the firing; back-to-back firings swap them at the end. */
    private long[] inputFrom;
    private long[] inputTo;
    private long[] outputFrom;
    private long[] outputTo;
    private final PortRange[] rangeScratch;
    /** Whether the {@code from} arrays hold where the ports are (back-to-back firings only). */
    private boolean positionsKnown;
    /** When the last timed firing ended, 0 before the first: where the next timed interval starts. */
    private long spanStart;
    /** Back-to-back firings since the last timed one, and how many to time together. */
    private int untimed;
    private int stride = 1;

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
        this.inputFrom = new long[inputs.length];
        this.inputTo = new long[inputs.length];
        this.outputFrom = new long[outputs.length];
        this.outputTo = new long[outputs.length];
        this.rangeScratch = new PortRange[Math.max(inputs.length, outputs.length)];
    }

    /**
     * Marks the positions before a firing; returns its start.
     *
     * @param backToBack true if the firing follows the actor's previous one at once (its thread
     *     loops over its firings, as under the data-driven director): it then starts when the
     *     previous timed firing ended, which saves reading the clock (the director's loop in
     *     between counts in the firing), and its ports start where the previous firing left them
     */
    long started(boolean backToBack) {
        if (!backToBack || !positionsKnown) {
            for (int i = 0; i < inputs.length; i++) {
                inputFrom[i] = inputs[i].reader.position();
            }
            for (int i = 0; i < outputs.length; i++) {
                outputFrom[i] = outputs[i].writer.position();
            }
            positionsKnown = backToBack;
        }
        return backToBack && spanStart != 0 ? spanStart : run.epochNanos();
    }

    /**
     * Hands firing {@code n}, started at {@code started}, to the listeners; a listener that throws
     * fails the run. A back-to-back firing is timed only every {@code stride} firings (see
     * {@link FiringLog} § Time), unless {@code mustTime}.
     *
     * @param mustTime true for the actor's last firing, and for one that failed or was stopped
     */
    void ended(long n, long started, boolean backToBack, boolean mustTime) {
        for (int i = 0; i < inputs.length; i++) {
            inputTo[i] = inputs[i].reader.position();
        }
        for (int i = 0; i < outputs.length; i++) {
            outputTo[i] = outputs[i].writer.position();
        }
        long start = FiringLog.UNTIMED;
        long end = FiringLog.UNTIMED;
        if (mustTime || !backToBack || recordListeners.length > 0 || ++untimed >= stride) {
            start = started;
            end = run.epochNanos();
            if (backToBack) {
                adaptStride(end - start);
                spanStart = end;
            }
            untimed = 0;
        }
        for (int l = 0; l < logs.length; l++) {
            try {
                logs[l].firing(n, start, end, inputFrom, inputTo, outputFrom, outputTo);
            } catch (Throwable t) {
                run.fail(new RunFailedException("listener " + logOwners[l] + " failed to log firing " + n + " of actor '" + actor
                        + "': " + t, t));
            }
        }
        if (recordListeners.length > 0) {
            run.firingEnded(new FiringRecord(actor, n, start, end, consumed(), produced()), recordListeners);
        }
        if (backToBack) {
            long[] t = inputFrom;
            inputFrom = inputTo;
            inputTo = t;
            t = outputFrom;
            outputFrom = outputTo;
            outputTo = t;
        }
    }

    /** Times more firings together while a timed interval is well under the resolution; each on its own once one exceeds it. */
    private void adaptStride(long spanNanos) {
        if (spanNanos > RESOLUTION_NANOS) {
            stride = 1;
        } else if (2 * spanNanos < RESOLUTION_NANOS && stride < MAX_STRIDE) {
            stride *= 2;
        }
    }

    private List<PortRange> consumed() {
        int k = 0;
        for (int i = 0; i < inputs.length; i++) {
            if (inputTo[i] > inputFrom[i]) {
                rangeScratch[k++] = new PortRange(inputs[i].port.name(), inputs[i].channel, inputFrom[i], inputTo[i]);
            }
        }
        return immutableRanges(k);
    }

    private List<PortRange> produced() {
        int k = 0;
        for (int i = 0; i < outputs.length; i++) {
            if (outputTo[i] > outputFrom[i]) {
                rangeScratch[k++] = new PortRange(outputs[i].port.name(), outputs[i].channel, outputFrom[i], outputTo[i]);
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
