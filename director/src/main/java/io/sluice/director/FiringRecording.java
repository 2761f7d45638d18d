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
 * No object is built per firing unless some listener wants records. Used on the actor's thread.
 */
final class FiringRecording {
    private final RunBase run;
    private final String actor;
    private final InputBinding[] inputs;
    private final OutputBinding[] outputs;
    private final RunListener[] logOwners;
    private final FiringLog[] logs;
    private final RunListener[] recordListeners;
    private final long[] inputFrom;
    private final long[] inputTo;
    private final long[] outputFrom;
    private final long[] outputTo;
    private final PortRange[] rangeScratch;
    /** When the previous firing ended, 0 before the first. */
    private long lastEnd;

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
     *     previous one ended, which saves reading the clock; the director's loop in between counts
     *     in the firing
     */
    long started(boolean backToBack) {
        for (int i = 0; i < inputs.length; i++) {
            inputFrom[i] = inputs[i].reader.position();
        }
        for (int i = 0; i < outputs.length; i++) {
            outputFrom[i] = outputs[i].writer.position();
        }
        return backToBack && lastEnd != 0 ? lastEnd : run.epochNanos();
    }

    /** Hands firing {@code n}, started at {@code started}, to the listeners; a listener that throws fails the run. */
    void ended(long n, long started) {
        long end = run.epochNanos();
        lastEnd = end;
        for (int i = 0; i < inputs.length; i++) {
            inputTo[i] = inputs[i].reader.position();
        }
        for (int i = 0; i < outputs.length; i++) {
            outputTo[i] = outputs[i].writer.position();
        }
        for (int l = 0; l < logs.length; l++) {
            try {
                logs[l].firing(n, started, end, inputFrom, inputTo, outputFrom, outputTo);
            } catch (Throwable t) {
                run.fail(new RunFailedException("listener " + logOwners[l] + " failed to log firing " + n + " of actor '" + actor
                        + "': " + t, t));
            }
        }
        if (recordListeners.length > 0) {
            run.firingEnded(new FiringRecord(actor, n, started, end, consumed(), produced()), recordListeners);
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
