package io.sluice.durable;

import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.local.CheckpointLog;
import io.sluice.channel.local.PersistentChannels;
import io.sluice.channel.local.Resumption;
import io.sluice.provenance.ProvenanceException;
import io.sluice.provenance.ProvenanceRecorder;
import io.sluice.run.Checkpoint;
import io.sluice.run.RunConfig;
import io.sluice.run.WorkLayout;
import io.sluice.workflow.Workflow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;

/**
 * A run kept whole in its work directory, so that it can be resumed after its process is killed:
 * persistent channels, checkpoints of its resumable actors and provenance, where
 * {@link WorkLayout} puts them (as the {@code sluice} command keeps them). {@link Builder#start}
 * sets up a new run, {@link Builder#resume} the run a killed process left there: each resumable
 * actor restarts at its last checkpoint that its channels and provenance hold, and the provenance
 * is carried over whole. Run the workflow with {@link #config()};
 * {@code io.sluice.samples.readme.ResumeExample} shows the whole of it.
 *
 * <p>The work directory is taken ({@link WorkDirectory#take}) by the caller, who releases it after
 * closing this. Close this after the run: it closes the checkpoint log. Not for concurrent use;
 * one per run.
 */
public final class DurableRun implements AutoCloseable {
    private final WorkDirectory work;
    private final ChannelPolicy policy;
    private final int putCache;
    private final CheckpointLog checkpoints;
    private final ProvenanceRecorder recorder;
    private final Resumption resumption;

    private DurableRun(WorkDirectory work, ChannelPolicy policy, int putCache, CheckpointLog checkpoints, ProvenanceRecorder recorder,
            Resumption resumption) {
        this.work = work;
        this.policy = policy;
        this.putCache = putCache;
        this.checkpoints = checkpoints;
        this.recorder = recorder;
        this.resumption = resumption;
    }

    /** Sets up a run in {@code work}, which the caller has taken and releases after closing the run. */
    public static Builder in(WorkDirectory work) {
        return new Builder(Objects.requireNonNull(work, "work"));
    }

    /**
     * A run configuration with the channels, checkpoints, provenance recorder (if recorded) and
     * work directory set: add a timeout or listeners, and build it.
     */
    public RunConfig.Builder config() {
        PersistentChannels.Builder channels = PersistentChannels.builder(work.channels()).policy(policy).putCache(putCache);
        if (resumption != null) {
            channels.resume(resumption);
        }
        RunConfig.Builder config = RunConfig.builder().channels(channels.build()).checkpoints(checkpoints).workDirectory(work.path());
        if (recorder != null) {
            config.listener(recorder);
        }
        return config;
    }

    /** What resuming found and did, channel by channel; empty for a new run. */
    public Optional<Resumption> resumption() {
        return Optional.ofNullable(resumption);
    }

    /**
     * How many of {@code actor}'s firings, from the first, the killed run recorded in its
     * provenance: those of a resumed run between the actor's restart point and this number are
     * replays of firings that ran before, the rest are new. Empty if this run records no
     * provenance or is not a resume.
     */
    public OptionalLong recordedFirings(String actor) {
        return recorder == null || resumption == null ? OptionalLong.empty() : OptionalLong.of(recorder.recordedFirings(actor));
    }

    /** Where each restarted actor restarts, by actor; empty for a new run. */
    public Map<String, Checkpoint> restartPoints() {
        return checkpoints.restartPoints();
    }

    /** Closes the checkpoint log, and the earlier provenance if the run did not use it. */
    @Override
    public void close() {
        checkpoints.close();
        if (recorder != null) {
            recorder.releaseEarlier();
        }
    }

    /** Chooses how the run keeps its tokens and provenance. */
    public static final class Builder {
        private final WorkDirectory work;
        private ChannelPolicy policy = ChannelPolicy.FAST_TRACK;
        private int putCache = PersistentChannels.DEFAULT_PUT_CACHE;
        private boolean provenance = true;
        private Duration interval = CheckpointLog.DEFAULT_INTERVAL;
        private Map<String, Long> elsewhere = Map.of();

        private Builder(WorkDirectory work) {
            this.work = work;
        }

