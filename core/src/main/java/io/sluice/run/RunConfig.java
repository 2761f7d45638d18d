package io.sluice.run;

import io.sluice.channel.ChannelFactory;
import io.sluice.channel.memory.MemoryChannels;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * How to run a workflow: the channels to use, where to work, how long to allow, who listens.
 * Immutable; built with {@link #builder()}.
 */
public final class RunConfig {
    private final ChannelFactory channels;
    private final Path workDirectory;
    private final String runId;
    private final Duration timeout;
    private final List<RunListener> listeners;
    private final Checkpoints checkpoints;
    private final boolean writesOutsideWorkDirectory;
    private final RunPart part;
    private final Map<URI, ChannelFactory> spaces;
    private final Duration sampleInterval;
    private final Duration progressInterval;
    private final int memoryCapacity;
    private final long memoryCapacityBytes;

    /** The default of {@link #memoryCapacity()}, in tokens. */
    public static final int DEFAULT_MEMORY_CAPACITY = 1024;

    /**
     * The default of {@link #memoryCapacityBytes()}: 16 MiB. Far above what 1024 small tokens
     * take, so that it binds only channels of large tokens (above 16 KiB each on average).
     */
    public static final long DEFAULT_MEMORY_CAPACITY_BYTES = 16L << 20;

    /** The default of {@link #sampleInterval()}. */
    public static final Duration DEFAULT_SAMPLE_INTERVAL = Duration.ofMillis(10);
    /** The default of {@link #progressInterval()}. */
    public static final Duration DEFAULT_PROGRESS_INTERVAL = Duration.ofSeconds(1);

    private RunConfig(Builder b) {
        this.channels = b.channels != null ? b.channels : MemoryChannels.factory();
        this.workDirectory = b.workDirectory;
        this.runId = b.runId != null ? b.runId : UUID.randomUUID().toString();
        this.timeout = b.timeout;
        this.listeners = List.copyOf(b.listeners);
        this.checkpoints = b.checkpoints;
        this.writesOutsideWorkDirectory = b.writesOutsideWorkDirectory;
        this.part = b.part;
        this.spaces = Map.copyOf(b.spaces);
        this.sampleInterval = b.sampleInterval;
        this.progressInterval = b.progressInterval;
        this.memoryCapacity = b.memoryCapacity;
        this.memoryCapacityBytes = b.memoryCapacityBytes;
    }

    /** A new builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** The factory that opens the run's channels: the one given, or {@link MemoryChannels#factory()}. */
    public ChannelFactory channels() {
        return channels;
    }

    /** The run's work directory, if it has one. */
    public Optional<Path> workDirectory() {
        return Optional.ofNullable(workDirectory);
    }

    /** The run's identifier: the one given, or a random UUID. */
    public String runId() {
        return runId;
    }

    /** How long the run may take before it is stopped and fails, if limited. */
    public Optional<Duration> timeout() {
        return Optional.ofNullable(timeout);
    }

    /** The listeners, in the order they were added. */
    public List<RunListener> listeners() {
        return listeners;
    }

    /** Where the run saves its resumable actors' checkpoints and restarts them from, if anywhere. */
    public Optional<Checkpoints> checkpoints() {
        return Optional.ofNullable(checkpoints);
    }

    /**
     * Whether the actors may write files outside the work directory
     * ({@link io.sluice.actor.WritesFiles}); false unless allowed with
     * {@link Builder#allowWritesOutsideWorkDirectory}.
     */
    public boolean allowsWritesOutsideWorkDirectory() {
        return writesOutsideWorkDirectory;
    }

    /** The part of the workflow this run fires, if it fires only a part ({@link RunPart}). */
    public Optional<RunPart> part() {
        return Optional.ofNullable(part);
    }

    /**
     * The factories of the spaces the workflow's channels may name ({@link
     * io.sluice.workflow.ChannelOptions#space}), by the space's address; empty unless given.
     */
    public Map<URI, ChannelFactory> spaces() {
        return spaces;
    }

    /**
     * How often the run looks at what each actor is doing, to tell the times of a
     * {@link RunSnapshot} ({@link ActorSnapshot}); {@link #DEFAULT_SAMPLE_INTERVAL} unless set.
     */
    public Duration sampleInterval() {
        return sampleInterval;
    }

    /**
     * How often the listeners are given a {@link RunSnapshot} ({@link RunListener#progress});
     * {@link #DEFAULT_PROGRESS_INTERVAL} unless set.
     */
    public Duration progressInterval() {
        return progressInterval;
    }

    /**
     * The capacity, in tokens, that the run keeps a channel within when the channel keeps its
     * tokens on the heap ({@link io.sluice.channel.Channel#onHeap()}: memory channels) and its
     * definition sets none ({@link io.sluice.workflow.ChannelOptions#capacity}): the writer's actor
     * waits while the channel is full, so that the heap holds at most so many waiting tokens per
     * channel, however long the stream. A director grows a full channel only to end an
     * artificial deadlock. {@link #DEFAULT_MEMORY_CAPACITY} unless set;
     * {@link io.sluice.channel.ChannelSpec#UNBOUNDED} lets memory channels grow without limit.
     * Persistent channels keep waiting tokens on disk and are bounded only by their definition.
     */
    public int memoryCapacity() {
        return memoryCapacity;
    }

    /**
     * The capacity in bytes that the run keeps a channel within when the channel keeps its tokens
     * on the heap and its definition sets no byte capacity
     * ({@link io.sluice.workflow.ChannelOptions#capacityBytes}), beside {@link #memoryCapacity()}:
     * the channel is full when either is reached. Tokens are sized by the channel's
     * {@link io.sluice.channel.TokenSizer} ({@link io.sluice.channel.TokenSizer#estimate()} unless
     * its definition gives one). {@link #DEFAULT_MEMORY_CAPACITY_BYTES} unless set;
     * {@link io.sluice.channel.ChannelSpec#UNBOUNDED_BYTES} lifts it.
     */
    public long memoryCapacityBytes() {
        return memoryCapacityBytes;
    }

    /** Builds a {@link RunConfig}. Not thread-safe. */
    public static final class Builder {
        private ChannelFactory channels;
        private Path workDirectory;
        private String runId;
        private Duration timeout;
        private final List<RunListener> listeners = new ArrayList<>();
        private Checkpoints checkpoints;
        private boolean writesOutsideWorkDirectory;
        private RunPart part;
        private final Map<URI, ChannelFactory> spaces = new LinkedHashMap<>();
        private Duration sampleInterval = DEFAULT_SAMPLE_INTERVAL;
        private Duration progressInterval = DEFAULT_PROGRESS_INTERVAL;
        private int memoryCapacity = DEFAULT_MEMORY_CAPACITY;
        private long memoryCapacityBytes = DEFAULT_MEMORY_CAPACITY_BYTES;

        private Builder() {}

        /** The factory that opens the run's channels; memory channels ({@link MemoryChannels}) if not set. */
        public Builder channels(ChannelFactory factory) {
            this.channels = Objects.requireNonNull(factory, "factory");
            return this;
        }

        /** The directory actors write results to; created by the director if missing. */
        public Builder workDirectory(Path directory) {
            this.workDirectory = Objects.requireNonNull(directory, "directory");
            return this;
        }

        /** The run's identifier; a random UUID by default. */
        public Builder runId(String id) {
            if (id == null || id.isBlank()) {
                throw new IllegalArgumentException("run id must not be blank");
            }
            this.runId = id;
            return this;
        }

        /** Stops the run and fails it with {@link RunTimeoutException} after this long. */
        public Builder timeout(Duration timeout) {
            if (timeout == null || timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("timeout must be positive, was " + timeout);
            }
            this.timeout = timeout;
            return this;
        }

        /** Adds a listener; listeners are called in the order they were added. */
        public Builder listener(RunListener listener) {
            listeners.add(Objects.requireNonNull(listener, "listener"));
            return this;
        }

        /**
         * Saves checkpoints of the run's resumable actors there, and restarts them from it when
         * the run resumes; none by default (a resumed run then replays every actor).
         */
        public Builder checkpoints(Checkpoints checkpoints) {
            this.checkpoints = Objects.requireNonNull(checkpoints, "checkpoints");
            return this;
        }

        /**
         * Whether the actors may write files outside the work directory, as their parameters name
         * them ({@link io.sluice.actor.WritesFiles}). False by default: a run whose actors would
         * write outside it then fails before it writes anything, with an
         * {@link OutsideWorkDirectoryException}. Allow it only for a workflow whose author is
         * trusted with the files of whoever runs it.
         */
        public Builder allowWritesOutsideWorkDirectory(boolean allowed) {
            this.writesOutsideWorkDirectory = allowed;
            return this;
        }

        /**
         * Fires only the actors of {@code part}; the others are fired elsewhere, by runs of the
         * same workflow given the other parts, over the channels {@link RunPart#shared()} opens.
         * The whole workflow by default. The run fails at once if the part names an actor the
         * workflow does not have.
         */
        public Builder part(RunPart part) {
            this.part = Objects.requireNonNull(part, "part");
            return this;
        }

        /**
         * Opens the channels that live in the space at {@code uri} ({@link
         * io.sluice.workflow.ChannelOptions#space}) from {@code factory}, e.g. a
         * {@code RemoteSpace} connected to it. The run does not close the factory.
         */
        public Builder space(URI uri, ChannelFactory factory) {
            spaces.put(Objects.requireNonNull(uri, "uri"), Objects.requireNonNull(factory, "factory"));
            return this;
        }

        /**
         * How often the run looks at what each actor is doing ({@link RunConfig#sampleInterval()}):
         * at least 1 ms; finer samples tell short runs' times better and cost a wake-up each.
         */
        public Builder sampleInterval(Duration interval) {
            this.sampleInterval = atLeast(interval, Duration.ofMillis(1), "sampleInterval");
            return this;
        }

        /**
         * How often the listeners are given a snapshot ({@link RunConfig#progressInterval()}): at
         * least 10 ms.
         */
        public Builder progressInterval(Duration interval) {
            this.progressInterval = atLeast(interval, Duration.ofMillis(10), "progressInterval");
            return this;
        }

        /**
         * The capacity of memory channels whose definition sets none
         * ({@link RunConfig#memoryCapacity()}): at least 1 token, or
         * {@link io.sluice.channel.ChannelSpec#UNBOUNDED}.
         */
        public Builder memoryCapacity(int tokens) {
            if (tokens < 1) {
                throw new IllegalArgumentException("memoryCapacity must be at least 1 token, was " + tokens);
            }
            this.memoryCapacity = tokens;
            return this;
        }

        /**
         * The byte capacity of memory channels whose definition sets none
         * ({@link RunConfig#memoryCapacityBytes()}): at least 1 byte, or
         * {@link io.sluice.channel.ChannelSpec#UNBOUNDED_BYTES}.
         */
        public Builder memoryCapacityBytes(long bytes) {
            if (bytes < 1) {
                throw new IllegalArgumentException("memoryCapacityBytes must be at least 1 byte, was " + bytes);
            }
            this.memoryCapacityBytes = bytes;
            return this;
        }

        private static Duration atLeast(Duration d, Duration min, String what) {
            if (d == null || d.compareTo(min) < 0) {
                throw new IllegalArgumentException(what + " must be at least " + min.toMillis() + " ms, was " + d);
            }
            return d;
        }

        /** The configuration. */
        public RunConfig build() {
            return new RunConfig(this);
        }
    }
}
