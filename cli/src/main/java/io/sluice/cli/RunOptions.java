package io.sluice.cli;

import io.sluice.channel.ChannelFactory;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.local.PersistentChannels;
import io.sluice.director.Directors;
import io.sluice.run.Director;
import io.sluice.run.OutputFiles;
import io.sluice.run.OutsideWorkDirectoryException;
import io.sluice.run.RunConfig;
import io.sluice.run.RunFailedException;
import io.sluice.run.WorkLayout;
import io.sluice.workflow.Workflow;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.Optional;
import java.util.function.IntConsumer;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * The options of {@code sluice run} that say how any workflow is run, sample or JSON: the
 * director, the work directory and the timeout. Options about the run itself (channel policy,
 * resuming) belong here too, so that they apply to every kind of workflow.
 *
 * <p>Filled in by picocli and read on the thread of {@link Main#run}. Fields left null were not
 * given; the getters apply the defaults.
 */
final class RunOptions {
    /** The director used when {@code --director} is not given. */
    static final String DEFAULT_DIRECTOR = "data";
    /** Where work directories go, under the current directory, when {@code --work} is not given. */
    static final String WORK_ROOT = "sluice-work";
    /** The channel policy used when {@code --channels} is not given. */
    static final String DEFAULT_CHANNELS = "fast-track";
    /** Where persistent channels are kept, under the work directory. */
    static final String CHANNELS_DIRECTORY = WorkLayout.CHANNELS;
    /** Where provenance is recorded, under the work directory. */
    static final String PROVENANCE_DIRECTORY = WorkLayout.PROVENANCE;
    /** The option that lets actors write files outside the work directory. */
    static final String ALLOW_WRITES_OUTSIDE_WORK = "--allow-writes-outside-work";

    @Option(names = "--director", paramLabel = "NAME", completionCandidates = DirectorNames.class,
            description = "Director: ${COMPLETION-CANDIDATES} (default: " + DEFAULT_DIRECTOR + ").")
    String director;

    @Option(names = "--channels", paramLabel = "POLICY", completionCandidates = PolicyNames.class, converter = PolicyConverter.class,
            description = "Channel policy: ${COMPLETION-CANDIDATES} (default: " + DEFAULT_CHANNELS
                    + "); files in <work>/" + CHANNELS_DIRECTORY + ".")
    ChannelPolicy channels;

    @Option(names = "--put-cache", paramLabel = "TOKENS",
            description = "Tokens a cached or fast-track channel keeps in memory (default: " + PersistentChannels.DEFAULT_PUT_CACHE
                    + ", at most about " + (PersistentChannels.DEFAULT_PUT_CACHE_BYTES >> 20) + " MiB).")
    Integer putCache;

    @Option(names = "--memory-capacity", paramLabel = "TOKENS", converter = TokensConverter.class,
            description = "Tokens a memory channel without a capacity of its own may hold, or 'unbounded' (default: "
                    + RunConfig.DEFAULT_MEMORY_CAPACITY + ").")
    Integer memoryCapacity;

    @Option(names = "--memory-capacity-bytes", paramLabel = "SIZE", converter = BytesConverter.class,
            description = "Bytes (e.g. 1048576, 64KiB, 16MiB, 1GiB) the tokens of a memory channel without a capacity of its own may take,"
                    + " estimated, or 'unbounded' (default: " + (RunConfig.DEFAULT_MEMORY_CAPACITY_BYTES >> 20) + "MiB).")
    Long memoryCapacityBytes;

    @Option(names = "--work", paramLabel = "DIR",
            description = "The run's work directory (default: " + WORK_ROOT + "/<workflow name>).")
    Path work;

    @Option(names = "--timeout", paramLabel = "SECONDS", converter = SecondsConverter.class,
            description = "Stop the run and fail if it takes longer (default: no limit).")
    Duration timeout;

    @Option(names = "--provenance", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Record provenance into <work>/" + PROVENANCE_DIRECTORY + " (default: on); read it with 'sluice prov'.")
    boolean provenance = true;

    @Option(names = ALLOW_WRITES_OUTSIDE_WORK,
            description = "Let actors write files outside the work directory.")
    boolean allowWritesOutsideWork;

    /** When {@code sluice run} draws its live progress line. */
    enum ProgressWhen {
        /** When standard output is a terminal. */
        auto,
        always,
        never
    }

    @Option(names = "--progress", paramLabel = "WHEN", defaultValue = "auto",
            description = "Show a live progress line: auto (when the output is a terminal; the default), always, never.")
    ProgressWhen progress = ProgressWhen.auto;

    @Option(names = "--monitor", paramLabel = "PORT", arity = "0..1", fallbackValue = "0",
            description = "Serve a live page of the run on loopback at PORT (default: any free port); its address goes to stderr.")
    Integer monitor;

    @Option(names = "--resume",
            description = "Continue a killed run from what it left in <work> (see docs/cli.md).")
    boolean resume;

    /**
     * The director asked for, or the default.
     *
     * @throws UsageException naming the known directors if there is none by that name
     */
    Director director() {
        return director(DEFAULT_DIRECTOR);
    }

    /**
     * The director asked for, or {@code byDefault} (a MoML model's own) if none was.
     *
     * @throws UsageException naming the known directors if there is none by that name
     */
    Director director(String byDefault) {
        String name = director == null ? byDefault : director;
        try {
            return Directors.named(name);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--director: " + e.getMessage());
        }
    }

    /** The channel policy asked for, or the default: parsed once, by picocli ({@link PolicyConverter}). */
    ChannelPolicy policy() {
        return channels == null ? ChannelPolicy.named(DEFAULT_CHANNELS) : channels;
    }

    /**
     * The channel factory of a run that is not resumed: channels of the chosen policy, persistent
     * ones in the work directory's {@value #CHANNELS_DIRECTORY}; a channel of a JSON workflow that
     * asks for a policy of its own gets that one.
     */
    ChannelFactory channels(Path workDirectory) {
        PersistentChannels.Builder builder = PersistentChannels.builder(workDirectory.resolve(CHANNELS_DIRECTORY)).policy(policy());
        putCache(builder::putCache);
        return builder.build();
    }

    /**
     * Gives the put cache asked for, if one was, to {@code setter}, which checks it.
     *
     * @throws UsageException saying why {@code setter} refused it
     */
    void putCache(IntConsumer setter) {
        if (putCache != null) {
            try {
                setter.accept(putCache);
            } catch (IllegalArgumentException e) {
                throw new UsageException("--put-cache: " + e.getMessage());
            }
        }
    }

    /**
     * The work directory as the user gave it, or the default for the workflow, relative to the
     * current directory unless given as an absolute path. Used in messages.
     */
    Path workDirectory(String workflowName) {
        return work != null ? work : Path.of(WORK_ROOT, workflowName);
    }

    /**
     * Checks that the files the workflow's actors write stay inside the work directory, unless
     * {@value #ALLOW_WRITES_OUTSIDE_WORK} was given; called before anything in the work directory
     * is changed. The run checks them again ({@link RunConfig#allowsWritesOutsideWorkDirectory()}).
     *
     * @throws RunFailedException naming the actor, the parameter, the path and the work directory
     */
    void checkOutputFiles(Workflow workflow, Path workDirectory) throws RunFailedException {
        try {
            OutputFiles.resolve(workflow, workDirectory, allowWritesOutsideWork);
        } catch (OutsideWorkDirectoryException e) {
            throw new RunFailedException(e.getMessage() + "; " + ALLOW_WRITES_OUTSIDE_WORK + " allows it", e);
        }
    }

    /** The time limit, if one was given. */
    /** Whether to draw the progress line, given whether the output is a terminal. */
    boolean showsProgress(boolean terminal) {
        return progress == ProgressWhen.always || progress == ProgressWhen.auto && terminal;
    }

    /** Sets the run's memory capacities that were given. */
    void memoryCapacity(RunConfig.Builder builder) {
        if (memoryCapacity != null) {
            builder.memoryCapacity(memoryCapacity);
        }
        if (memoryCapacityBytes != null) {
            builder.memoryCapacityBytes(memoryCapacityBytes);
        }
    }

    Optional<Duration> timeout() {
        return Optional.ofNullable(timeout);
    }

    /** The channel policies' names, for the help text. */
    static final class PolicyNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return ChannelPolicy.names().iterator();
        }
    }

    /** A policy by its name; an unknown one is a usage error naming the known ones. */
    static final class PolicyConverter implements ITypeConverter<ChannelPolicy> {
        @Override
        public ChannelPolicy convert(String value) {
            try {
                return ChannelPolicy.named(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** The directors' names, for the help text. */
    static final class DirectorNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Directors.names().iterator();
        }
    }

    /** A positive number of seconds, fractions allowed (e.g. {@code 0.5}). */
    static final class SecondsConverter implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            BigDecimal seconds;
            try {
                seconds = new BigDecimal(value.trim());
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value + "' is not a number of seconds");
            }
            if (seconds.signum() <= 0) {
                throw new TypeConversionException("the timeout must be positive, was " + value);
            }
            try {
                return Duration.ofNanos(seconds.movePointRight(9).setScale(0, RoundingMode.CEILING).longValueExact());
            } catch (ArithmeticException e) {
                throw new TypeConversionException("the timeout is too large: " + value + " s");
            }
        }
    }

    /** A number of tokens of at least 1, or {@code unbounded}. */
    static final class TokensConverter implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            if (value.trim().equalsIgnoreCase("unbounded")) {
                return ChannelSpec.UNBOUNDED;
            }
            try {
                int tokens = Integer.parseInt(value.trim());
                if (tokens >= 1) {
                    return tokens;
                }
            } catch (NumberFormatException e) {
                // named below
            }
            throw new TypeConversionException("'" + value + "' is not a number of tokens of at least 1 nor 'unbounded'");
        }
    }

    /** A number of bytes of at least 1, with an optional unit KiB, MiB or GiB (or K, M, G), or {@code unbounded}. */
    static final class BytesConverter implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            String v = value.trim();
            if (v.equalsIgnoreCase("unbounded")) {
                return ChannelSpec.UNBOUNDED_BYTES;
            }
            String upper = v.toUpperCase(java.util.Locale.ROOT);
            int shift = 0;
            for (String[] unit : new String[][] {{"KIB", "10"}, {"MIB", "20"}, {"GIB", "30"}, {"K", "10"}, {"M", "20"}, {"G", "30"},
                    {"B", "0"}}) {
                if (upper.endsWith(unit[0])) {
                    shift = Integer.parseInt(unit[1]);
                    upper = upper.substring(0, upper.length() - unit[0].length()).trim();
                    break;
                }
            }
            try {
                long n = Long.parseLong(upper);
                if (n >= 1 && n <= Long.MAX_VALUE >> shift) {
                    return n << shift;
                }
            } catch (NumberFormatException e) {
                // named below
            }
            throw new TypeConversionException("'" + value + "' is not a size of at least 1 byte (such as 1048576, 64KiB, 16MiB) nor 'unbounded'");
        }
    }
}
