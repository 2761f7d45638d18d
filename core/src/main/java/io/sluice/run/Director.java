package io.sluice.run;

import io.sluice.workflow.Workflow;

/**
 * Decides when the actors of a workflow fire. Implementations are in the {@code director} module
 * ({@code io.sluice.director.Directors}): data-driven (a process network, one thread per actor)
 * and demand-driven (lazy: an actor fires when a downstream actor needs its output).
 *
 * <p><b>Threading.</b> A director is stateless and may start several runs at once, from any
 * thread.
 */
public interface Director {

    /** The director's short name, e.g. {@code data} or {@code demand}. */
    String name();

    /**
     * Starts a run on threads of its own and returns at once. Problems met while setting up or
     * running (a channel that cannot be opened, an actor that throws, a deadlock) do not throw
     * here: they end the run, and {@link Run#await()} reports them.
     *
     * @throws IllegalStateException if the workflow was already started: actors keep state, so
     *     each run needs a newly built workflow
     */
    Run start(Workflow workflow, RunConfig config);

    /**
     * Runs a workflow to its end on this thread and closes the run.
     *
     * @return the result of a completed run
     * @throws RunFailedException if the run failed, deadlocked, timed out or was cancelled
     * @throws InterruptedException if this thread was interrupted; the run is cancelled
     */
    default RunResult run(Workflow workflow, RunConfig config) throws RunFailedException, InterruptedException {
        try (Run run = start(workflow, config)) {
            return run.await();
        }
    }
}
