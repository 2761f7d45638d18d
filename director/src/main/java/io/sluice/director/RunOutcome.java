package io.sluice.director;

import io.sluice.run.RunCancelledException;
import io.sluice.run.RunFailedException;
import io.sluice.run.RunResult;
import io.sluice.run.RunStatus;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * How a run comes out, as it is decided: where the run is and its first failure, one immutable
 * {@link RunState} behind one reference, and a latch that opens once the run has ended, for those
 * who wait for its result. A failure is recorded once; later ones change nothing.
 *
 * <p><b>Threads.</b> Any thread may fail or cancel the run and read where it is; only the run's
 * supervisor {@linkplain #finish() finishes}, {@linkplain #complete completes} and
 * {@linkplain #end() ends} it, after every worker has ended. The state changes under a lock, by
 * compare-and-set, and the latch opens after its last change.
 *
 * <p><b>Failure.</b> Recording a failure must work when the heap is exhausted: recording an
 * {@link OutOfMemoryFailure} allocates nothing, and if recording another runs out of memory, the
 * run's own out-of-memory failure, made in advance, is recorded instead.
 */
final class RunOutcome {
    private final String runId;
    /** The failure recorded when recording another runs out of memory. */
    private final OutOfMemoryFailure outOfMemory;
    /**
     * Guards changes of {@link #state}. A lock rather than a {@code VarHandle}'s compare-and-set:
     * a {@code VarHandle} call site is linked when first run, which allocates, and a run's first
     * failure is often recorded when the heap is exhausted. Recording it must not fail, or the
     * actor's thread would end with nothing recorded and the run be misreported as deadlocked.
     */
    private final Object lock = new Object();
    /** Where the run is, and its first failure; changed only by {@link #change} ({@link RunState}). */
    private volatile RunState state = RunState.RUNNING;
    /** Opens once the run has ended: its state changes no more. */
    private final CountDownLatch ended = new CountDownLatch(1);

    /** The outcome of run {@code runId}, running; {@code outOfMemory} is recorded if recording a failure runs out of memory. */
    RunOutcome(String runId, OutOfMemoryFailure outOfMemory) {
        this.runId = runId;
        this.outOfMemory = outOfMemory;
    }

    /** Sets the state to {@code next} if it is {@code expected}; allocates nothing. */
    private boolean change(RunState expected, RunState next) {
        synchronized (lock) {
            if (state != expected) {
                return false;
            }
            state = next;
            return true;
        }
    }

    /** True once the run has failed, been cancelled or timed out, or its workers have ended; any thread. */
    boolean stopping() {
        return state != RunState.RUNNING;
    }

    /** The run's first failure so far, or null; any thread. */
    RunFailedException failure() {
        return state.failure();
    }

    /**
     * Records {@code e} as the run's failure if it is the first; any thread. Returns true if it
     * was, and the run now starts stopping: the caller then stops the workers. Returns false,
     * recording nothing, if a failure was recorded before or the run has completed.
     */
    boolean fail(RunFailedException e) {
        RunFailedException failure = e;
        while (true) {
            RunState now = state;
            RunState next;
            try {
                next = now.failedWith(failure);
            } catch (OutOfMemoryError oom) {
                failure = outOfMemory.of(oom);
                next = now.failedWith(failure);
            }
            if (next == null) {
                return false;
            }
            if (change(now, next)) {
                return true;
            }
        }
    }

    /**
     * Records that the run was cancelled, if it is running; any thread. Returns true if it was,
     * and the run now starts stopping: the caller then stops the workers.
     */
    boolean cancel() {
        return state == RunState.RUNNING && change(RunState.RUNNING, RunState.Failed.of(new RunCancelledException()));
    }

    /** Every worker has ended: a running run is {@link RunState#FINISHED}; on the supervisor. */
    void finish() {
        change(RunState.RUNNING, RunState.FINISHED);
    }

    /**
     * Completes a finished run with {@code result}, once the listeners were told it; on the
     * supervisor. Returns false, changing nothing, if a failure was recorded meanwhile.
     */
    boolean complete(RunResult result) {
        while (true) {
            RunState now = state;
            if (now.failure() != null) {
                return false;
            }
            if (change(now, new RunState.Completed(result))) {
                return true;
            }
        }
    }

    /** The run has ended: its state changes no more, and those who wait for it are released; on the supervisor, once. */
    void end() {
        ended.countDown();
    }

    /** Where the run is: {@link RunStatus#RUNNING} until it has ended; any thread. */
    RunStatus status() {
        if (ended.getCount() > 0) {
            return RunStatus.RUNNING;
        }
        RunFailedException e = state.failure();
        return e == null ? RunStatus.COMPLETED : e.status();
    }

    /** Waits until the run has ended and returns its result, or throws its failure. */
    RunResult await() throws RunFailedException, InterruptedException {
        ended.await();
        return result();
    }

    /** As {@link #await()}, waiting at most {@code maxWait}; empty if the run has not ended by then. */
    Optional<RunResult> await(Duration maxWait) throws RunFailedException, InterruptedException {
        if (!ended.await(maxWait.toNanos(), TimeUnit.NANOSECONDS)) {
            return Optional.empty();
        }
        return Optional.of(result());
    }

    /** The run's result, or its failure; once it has ended. */
    private RunResult result() throws RunFailedException {
        RunState s = state;
        if (s instanceof RunState.Completed c) {
            return c.result();
        }
        RunFailedException e = s.failure();
        if (e == null) {
            throw new IllegalStateException("run " + runId + " ended " + s + ", neither completed nor failed");
        }
        throw e;
    }
}
