package io.sluice.director;

import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.channel.Channel;
import io.sluice.channel.ChannelFactory;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelWriter;
import io.sluice.channel.TokenSizer;
import io.sluice.channel.internal.TokenConversions;
import io.sluice.run.Checkpoint;
import io.sluice.run.Checkpoints;
import io.sluice.run.OutputFiles;
import io.sluice.run.RunConfig;
import io.sluice.run.RunFailedException;
import io.sluice.run.RunPart;
import io.sluice.workflow.ActorNode;
import io.sluice.workflow.ChannelDefinition;
import io.sluice.workflow.PortRef;
import io.sluice.workflow.Workflow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Sets a run up before any of its actors starts: checks the part it fires and the files its
 * actors write ({@link #checkOutputFiles()}), then ({@link #setUp()}) creates its work directory,
 * opens the channels of the workflow (or of the part the run fires) with the capacities the run
 * keeps them within ({@link ChannelBound}) and their initial tokens, binds the actors' ports to
 * readers and writers, builds an {@link ActorRuntime} per actor, and, when the run has
 * checkpoints, positions each resumable actor at its restart point.
 *
 * <p><b>Threads.</b> Used once, on the run's supervisor; {@link #setUp()} runs while a thread of
 * its own tells the listeners the run started. Nothing here is shared until it returns, except
 * the channels, which any thread may read from {@link RunChannels} as they open.
 *
 * <p><b>Ownership.</b> Each channel is added to the run's {@link RunChannels} at once after it
 * opened, and the run closes it from then on, as the run ends, whatever happens here; closing a
 * channel releases the readers and writer opened on it. The runtimes returned belong to the run.
 *
 * <p><b>Failure.</b> The first failure (an actor the workflow lacks, an output file outside the
 * work directory, a work directory that cannot be created, a channel that cannot be opened or
 * has no factory, a reader whose tokens no converter converts, more initial tokens than a
 * capacity, a restart point that cannot be read) is recorded with {@link RunBase#fail}, naming
 * the channel, reader or actor, and setting up stops there: what it opened so far is in
 * {@link RunChannels}, closed as the run ends, and what it returns is not
 * {@linkplain Prepared#ready() ready}. A channel that fails to open was never added, so there is
 * nothing of it to close.
 */
final class RunSetUp {

    /**
     * What setting a run up prepared for it.
     *
     * @param runtimes the actors' runtimes in the workflow's order; empty if setting up failed
     *     before they were built
     * @param channels the channels as the run's {@link RunWatch} reads them
     * @param ready whether every actor is set up and may be started; false once a failure was recorded
     */
    record Prepared(List<ActorRuntime> runtimes, List<RunWatch.Watched> channels, boolean ready) {
        static final Prepared FAILED = new Prepared(List.of(), List.of(), false);
    }

    private final RunBase run;
    private final Workflow workflow;
    private final RunConfig config;
    private final RunChannels opened;
    /** The part of the workflow the run fires, or null for all of it. */
    private final RunPart part;
    private final Map<PortRef, InputBinding> inputs = new HashMap<>();
    private final Map<PortRef, OutputBinding> outputs = new HashMap<>();
    private final List<RunWatch.Watched> watched = new ArrayList<>();

    /** Sets {@code run} up to run {@code workflow} with {@code config}, adding the channels it opens to {@code opened}. */
    RunSetUp(RunBase run, Workflow workflow, RunConfig config, RunChannels opened) {
        this.run = run;
        this.workflow = workflow;
        this.config = config;
        this.opened = opened;
        this.part = config.part().orElse(null);
    }

    /**
     * Checks that the part to fire, if any, is the workflow's, and resolves and checks the files
     * the actors write besides their channels; before the run creates anything, and so before
     * {@link #setUp()}. On a failure (an unknown actor, a file outside the work directory, say)
     * fails the run and returns null.
     */
    OutputFiles checkOutputFiles() {
        try {
            if (part != null) {
                part.requireIn(workflow);
            }
        } catch (IllegalArgumentException e) {
            run.fail(new RunFailedException(e.getMessage(), e));
            return null;
        }
        try {
            return OutputFiles.resolve(workflow, config.workDirectory().orElse(null), config.allowsWritesOutsideWorkDirectory());
        } catch (RunFailedException e) {
            run.fail(e);
            return null;
        }
    }

    /**
     * Sets the run up; once, after {@link #checkOutputFiles()} passed. On a failure, records it
     * with {@link RunBase#fail} and returns what it prepared, not {@linkplain Prepared#ready() ready}.
     */
    Prepared setUp() {
        if (!createWorkDirectory()) {
            return Prepared.FAILED;
        }
        for (ChannelDefinition def : workflow.channels()) {
            if (part != null && !part.touches(def)) {
                continue;
            }
            if (!open(def)) {
                return Prepared.FAILED;
            }
        }
        List<ActorRuntime> runtimes = buildRuntimes();
        boolean ready = config.checkpoints().isEmpty() || restartPoints(runtimes, config.checkpoints().get());
        return new Prepared(runtimes, List.copyOf(watched), ready);
    }

    /** Creates the run's work directory, if it has one; on a failure, fails the run and returns false. */
    private boolean createWorkDirectory() {
        if (config.workDirectory().isPresent()) {
            Path dir = config.workDirectory().get();
            try {
                Files.createDirectories(dir);
            } catch (IOException | RuntimeException e) {
                run.fail(new RunFailedException("work directory " + dir + " cannot be created: " + e, e));
                return false;
            }
        }
        return true;
    }

    /**
     * Opens the channel {@code def} defines, with a reader for each of its readers in this run
     * and, if this run writes it, its writer, its bound and its initial tokens; on a failure,
     * fails the run and returns false.
     */
    private boolean open(ChannelDefinition def) {
        boolean shared = part != null && part.shares(def);
        ChannelFactory factory = def.space() != null ? config.spaces().get(def.space())
                : shared ? part.shared() : config.channels();
        if (factory == null) {
            run.fail(new RunFailedException("channel '" + def.name() + "' lives in space " + def.space()
                    + ", but the run was given no channel factory for it (RunConfig.Builder.space)", null));
            return false;
        }
        Channel<?> channel;
        try {
            // A channel of the run's own factory that no other part touches is used only by this run's actors.
            channel = run.firesOnOneThread() && factory == config.channels() && def.space() == null && !shared
                    ? factory.openSingleThreaded(def.spec()) : factory.open(def.spec());
        } catch (IOException | RuntimeException e) {
            run.fail(new RunFailedException("channel '" + def.name() + "' could not be opened"
                    + (factory != config.channels() ? " in " + factory.name() : "") + ": " + e, e));
            return false;
        }
        RunChannels.OpenChannel open = opened.add(channel);
        List<InputBinding> readers = openReaders(def, channel);
        if (readers == null) {
            return false;
        }
        if (part != null && !part.has(def.writer().actor())) {
            watched.add(watchedOf(def.name(), null, readers, open));
            return true; // written by another part, which writes its initial tokens too
        }
        ChannelWriter<Object> writer;
        try {
            @SuppressWarnings("unchecked")
            ChannelWriter<Object> w = (ChannelWriter<Object>) channel.writer();
            writer = w;
        } catch (RuntimeException e) {
            run.fail(new RunFailedException("channel '" + def.name() + "' could not be opened for writing: " + e.getMessage(), e));
            return false;
        }
        List<?> initial = def.initialTokens();
        if (def.spec().bounded() && initial.size() > def.capacity()) {
            run.fail(new RunFailedException("channel '" + def.name() + "' has " + initial.size()
                    + " initial tokens, more than its capacity " + def.capacity(), null));
            return false;
        }
        ChannelBound bound = boundOf(def, channel, writer, readers, shared);
        if (bound != null) {
            for (InputBinding in : readers) {
                in.bound = bound;
            }
            open = opened.boundLast(bound);
        }
        if (!putInitialTokens(def, writer, bound)) {
            return false;
        }
        outputs.put(def.writer(), new OutputBinding((OutputPort<?>) port(def.writer()), writer, def.name(), List.copyOf(readers),
                bound));
        watched.add(watchedOf(def.name(), writer, readers, open));
        return true;
    }

    /**
     * Opens a reader of {@code channel} for each reader {@code def} names among this run's actors
     * and binds it to its input port; on a failure, fails the run and returns null (the readers
     * opened so far close with the channel).
     */
    private List<InputBinding> openReaders(ChannelDefinition def, Channel<?> channel) {
        List<InputBinding> readers = new ArrayList<>();
        for (PortRef ref : def.readers()) {
            if (part != null && !part.has(ref.actor())) {
                continue;
            }
            String readerName = ref.toString();
            ChannelReader<?> reader;
            try {
                reader = readerAs((InputPort<?>) port(ref), channel, readerName);
            } catch (RuntimeException e) {
                run.fail(new RunFailedException("channel '" + def.name() + "' could not be opened for reader '" + readerName + "': "
                        + e.getMessage(), e));
                return null;
            }
            InputBinding in = new InputBinding((InputPort<?>) port(ref), reader, def.name(), readerName);
            inputs.put(ref, in);
            readers.add(in);
        }
        return readers;
    }

    /**
     * The capacity the run keeps the channel {@code def} defines within, or null if it does not
     * bound it: a run whose director does not bound channels, a channel another part reads too,
     * or a channel with no capacity in tokens or bytes.
     */
    private ChannelBound boundOf(ChannelDefinition def, Channel<?> channel, ChannelWriter<Object> writer,
            List<InputBinding> readers, boolean shared) {
        int capacity = capacityOf(def, channel);
        long capacityBytes = capacityBytesOf(def, channel);
        if (!run.boundsChannels() || (capacity == ChannelSpec.UNBOUNDED && capacityBytes == ChannelSpec.UNBOUNDED_BYTES) || shared) {
            return null;
        }
        ByteDepth bytes = capacityBytes == ChannelSpec.UNBOUNDED_BYTES ? null
                : new ByteDepth(def.name(), def.tokenSizer() != null ? def.tokenSizer() : TokenSizer.estimate(), capacityBytes,
                        writer.position());
        return new ChannelBound(def.name(), writer, readers.stream().map(in -> in.reader).toArray(ChannelReader<?>[]::new),
                capacity, bytes);
    }

    /**
     * Puts the initial tokens of the channel {@code def} defines that its writer is not past yet
     * (a resumed channel's writer may be); on a failure, fails the run and returns false.
     */
    private boolean putInitialTokens(ChannelDefinition def, ChannelWriter<Object> writer, ChannelBound bound) {
        List<?> initial = def.initialTokens();
        try {
            for (Object token : initial.subList((int) Math.min(writer.position(), initial.size()), initial.size())) {
                writer.put(token);
                if (bound != null) {
                    bound.wrote(token);
                }
            }
            return true;
        } catch (InterruptedException e) {
            run.fail(new RunFailedException("the initial tokens of channel '" + def.name() + "' were interrupted", e));
            return false;
        } catch (RuntimeException e) { // the channel's token sizer failed on one
            run.fail(new RunFailedException("the initial tokens of channel '" + def.name() + "' could not be put: " + e.getMessage(), e));
            return false;
        }
    }

    /**
     * Builds a runtime for each actor of the run, in the workflow's order, with its bindings, and
     * tells each input which runtime writes its channel.
     */
    private List<ActorRuntime> buildRuntimes() {
        List<ActorRuntime> actors = new ArrayList<>();
        Map<String, ActorRuntime> byName = new HashMap<>();
        for (ActorNode node : workflow.actors()) {
            if (part != null && !part.has(node.name())) {
                continue;
            }
            InputBinding[] ins = node.inputs().stream().map(p -> inputs.get(new PortRef(node.name(), p.name())))
                    .toArray(InputBinding[]::new);
            OutputBinding[] outs = node.outputs().stream().map(p -> outputs.get(new PortRef(node.name(), p.name())))
                    .toArray(OutputBinding[]::new);
            ActorRuntime runtime = new ActorRuntime(run, actors.size(), node.name(), node.actor(), ins, outs);
            actors.add(runtime);
            byName.put(node.name(), runtime);
        }
        for (ChannelDefinition def : workflow.channels()) {
            // Null for a channel written by another part: its readers here wait for a peer.
            ActorRuntime writer = byName.get(def.writer().actor());
            for (PortRef ref : def.readers()) {
                InputBinding in = inputs.get(ref);
                if (in != null) {
                    in.writer = writer;
                }
            }
        }
        return List.copyOf(actors);
    }

    /**
     * Gives each resumable actor its checkpointing and, in a resumed run, its restart point. On a
     * failure, fails the run and returns false.
     */
    private boolean restartPoints(List<ActorRuntime> actors, Checkpoints checkpoints) {
        for (ActorRuntime a : actors) {
            if (!Checkpoints.resumable(a.actor)) {
                continue;
            }
            a.checkpointing(new Checkpointing(checkpoints, a));
            try {
                Optional<Checkpoint> restart = checkpoints.restartPoint(a.name);
                if (restart.isPresent()) {
                    a.restartFrom(restart.get());
                }
            } catch (RunFailedException e) {
                run.fail(e);
                return false;
            } catch (RuntimeException e) {
                run.fail(new RunFailedException("the restart point of actor '" + a.name + "' could not be read: " + e, e));
                return false;
            }
        }
        return true;
    }

    /**
     * The capacity the run keeps {@code channel} within: its definition's, else the run's
     * {@link RunConfig#memoryCapacity()} if the channel keeps its tokens on the heap (or as many
     * as its initial tokens, if more), else none.
     */
    private int capacityOf(ChannelDefinition def, Channel<?> channel) {
        if (def.spec().bounded()) {
            return def.capacity();
        }
        if (!channel.onHeap() || config.memoryCapacity() == ChannelSpec.UNBOUNDED) {
            return ChannelSpec.UNBOUNDED;
        }
        return Math.max(config.memoryCapacity(), def.initialTokens().size());
    }

    /**
     * The byte capacity the run keeps {@code channel} within: its definition's, else the run's
     * {@link RunConfig#memoryCapacityBytes()} if the channel keeps its tokens on the heap and its
     * definition does not bound it in tokens, else none. A channel whose definition gives a capacity
     * in tokens only is kept within that alone.
     */
    private long capacityBytesOf(ChannelDefinition def, Channel<?> channel) {
        if (def.boundedInBytes()) {
            return def.capacityBytes();
        }
        if (def.spec().bounded() || !channel.onHeap()) {
            return ChannelSpec.UNBOUNDED_BYTES;
        }
        return config.memoryCapacityBytes();
    }

    /**
     * A reader of the channel for an input port: the channel's own, or, for a port of another type
     * than the channel's (a record of another version, say), the channel's tokens converted by the
     * {@link io.sluice.codec.TokenConverter} service the workflow was checked against. If no
     * service converts them, the reader opened is closed again.
     *
     * @throws IllegalStateException if no service converts them any more (another class loader)
     */
    private static ChannelReader<?> readerAs(InputPort<?> port, Channel<?> channel, String readerName) {
        ChannelReader<?> reader = channel.openReader(readerName);
        if (port.type().isAssignableFrom(channel.type())) {
            return reader;
        }
        try {
            Function<Object, ?> conversion = TokenConversions.find(channel.type(), port.type());
            if (conversion == null) {
                throw new IllegalStateException("no TokenConverter service converts " + channel.type().getName() + " to "
                        + port.type().getName());
            }
            return TokenConversions.converting(reader, conversion);
        } catch (RuntimeException e) {
            reader.close();
            throw e;
        }
    }

    private io.sluice.actor.Port<?> port(PortRef ref) {
        return workflow.actor(ref.actor()).flatMap(a -> a.port(ref.port())).orElseThrow();
    }

    private static RunWatch.Watched watchedOf(String name, ChannelWriter<?> writer, List<InputBinding> readers,
            RunChannels.OpenChannel open) {
        return new RunWatch.Watched(name, writer, readers.stream().map(in -> new RunWatch.Reader(in.readerName, in.reader)).toList(),
                open::stats);
    }
}
