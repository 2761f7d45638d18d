package io.sluice.director;

import io.sluice.run.RunFailedException;
import io.sluice.run.RunResult;

/**
 * Where a run is in its life, with its first failure: one immutable value, which {@link RunOutcome}
 * holds behind one reference and replaces by compare-and-set. A run starts {@link #RUNNING}; a
 * failure (an actor's, a listener's, a deadlock, the timeout, a cancel) makes it {@link Failed},
 * and it stays so; once every worker has ended with nothing failed it is {@link #FINISHED}, and
 * once the listeners were told, {@link Completed}. Whether the run has ended is told by its
 * latch, which opens after the last change.
 *
 * <pre>
 * RUNNING --fail, cancel--&gt; Failed
 * RUNNING --workers ended--&gt; FINISHED --fail--&gt; Failed
 *                            FINISHED --listeners told--&gt; Completed
 * </pre>
 */
sealed interface RunState {

    /** Actors fire and nothing has failed; a cancel stops the run. */
    Unfailed RUNNING = new Unfailed("running");

    /**
     * Every worker has ended and nothing has failed: a cancel changes nothing now, but a failure
     * while the run ends (a channel that fails to close, a listener's {@code runEnded}) fails it.
     */
    Unfailed FINISHED = new Unfailed("finished");

    /** The run's first failure, or null. */
    default RunFailedException failure() {
        return null;
    }

    /**
     * The state once {@code e} is recorded, or null if this state keeps its own (a failure was
     * recorded before, or the run completed). Allocates nothing if {@code e} is an
     * {@link OutOfMemoryFailure}.
     */
    default RunState failedWith(RunFailedException e) {
        return null;
    }

    /** A state without a failure or a result: {@link #RUNNING} or {@link #FINISHED}. */
    final class Unfailed implements RunState {
        private final String name;

        private Unfailed(String name) {
            this.name = name;
        }

        @Override
        public RunState failedWith(RunFailedException e) {
            return Failed.of(e);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /**
     * The run has failed, been cancelled or timed out: its workers are told to stop, and it ends
     * with {@code failure}, to which the run's result is attached when it ends.
     */
    record Failed(RunFailedException failure) implements RunState {
        /** The state of a run failed with {@code e}: made in advance for an {@link OutOfMemoryFailure}. */
        static Failed of(RunFailedException e) {
            return e instanceof OutOfMemoryFailure o ? o.failed : new Failed(e);
        }
    }

    /** Every worker has ended, nothing has failed, and the listeners were told {@code result}. */
    record Completed(RunResult result) implements RunState {}
}
