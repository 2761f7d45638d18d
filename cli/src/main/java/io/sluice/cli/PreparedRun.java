package io.sluice.cli;

import io.sluice.channels.ChannelPolicy;
import io.sluice.channels.CheckpointLog;
import io.sluice.channels.PersistentChannels;
import io.sluice.channels.Resumption;
import io.sluice.provenance.ProvenanceRecorder;
import io.sluice.run.RunConfig;
import io.sluice.workflow.Workflow;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;

/**
 * What {@code sluice run} sets up in the work directory before a run: the earlier run's channels,
 * checkpoints and provenance removed (or, with {@code --resume}, kept to resume from), the
 * checkpoint log of a run over persistent channels, and the provenance recorder. Closing it
 * closes the checkpoint log; on the thread of {@link Main#run}.
 */
final class PreparedRun implements AutoCloseable {
    /** Where checkpoints are kept, under the work directory. */
    static final String CHECKPOINTS_DIRECTORY = "checkpoints";

    final RunConfig config;
    /** What resuming found and did; null unless the run resumes. */
    final Resumption resumption;
    /** The checkpoints; null for memory channels. */
    final CheckpointLog checkpoints;

    private PreparedRun(RunConfig config, Resumption resumption, CheckpointLog checkpoints) {
        this.config = config;
        this.resumption = resumption;
        this.checkpoints = checkpoints;
    }

    /**
     * Prepares a run of {@code workflow} in {@code work} ({@code shownWork} as the user wrote it).
     *
     * @throws UsageException if the work directory holds files Sluice did not write, or
     *     {@code --resume} is asked of memory channels
     * @throws IOException if an earlier run's files cannot be removed or moved
     */
    static PreparedRun prepare(RunOptions options, Workflow workflow, Path work, Path shownWork, PrintWriter err)
            throws IOException {
        boolean persistent = options.policy() != ChannelPolicy.MEMORY;
        if (options.resume && !persistent) {
            throw new UsageException("--resume needs persistent channels: memory channels keep nothing to resume from");
        }
        Path checkpointDirectory = work.resolve(CHECKPOINTS_DIRECTORY);
        if (options.resume) {
            refuseIfStillWritten(work.resolve(RunOptions.CHANNELS_DIRECTORY), shownWork);
        } else {
            EarlierChannels.remove(work.resolve(RunOptions.CHANNELS_DIRECTORY), shownWork.resolve(RunOptions.CHANNELS_DIRECTORY), err);
            EarlierChannels.removeCheckpoints(checkpointDirectory, shownWork.resolve(CHECKPOINTS_DIRECTORY), err);
        }
        ProvenanceRecorder recorder = null;
        if (options.resume && options.provenance) {
            EarlierChannels.requireOnlyRecordedProvenance(work, shownWork);
            recorder = ProvenanceRecorder.resuming(work);
        } else {
            // Also with --no-provenance: the earlier run's provenance would describe channels that are gone.
            EarlierChannels.removeProvenance(work, shownWork, err);
            if (options.provenance) {
                recorder = ProvenanceRecorder.create();
            }
        }
        CheckpointLog checkpoints = null;
        Resumption resumption = null;
        if (options.resume) {
            // An actor restarts no later than the provenance recorded of it, so that its provenance stays whole.
            ToLongFunction<String> limit = recorder != null ? recorder::recordedFirings : actor -> Long.MAX_VALUE;
            checkpoints = CheckpointLog.resume(checkpointDirectory, CheckpointLog.DEFAULT_INTERVAL, workflow,
                    work.resolve(RunOptions.CHANNELS_DIRECTORY), limit);
            if (recorder != null) {
                recorder.restartAt(checkpoints.restartPoints().values());
            }
            resumption = Resumption.from(checkpoints);
        } else if (persistent) {
            checkpoints = CheckpointLog.create(checkpointDirectory, CheckpointLog.DEFAULT_INTERVAL);
        }
        RunConfig.Builder builder = RunConfig.builder()
                .channels(options.channels(work, resumption))
                .workDirectory(work);
        options.timeout().ifPresent(builder::timeout);
        if (checkpoints != null) {
            builder.checkpoints(checkpoints);
        }
        if (recorder != null) {
            builder.listener(recorder);
        }
        return new PreparedRun(builder.build(), resumption, checkpoints);
    }

    /**
     * Refuses to resume a run whose process still writes one of its channels: its provenance and
     * checkpoints must not be set aside from under it.
     */
    private static void refuseIfStillWritten(Path channels, Path shownWork) throws IOException {
        if (!Files.isDirectory(channels)) {
            return;
        }
        try (Stream<Path> dirs = Files.list(channels)) {
            for (Path dir : dirs.filter(d -> Files.isRegularFile(d.resolve("channel.json"))).sorted().toList()) {
                if (PersistentChannels.describe(dir).writerAlive()) {
                    throw new UsageException("--resume: channel " + dir.getFileName() + " in " + shownWork
                            + " is still being written by another process; resume a run only once its process has ended");
                }
            }
        }
    }

    @Override
    public void close() {
        if (checkpoints != null) {
            checkpoints.close();
        }
    }
}
