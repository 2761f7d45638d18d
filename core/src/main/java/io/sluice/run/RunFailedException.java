package io.sluice.run;

import java.util.Objects;

/**
 * A run did not complete. Subclasses say why: {@link ActorFailedException},
 * {@link DeadlockException}, {@link RunTimeoutException}, {@link RunCancelledException},
 * {@link OutsideWorkDirectoryException}; this
 * class itself is used for other failures (a channel that could not be opened, a listener that
 * threw). The message names the actor, channel, file or listener involved.
 */
public class RunFailedException extends Exception {
    private static final long serialVersionUID = 1L;
    private transient RunResult result;

    public RunFailedException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * The run's counters when it ended. Set by the director before the exception reaches the
     * caller of {@link Run#await()}.
     */
    public RunResult result() {
        return result;
    }

    /** Attaches the run's final counters; called once by the director. */
    public void attachResult(RunResult result) {
        if (this.result != null) {
            throw new IllegalStateException("result already attached");
        }
        this.result = Objects.requireNonNull(result, "result");
    }

    /** The status a run that failed with this exception ends in. */
    public RunStatus status() {
        return RunStatus.FAILED;
    }
}
