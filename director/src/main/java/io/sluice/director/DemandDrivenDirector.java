package io.sluice.director;

import io.sluice.run.Director;
import io.sluice.run.Run;
import io.sluice.run.RunConfig;
import io.sluice.workflow.Workflow;
import java.util.Objects;

/**
 * Lazy scheduling: an actor fires only when a downstream actor needs a token it would produce;
 * sinks drive the run. Actors fire one at a time on one thread, so channels hold only what was
 * asked for. See {@link DemandDrivenRun}.
 */
final class DemandDrivenDirector implements Director {
    static final DemandDrivenDirector INSTANCE = new DemandDrivenDirector();

    private DemandDrivenDirector() {}

    @Override
    public String name() {
        return "demand";
    }

    @Override
    public Run start(Workflow workflow, RunConfig config) {
        Objects.requireNonNull(config, "config");
        workflow.claimForRun();
        DemandDrivenRun run = new DemandDrivenRun(name(), workflow, config);
        run.begin();
        return run;
    }

    @Override
    public String toString() {
        return "demand-driven director";
    }
}
