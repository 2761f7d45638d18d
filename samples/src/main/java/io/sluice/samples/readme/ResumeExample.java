package io.sluice.samples.readme;

import io.sluice.channels.CheckpointLog;
import io.sluice.channels.PersistentChannels;
import io.sluice.channels.Resumption;
import io.sluice.director.Directors;
import io.sluice.provenance.ProvenanceRecorder;
import io.sluice.run.RunConfig;
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
     * Runs the filter workflow in {@code work} with persistent channels, checkpoints and
     * provenance; with {@code resume}, continues the run a killed process left there instead.
     */
    public static RunResult run(Path work, boolean resume) throws Exception {
        Workflow workflow = SampleWorkflows.filter(WordSource.generated(1_000_000, 42));
        Path channels = work.resolve("channels");
        Path checkpoints = work.resolve("checkpoints");
        ProvenanceRecorder provenance = resume ? ProvenanceRecorder.resuming(work) : ProvenanceRecorder.create();
        try (CheckpointLog log = resume
                // Each actor restarts at its last checkpoint that its channels and provenance hold.
                ? CheckpointLog.resume(checkpoints, CheckpointLog.DEFAULT_INTERVAL, workflow, channels, provenance::recordedFirings)
                : CheckpointLog.create(checkpoints, CheckpointLog.DEFAULT_INTERVAL)) {
            PersistentChannels.Builder channelFactory = PersistentChannels.builder(channels);
            if (resume) {
                channelFactory.resume(Resumption.from(log));
                provenance.restartAt(log.restartPoints().values());
            }
            RunConfig config = RunConfig.builder()
                    .channels(channelFactory.build())
                    .checkpoints(log)
                    .listener(provenance)
                    .workDirectory(work)
                    .build();
            return Directors.dataDriven().run(workflow, config);
        }
    }
    // README:end
}
