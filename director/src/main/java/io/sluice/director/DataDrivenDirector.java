package io.sluice.director;

import io.sluice.run.Director;
import io.sluice.run.Run;
import io.sluice.run.RunConfig;
import io.sluice.workflow.Workflow;
import java.util.Objects;

/**
 * A process network: every actor fires in a loop on a thread of its own, and a take from an empty
 * channel blocks that thread (Kahn semantics). Gives the most pipeline parallelism; channels may
 * grow without bound when a writer is faster than its reader, unless they are given a capacity.
 * See {@link DataDrivenRun} for deadlock detection.
 */
final class DataDrivenDirector implements Director {
    static final DataDrivenDirector INSTANCE = new DataDrivenDirector();

    private DataDrivenDirector() {}

    @Override
    public String name() {
        return "data";
    }

    @Override
    public Run start(Workflow workflow, RunConfig config) {
        Objects.requireNonNull(config, "config");
        workflow.claimForRun();
        DataDrivenRun run = new DataDrivenRun(name(), workflow, config);
        run.begin();
        return run;
    }

    @Override
    public String toString() {
        return "data-driven director";
    }
}
