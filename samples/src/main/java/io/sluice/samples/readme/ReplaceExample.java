package io.sluice.samples.readme;

import io.sluice.director.Directors;
import io.sluice.durable.DurableRun;
import io.sluice.durable.WorkDirectory;
import io.sluice.run.RunResult;
import io.sluice.samples.SampleWorkflows;
import io.sluice.samples.WordSource;
import io.sluice.workflow.Workflow;
import java.nio.file.Path;

/** The example of replacing an earlier run in docs/embedding.md; a test checks that the page shows this file's code. */
public final class ReplaceExample {
    private ReplaceExample() {}

    // DOCS:begin
    /**
     * Runs the filter workflow afresh in {@code work}, as {@code sluice run} does without
     * {@code --resume}: what an earlier run left there, its channels, checkpoints and provenance,
     * is removed first. The directory is held meanwhile, so no other run is using it.
     */
    public static RunResult runAfresh(Path work) throws Exception {
        Workflow workflow = SampleWorkflows.filter(WordSource.generated(10_000, 42));
        try (WorkDirectory directory = WorkDirectory.take(work)) {
            directory.removeEarlierRun(); // tells what it removed; refuses files Sluice did not write
            try (DurableRun run = DurableRun.in(directory).start(workflow)) {
                return Directors.dataDriven().run(workflow, run.config().build());
            }
        }
    }
    // DOCS:end
}
