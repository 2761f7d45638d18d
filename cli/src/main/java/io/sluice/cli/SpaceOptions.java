package io.sluice.cli;

import io.sluice.channel.ChannelException;
import io.sluice.channel.ChannelFactory;
import io.sluice.channel.local.Resumption;
import io.sluice.channel.memory.MemoryChannels;
import io.sluice.composite.RemoteReplicas;
import io.sluice.remote.RemoteSpace;
import io.sluice.workflow.ReplicatedActor;
import io.sluice.run.RunConfig;
import io.sluice.run.RunPart;
import io.sluice.workflow.ChannelDefinition;
import io.sluice.workflow.Workflow;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * The options of {@code sluice run} that put channels in a space: {@code --space URI} alone keeps
 * every channel of the run there; with {@code --actors a,b} the run fires only those actors, and
 * the channels between them and the workflow's other actors (fired by other runs) live in the
 * space (see {@link RunPart}). A channel that names a space of its own (JSON {@code "space"})
 * lives there in any case.
 *
 * <p>Filled in by picocli and read on the thread of {@link Main#run}.
 */
final class SpaceOptions {
    @Option(names = "--actors", split = ",", paramLabel = "NAME",
            description = "Fire only these actors; the channels they share with the others live in the --space.")
    List<String> actors;

    @Option(names = "--space", paramLabel = "URI",
            description = "The space (sluice://host:port, see 'sluice serve') for the channels between parts, or for every "
                    + "channel if --actors is not given.")
    String space;

    @Option(names = "--replica-of", paramLabel = "ACTOR",
            description = "Fire no part of the workflow: fire copies of its replicated actor ACTOR for the run that offers it in"
                    + " the --space, until that run ends their input.")
    String replicaOf;

    @Option(names = "--copies", paramLabel = "N",
            description = "With --replica-of: how many copies this process fires (default: 1; at most the actor's replicas).")
    Integer copies;

    @Option(names = "--space-token-file", paramLabel = "F", description = "A file that holds the space's token.")
    Path tokenFile;

    @Option(names = "--space-tls-trust", paramLabel = "PEM",
            description = "Connect to the space over TLS, trusting the certificates in this PEM file.")
    Path tlsTrust;

    /**
     * Checks the options against the workflow, before anything is touched.
     *
     * @throws UsageException if {@code --actors} names no actor or one the workflow does not
     *     have, or leaves a channel it shares with other parts without a space (neither
     *     {@code --space} nor the channel's own), or if {@code --resume} is asked of a run that
     *     keeps every channel in the {@code --space}
     */
    void check(Workflow workflow, boolean resume) {
        if (copies != null && replicaOf == null) {
            throw new UsageException("--copies needs --replica-of ACTOR");
        }
        if (replicaOf != null) {
            if (space == null) {
                throw new UsageException("--replica-of needs --space URI: the space of the run whose actor it joins");
            }
            if (actors != null || resume) {
                throw new UsageException("--replica-of fires copies for another run; it takes neither --actors nor --resume");
            }
            try {
                ReplicatedActor replicated = RemoteReplicas.replicated(workflow, replicaOf);
                if (copies != null && (copies < 1 || copies > replicated.replicas())) {
                    throw new UsageException("--copies: a worker fires 1 to " + replicated.replicas() + " copies of '" + replicaOf
                            + "' (its \"replicas\"), not " + copies);
                }
            } catch (IllegalArgumentException e) {
                throw new UsageException("--replica-of: " + e.getMessage());
            }
            return;
        }
        if (space == null && (tokenFile != null || tlsTrust != null) && named(workflow).isEmpty()) {
            throw new UsageException("--space-token-file and --space-tls-trust need --space URI");
        }
        if (resume && space != null && actors == null) {
            throw new UsageException("--resume does not resume a run whose every channel lives in the --space yet (it keeps no"
                    + " checkpoints); resume a part (--actors) or a run with persistent channels of its own");
        }
        if (actors == null) {
            return;
        }
        try {
            RunPart.requireActors(workflow, actors);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--actors: " + e.getMessage());
        }
        if (space == null) {
            RunPart part = new RunPart(new LinkedHashSet<>(actors), MemoryChannels.factory());
            for (ChannelDefinition c : workflow.channels()) {
                if (part.shares(c) && c.space() == null) {
                    throw new UsageException("--actors needs --space URI: channel '" + c.name() + "' joins this part and another,"
                            + " and names no space of its own");
                }
            }
        }
    }

    /** The spaces the workflow's channels name themselves ({@code "space"} in JSON), in order. */
    private static Set<URI> named(Workflow workflow) {
        Set<URI> uris = new LinkedHashSet<>();
        workflow.channels().forEach(c -> {
            if (c.space() != null) {
                uris.add(c.space());
            }
        });
        return uris;
    }

    /** The default work directory's name: the workflow's, and for a part the names of its actors after dots. */
    String workName(String workflow) {
        return actors == null ? workflow : workflow + "." + String.join(".", new LinkedHashSet<>(actors));
    }

    /**
     * Connects to the spaces the run uses, after {@link #check}: the {@code --space}, if given,
     * and those the workflow's channels name.
     *
     * @throws IOException naming a space that cannot be reached or refuses the client; those
     *     connected before are closed
     */
    Spaces connect(CommandSpec spec, Path currentDirectory, Workflow workflow) throws IOException {
        Map<URI, RemoteSpace> connected = new LinkedHashMap<>();
        try {
            RemoteSpace given = null;
            if (space != null) {
                given = open(spec, currentDirectory, space);
                connected.put(given.uri(), given);
            }
            for (URI uri : named(workflow)) {
                if (!connected.containsKey(uri)) {
                    connected.put(uri, open(spec, currentDirectory, uri.toString()));
                }
            }
            boolean allNamed = workflow.channels().stream().allMatch(c -> c.space() != null);
            return new Spaces(given, connected, actors == null ? null : new LinkedHashSet<>(actors), allNamed);
        } catch (IOException | RuntimeException e) {
            connected.values().forEach(RemoteSpace::close);
            throw e;
        }
    }

    private RemoteSpace open(CommandSpec spec, Path currentDirectory, String address) throws IOException {
        return SpaceCommand.connect(spec, currentDirectory, address, "--space-token-file", tokenFile, "--space-tls-trust", tlsTrust);
    }

    /**
     * The spaces a run is connected to, and how the run uses them: every channel in the
     * {@code --space} if no part is fired, the shared channels there if one is, and each channel
     * that names its own space in that one. Closing closes the connections; on the thread of
     * {@link Main#run}.
     */
    static final class Spaces implements AutoCloseable {
        private final RemoteSpace given;
        private final Map<URI, RemoteSpace> connected;
        private final Set<String> actors;
        /** Whether every channel of the workflow names its own space. */
        private final boolean allNamed;
        /** The replicated actors' sources of copies from workers, closed before the spaces. */
        private final List<io.sluice.workflow.CopySource> offered = new java.util.ArrayList<>();

        private Spaces(RemoteSpace given, Map<URI, RemoteSpace> connected, Set<String> actors, boolean allNamed) {
            this.given = given;
            this.connected = connected;
            this.actors = actors;
            this.allNamed = allNamed;
        }

        /** No space: a run with local channels only. */
        static Spaces none() {
            return new Spaces(null, Map.of(), null, false);
        }

        /** The factory of every channel that names no space, if the run keeps them all in the {@code --space}; else null. */
        ChannelFactory everyChannel() {
            return given != null && actors == null ? given.forNewRun() : null;
        }

        /**
         * Gives the run the part it fires, if any, and the factories of the spaces its channels
         * name: for a new run, or for one that resumes at {@code resumption} if not null.
         */
        void configure(RunConfig.Builder builder, Resumption resumption) {
            Function<RemoteSpace, ChannelFactory> factory = resumption == null ? RemoteSpace::forNewRun
                    : space -> space.forResumedRun(resumption);
            connected.forEach((uri, space) -> builder.space(uri, factory.apply(space)));
            if (actors != null) {
                builder.part(new RunPart(actors, factory.apply(shared())));
            }
        }

        /**
         * Lets workers in the {@code --space} join the replicated actors this run fires
         * ({@link RemoteReplicas#offer}); nothing without {@code --space}. Closing this closes them.
         */
        void offerReplicas(Workflow workflow) {
            if (given != null) {
                offered.addAll(RemoteReplicas.offer(workflow, a -> actors == null || actors.contains(a), given));
            }
        }

        /** The {@code --space}; null without one. */
        RemoteSpace given() {
            return given;
        }

        /** The space of the channels a part shares with others; without --space, every one names its own (checked). */
        private RemoteSpace shared() {
            return given != null ? given : connected.values().iterator().next();
        }

        /**
         * For a run that resumes, the channels of {@code workflow} that live in a space, with the
         * tokens each holds there ({@link io.sluice.durable.DurableRun.Builder#channelsElsewhere}):
         * asked of the space for those this run writes; {@code Long.MAX_VALUE} for those only
         * read here, whose readers read only what the space stored.
         *
         * @throws io.sluice.channel.ChannelException naming the channel if the space refuses its
         *     writer, as it does while another process (or one killed moments ago) still writes it
         */
        Map<String, Long> held(Workflow workflow) {
            Map<String, Long> held = new LinkedHashMap<>();
            for (ChannelDefinition c : workflow.channels()) {
                RemoteSpace space = spaceOf(c);
                if (space != null) {
                    boolean written = actors == null || actors.contains(c.writer().actor());
                    held.put(c.name(), written ? held(space, c) : Long.MAX_VALUE);
                }
            }
            return held;
        }

        private static long held(RemoteSpace space, ChannelDefinition channel) {
            try {
                return space.held(channel.spec()).tokens();
            } catch (ChannelException e) {
                throw new ChannelException(channel.name(), null, "--resume cannot take the channel's writer in " + space.name()
                        + ": " + e.getMessage() + "; if the process that wrote it was killed moments ago, resume again once the"
                        + " space has seen its connection close", e);
            }
        }

        /** The space {@code channel} lives in, or null if it is one of the run's own. */
        private RemoteSpace spaceOf(ChannelDefinition channel) {
            if (channel.space() != null) {
                return connected.get(channel.space());
            }
            if (actors != null && new RunPart(actors, MemoryChannels.factory()).shares(channel)) {
                return shared();
            }
            return null;
        }

        /** How the summary line names the run's channels, given the policy of its local ones. */
        String describe(String policy) {
            if (connected.isEmpty()) {
                return policy;
            }
            String spaces = connected.keySet().stream().map(u -> "space " + u).collect(Collectors.joining(", "));
            return everyChannel() != null || allNamed ? spaces : policy + " and " + spaces;
        }

        @Override
        public void close() {
            offered.forEach(io.sluice.workflow.CopySource::close);
            connected.values().forEach(RemoteSpace::close);
        }
    }
}
