package io.sluice.samples.readme;

import io.sluice.director.Directors;
import io.sluice.durable.DurableRun;
import io.sluice.durable.WorkDirectory;
import io.sluice.run.RunResult;
import io.sluice.samples.SampleWorkflows;
import io.sluice.samples.WordSource;
import io.sluice.workflow.Workflow;
import java.nio.file.Path;

/** The resume example shown in docs/resume.md; a test checks that the page shows this file's code. */
public final class ResumeExample {
    private ResumeExample() {}

    // DOCS:begin
    /**
     * Runs the filter workflow in {@code work}, keeping its channels, checkpoints and provenance
     * there; with {@code resume}, continues the run a killed process left there instead. The run
     * holds the directory meanwhile: another run there is refused.
     */
    public static RunResult run(Path work, boolean resume) throws Exception {
        Workflow workflow = SampleWorkflows.filter(WordSource.generated(1_000_000, 42));
        try (WorkDirectory directory = WorkDirectory.take(work);
                DurableRun run = resume ? DurableRun.in(directory).resume(workflow) : DurableRun.in(directory).start(workflow)) {
            return Directors.dataDriven().run(workflow, run.config().build());
        }
    }
    // DOCS:end
}
