package io.sluice.director;

import io.sluice.run.Director;
import io.sluice.run.Run;
import io.sluice.run.RunConfig;
import io.sluice.workflow.Workflow;
import java.util.Objects;

/**
 * Synchronous dataflow: a static schedule computed from the actors' token rates
 * ({@link SdfSchedule}) runs on one thread, iteration after iteration ({@link SdfRun}). No thread
 * per actor and no waiting, so the least work per firing for actors with fixed rates, on one
 * core.
 */
final class SdfDirector implements Director {
    private final long iterations;

    /** @param iterations how many iterations a run has, 0 for as many as its sources feed */
    SdfDirector(long iterations) {
        if (iterations < 0) {
            throw new IllegalArgumentException("iterations must be 0 (as many as the sources feed) or more, was " + iterations);
        }
        this.iterations = iterations;
    }

    @Override
    public String name() {
        return "sdf";
    }

    /**
     * Starts a run. The schedule is computed first, on the caller's thread.
     *
     * @throws SdfScheduleException if the workflow has no SDF schedule; nothing was started
     */
    @Override
    public Run start(Workflow workflow, RunConfig config) {
        Objects.requireNonNull(config, "config");
        if (config.part().isPresent()) {
            throw new IllegalArgumentException("the SDF director runs whole workflows; run a part with the data-driven director");
        }
        // Without a bound on iterations, a run fires blocks of iterations: fewer switches between actors.
        SdfSchedule schedule = iterations == 0 ? blocked(workflow) : SdfSchedule.of(workflow);
        workflow.claimForRun();
        SdfRun run = new SdfRun(name(), workflow, config, schedule, iterations);
        run.begin();
        return run;
    }

    /** Iterations fired as one block when a run is not bounded by iterations. */
    static final int BLOCKING = 64;

    /** The schedule of {@link #BLOCKING} iterations, or of one if that one is already long. */
    private static SdfSchedule blocked(Workflow workflow) {
        SdfSchedule one = SdfSchedule.of(workflow);
        return one.firings().size() * (long) BLOCKING > 100_000 ? one : SdfSchedule.of(workflow, BLOCKING);
    }

    @Override
    public String toString() {
        return "SDF director" + (iterations > 0 ? " (" + iterations + " iterations)" : "");
    }
}
