package io.sluice.cli;

import io.sluice.channel.ChannelFactory;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.local.Resumption;
import io.sluice.durable.DurableRun;
import io.sluice.durable.WorkDirectory;
import io.sluice.provenance.ProvenanceRecorder;
import io.sluice.run.Checkpoint;
import io.sluice.run.RunConfig;
import io.sluice.run.RunListener;
import io.sluice.run.WorkLayout;
import io.sluice.workflow.Workflow;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What {@code sluice run} sets up in the work directory before a run: the directory taken for
 * this run ({@link WorkDirectory}: a second run there is refused), the earlier run's channels,
 * checkpoints and provenance removed (or, with {@code --resume}, kept to resume from), and, for
 * persistent channels, a {@link DurableRun}. Closing it closes the durable run and releases the
 * directory; on the thread of {@link Main#run}.
 */
final class PreparedRun implements AutoCloseable {
    /** How often a watched run tells its progress: often enough for a line or a page to move smoothly. */
    static final Duration WATCHED_PROGRESS = Duration.ofMillis(250);

    /** The run's configuration, but for the listeners that only watch it ({@link #config}). */
    private final RunConfig.Builder config;
    private final WorkDirectory directory;
    /** The durable run over persistent channels; null for memory channels. */
    private final DurableRun durable;

    private PreparedRun(RunConfig.Builder config, WorkDirectory directory, DurableRun durable) {
        this.config = config;
        this.directory = directory;
        this.durable = durable;
    }

    /**
     * Prepares a run of {@code workflow} in {@code work} ({@code shownWork} as the user wrote it).
     *
     * @throws io.sluice.durable.WorkDirectoryInUseException if another run holds the work
     *     directory; nothing in it was touched
     * @throws UsageException if the work directory holds files Sluice did not write, {@code --resume}
     *     is asked of memory channels, or of a run whose channels are still being written
     * @throws IOException if an earlier run's files cannot be removed or moved
     */
    static PreparedRun prepare(RunOptions options, Workflow workflow, Map<String, String> definition, Path work, Path shownWork,
            PrintWriter err) throws IOException {
        return prepare(options, workflow, definition, work, shownWork, err, SpaceOptions.Spaces.none());
    }

    /**
     * As {@link #prepare(RunOptions, Workflow, Map, Path, Path, PrintWriter)}, with the channels
     * that live in {@code spaces} opened there, and only the part of the workflow it names fired.
     */
    static PreparedRun prepare(RunOptions options, Workflow workflow, Map<String, String> definition, Path work, Path shownWork,
            PrintWriter err, SpaceOptions.Spaces spaces) throws IOException {
        // A run whose every channel lives in a space keeps none in the work directory.
        boolean persistent = options.policy() != ChannelPolicy.MEMORY && spaces.everyChannel() == null;
        if (options.resume && !persistent) {
            throw new UsageException("--resume needs persistent channels: memory channels keep nothing to resume from");
        }
        WorkDirectory directory = WorkDirectory.take(work);
        try {
            return prepare(options, workflow, definition, directory, shownWork, err, persistent, spaces);
        } catch (IOException | RuntimeException e) {
            directory.close();
            throw e;
        }
    }

    private static PreparedRun prepare(RunOptions options, Workflow workflow, Map<String, String> definition,
            WorkDirectory directory, Path shownWork, PrintWriter err, boolean persistent, SpaceOptions.Spaces spaces)
            throws IOException {
        Path work = directory.path();
        boolean resume = options.resume;
        if (resume && !directory.holdsEarlierRun()) {
            err.println("sluice: --resume: " + shownWork + " holds no earlier run to resume; starting a new run");
            resume = false;
        }
        if (resume) {
            requireSameDefinition(directory, definition, shownWork, err);
        }
        try {
            if (!resume) {
                replaceEarlierRun(directory, shownWork, err);
                directory.keepDefinition(definition);
            } else if (options.provenance) {
                directory.checkEarlierProvenance();
            } else if (directory.removeEarlierProvenance()) {
                // The earlier run's provenance would describe channels that the resumed run goes on writing without it.
                err.println("sluice: replacing the provenance of an earlier run in " + shownWork.resolve(WorkLayout.PROVENANCE));
            }
        } catch (IllegalStateException e) {
            throw new UsageException("--work: " + e.getMessage());
        }
        RunConfig.Builder builder;
        DurableRun durable = null;
        if (persistent) {
            DurableRun.Builder setup = DurableRun.in(directory).policy(options.policy()).provenance(options.provenance);
            options.putCache(setup::putCache);
            try {
                durable = resume ? setup.channelsElsewhere(spaces.held(workflow)).resume(workflow) : setup.start(workflow);
            } catch (IllegalStateException e) {
                throw new UsageException("--resume: " + e.getMessage());
            }
            builder = durable.config();
        } else {
            ChannelFactory everyChannel = spaces.everyChannel();
            builder = RunConfig.builder().channels(everyChannel != null ? everyChannel : options.channels(work)).workDirectory(work);
            if (options.provenance) {
                builder.listener(ProvenanceRecorder.create());
            }
        }
        spaces.configure(builder, durable == null ? null : durable.resumption().orElse(null));
        options.memoryCapacity(builder);
        options.timeout().ifPresent(builder::timeout);
        builder.allowWritesOutsideWorkDirectory(options.allowWritesOutsideWork);
        return new PreparedRun(builder, directory, durable);
    }

    /**
     * The run's configuration, with {@code watchers} (a progress line, say) listening after the
     * run's own listeners, told of its progress every {@link #WATCHED_PROGRESS} if there are any.
     */
    RunConfig config(List<RunListener> watchers) {
        watchers.forEach(config::listener);
        if (!watchers.isEmpty()) {
            config.progressInterval(WATCHED_PROGRESS);
        }
        return config.build();
    }

    /**
     * Refuses a resume asked to compute something else than the run it resumes; one that kept no
     * definition (an older Sluice's) cannot be checked, and a damaged one is said to be.
     */
    private static void requireSameDefinition(WorkDirectory directory, Map<String, String> definition, Path shownWork,
            PrintWriter err) {
        Optional<Map<String, String>> started;
        try {
            started = directory.definition();
        } catch (IllegalStateException e) {
            err.println("sluice: --resume: cannot check the options the run was started with: " + e.getMessage());
            return;
        }
        started.ifPresent(s -> RunDefinition.requireSame(s, definition, shownWork));
    }

    /** Removes what an earlier run left, saying so on {@code err}. */
    private static void replaceEarlierRun(WorkDirectory directory, Path shownWork, PrintWriter err) throws IOException {
        WorkDirectory.EarlierRun earlier = directory.removeEarlierRun();
        if (earlier.channels() > 0) {
            err.println("sluice: replacing the " + earlier.channels() + " channels of an earlier run in "
                    + shownWork.resolve(WorkLayout.CHANNELS));
        }
        if (earlier.provenance()) {
            err.println("sluice: replacing the provenance of an earlier run in " + shownWork.resolve(WorkLayout.PROVENANCE));
        }
    }

    /** What resuming found and did, channel by channel; null unless the run resumes. */
    Resumption resumption() {
        return durable == null ? null : durable.resumption().orElse(null);
    }

    /** How many of the actor's firings the killed run recorded; empty without provenance (see {@link DurableRun#recordedFirings}). */
    OptionalLong recordedFirings(String actor) {
        return durable == null ? OptionalLong.empty() : durable.recordedFirings(actor);
    }

    /** Where each restarted actor restarted. */
    Map<String, Checkpoint> restartPoints() {
        return durable == null ? Map.of() : durable.restartPoints();
    }

    @Override
    public void close() {
        try {
            if (durable != null) {
                durable.close();
            }
        } finally {
            directory.close();
        }
    }
}