        /**
         * The channels' policy; fast-track by default.
         *
         * @throws IllegalArgumentException for memory channels, which keep nothing to resume from
         */
        public Builder policy(ChannelPolicy policy) {
            if (policy == ChannelPolicy.MEMORY) {
                throw new IllegalArgumentException("a durable run needs persistent channels; memory channels keep nothing to resume from");
            }
            this.policy = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /**
         * The put cache of the run's cached and fast-track channels, in tokens
         * ({@link PersistentChannels.Builder#putCache}); {@link PersistentChannels#DEFAULT_PUT_CACHE} by default.
         *
         * @throws IllegalArgumentException if it holds fewer than 2 tokens
         */
        public Builder putCache(int tokens) {
            PersistentChannels.builder(work.channels()).putCache(tokens); // the channels' own check of it
            this.putCache = tokens;
            return this;
        }

        /** Whether to record provenance; on by default. */
        public Builder provenance(boolean record) {
            this.provenance = record;
            return this;
        }

        /** How often each resumable actor's checkpoint is saved; {@link CheckpointLog#DEFAULT_INTERVAL} by default. */
        public Builder checkpointInterval(Duration interval) {
            this.interval = Objects.requireNonNull(interval, "interval");
            return this;
        }

        /**
         * The channels of the run that live outside the work directory (in a space, for the part
         * of a split run), with the tokens each holds there: a resume restarts each actor at a
         * checkpoint whose positions these channels hold. Say {@code Long.MAX_VALUE} for a
         * channel that other processes write: its readers here read only what was stored. None
         * by default; only {@link #resume} uses them. The caller opens these channels in the run
         * itself, at the resumption's positions ({@link DurableRun#resumption()}).
         */
        public Builder channelsElsewhere(Map<String, Long> heldTokens) {
            this.elsewhere = Map.copyOf(heldTokens);
            return this;
        }

        /**
         * A new run of {@code workflow}.
         *
         * @throws io.sluice.channel.ChannelException if the work directory holds checkpoints
         *     already (the run's channels and provenance are refused when the run starts)
         */
        public DurableRun start(Workflow workflow) {
            Objects.requireNonNull(workflow, "workflow");
            CheckpointLog log = CheckpointLog.create(work.checkpoints(), interval);
            return new DurableRun(work, policy, putCache, log, provenance ? ProvenanceRecorder.create() : null, null);
        }

        /**
         * The run of {@code workflow} that a killed process left in the work directory.
         *
         * @throws IllegalStateException naming the channel if a process still writes one of the
         *     run's channels: it has not ended, and nothing of it is touched
         * @throws io.sluice.channel.ChannelException naming the file and seq if a channel is
         *     damaged (every batch of every channel is read and checked first), or the file if the
         *     checkpoints are; nothing is touched
         * @throws IOException if the earlier provenance cannot be set aside
         * @throws io.sluice.channel.ChannelException if the checkpoints or a channel cannot be read
         * @throws ProvenanceException if the earlier provenance cannot be read, or the provenance
         *     directory holds files a recorder does not write
         */
        public DurableRun resume(Workflow workflow) throws IOException {
            Objects.requireNonNull(workflow, "workflow");
            refuseIfStillWrittenOrDamaged(work.channels());
            CheckpointLog.verify(work.checkpoints());
            ProvenanceRecorder recorder = provenance ? ProvenanceRecorder.resuming(work.path()) : null;
            try {
                // An actor restarts no later than the provenance recorded of it, so that its provenance stays whole.
                ToLongFunction<String> limit = recorder != null ? recorder::recordedFirings : actor -> Long.MAX_VALUE;
                Path channels = work.channels();
                ToLongFunction<String> held = name -> elsewhere.containsKey(name) ? elsewhere.get(name) : stored(channels.resolve(name));
                CheckpointLog log = CheckpointLog.resume(work.checkpoints(), interval, workflow, held, limit);
                if (recorder != null) {
                    recorder.restartAt(log.restartPoints().values());
                }
                return new DurableRun(work, policy, putCache, log, recorder, Resumption.from(log));
            } catch (RuntimeException e) {
                if (recorder != null) {
                    recorder.releaseEarlier();
                }
                throw e;
            }
        }

        /** The tokens the persistent channel in {@code directory} holds; 0 if there is none. */
        private static long stored(Path directory) {
            return Files.isRegularFile(directory.resolve("channel.json")) ? PersistentChannels.describe(directory).tokens() : 0;
        }

        /**
         * Refuses to resume over channels that a process still writes, or that are damaged: every
         * batch of every channel is read and checked, before anything is changed, since a resumed
         * run would take what they hold for good and append to it.
         */
        private static void refuseIfStillWrittenOrDamaged(Path channels) throws IOException {
            if (!Files.isDirectory(channels)) {
                return;
            }
            List<Path> dirs;
            try (Stream<Path> list = Files.list(channels)) {
                dirs = list.filter(d -> Files.isRegularFile(d.resolve("channel.json"))).sorted().toList();
            }
            for (Path dir : dirs) {
                if (PersistentChannels.describe(dir).writerAlive()) {
                    throw new IllegalStateException("channel " + dir.getFileName() + " in " + channels
                            + " is still being written by another process; resume a run only once its process has ended");
                }
            }
            for (Path dir : dirs) {
                PersistentChannels.verify(dir);
            }
        }
    }
}
