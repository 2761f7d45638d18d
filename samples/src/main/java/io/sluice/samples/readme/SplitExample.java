package io.sluice.samples.readme;

import io.sluice.director.Directors;
import io.sluice.remote.RemoteChannels;
import io.sluice.remote.RemoteSpace;
import io.sluice.run.Run;
import io.sluice.run.RunConfig;
import io.sluice.run.RunPart;
import io.sluice.run.RunResult;
import io.sluice.samples.SampleWorkflows;
import io.sluice.samples.WordSource;
import io.sluice.workflow.Workflow;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** The split-run example shown in docs/split-runs.md; a test checks that the page shows this file's code. */
public final class SplitExample {
    private SplitExample() {}

    // DOCS:begin
    /**
     * Runs the mergesort workflow in three parts joined by the space at {@code space}, as three
     * processes would: each part fires its actors, in a work directory of its own under
     * {@code work}, and the channels between parts live in the space. Returns the parts' results.
     */
    public static List<RunResult> run(URI space, Path work) throws Exception {
        List<Set<String>> parts = List.of(Set.of("source"), Set.of("split", "mergesort"), Set.of("sink"));
        try (RemoteSpace remote = RemoteChannels.connect(space)) {
            List<Run> runs = new ArrayList<>();
            for (int p = 0; p < parts.size(); p++) {
                // Each process builds the whole workflow; its part fires only the actors named.
                Workflow workflow = SampleWorkflows.mergesort(WordSource.generated(10_000, 42));
                RunConfig config = RunConfig.builder()
                        .workDirectory(work.resolve("part-" + p))
                        .part(new RunPart(parts.get(p), remote.forNewRun()))
                        .build();
                runs.add(Directors.dataDriven().start(workflow, config));
            }
            List<RunResult> results = new ArrayList<>();
            for (Run run : runs) {
                try (run) {
                    results.add(run.await());
                }
            }
            return results;
        }
    }
    // DOCS:end
}
