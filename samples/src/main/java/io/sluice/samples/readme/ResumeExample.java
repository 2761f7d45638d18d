package io.sluice.samples.readme;

import io.sluice.director.Directors;
import io.sluice.provenance.DurableRun;
import io.sluice.run.RunResult;
import io.sluice.samples.SampleWorkflows;
import io.sluice.samples.WordSource;
import io.sluice.workflow.Workflow;
import java.nio.file.Path;

/** The resume example shown in the README; a test checks that the README shows this file's code. */
public final class ResumeExample {
    private ResumeExample() {}

    // README:begin
    /**
     * Runs the filter workflow in {@code work}, keeping its channels, checkpoints and provenance
     * there; with {@code resume}, continues the run a killed process left there instead.
     */
    public static RunResult run(Path work, boolean resume) throws Exception {
        Workflow workflow = SampleWorkflows.filter(WordSource.generated(1_000_000, 42));
        DurableRun.Builder durable = DurableRun.in(work);
        try (DurableRun run = resume ? durable.resume(workflow) : durable.start(workflow)) {
            return Directors.dataDriven().run(workflow, run.config().build());
        }
    }
    // README:end
}
