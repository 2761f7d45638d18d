package io.sluice.workflow;

import io.sluice.actor.Actor;
import io.sluice.actor.InitialTokens;
import io.sluice.actor.InputPort;
import io.sluice.actor.Names;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.workflow.internal.Replicas;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * A graph of actors connected by channels, ready to be run once by a director.
 *
 * <p>Built in Java with {@link #builder(String)}, or read from a JSON document with {@code io.sluice.workflow.json.WorkflowJson} (module {@code sluice-workflow-json}).
 * Every input port is connected to exactly one channel; an output port may feed any number of
 * input ports (one channel with several readers) or none. Feedback loops (a channel from an actor
 * to itself or to an upstream actor) are allowed; they usually need
 * {@linkplain ChannelOptions#initialTokens initial tokens}, a delay that declares them on its
 * output ({@link io.sluice.actor.InitialTokens}), or an actor that only reads its loop when it
 * knows a token is there.
 *
 * <p>A workflow is immutable, except that it can be started only once: its actors keep state
 * across firings, so each run needs a newly built workflow.
 */
public final class Workflow {
    private final String name;
    private final List<ActorNode> actors;
    private final List<ChannelDefinition> channels;
    private final Map<String, ActorNode> actorsByName = new HashMap<>();
    private final Map<String, ChannelDefinition> channelsByName = new HashMap<>();
    private final AtomicBoolean started = new AtomicBoolean();
    private final Map<String, Object> ui;

    private Workflow(String name, List<ActorNode> actors, List<ChannelDefinition> channels, Map<String, Object> ui) {
        this.name = name;
        this.ui = Collections.unmodifiableMap(new LinkedHashMap<>(ui));
        this.actors = List.copyOf(actors);
        this.channels = List.copyOf(channels);
        actors.forEach(a -> actorsByName.put(a.name(), a));
        channels.forEach(c -> channelsByName.put(c.name(), c));
    }

    /** Starts building a workflow. @throws IllegalArgumentException if the name is invalid */
    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** The workflow's name. */
    public String name() {
        return name;
    }

    /**
     * What an editor keeps about the workflow (its canvas, zoom, notes), as {@link ActorNode#ui()}
     * and {@link ChannelDefinition#ui()} keep it about actors and channels: Sluice ignores it and
     * keeps it, so that a workflow a GUI saved, read and written again, is as the GUI left it.
     * Empty if nothing.
     */
    public Map<String, Object> ui() {
        return ui;
    }

    /** The actors, in the order they were added. */
    public List<ActorNode> actors() {
        return actors;
    }

    /** The channels, in the order they were first connected, then unconnected outputs. */
    public List<ChannelDefinition> channels() {
        return channels;
    }

    /** The actor with the given name. */
    public Optional<ActorNode> actor(String actorName) {
        return Optional.ofNullable(actorsByName.get(actorName));
    }

    /** The channel with the given name. */
    public Optional<ChannelDefinition> channel(String channelName) {
        return Optional.ofNullable(channelsByName.get(channelName));
    }

    /**
     * Marks the workflow as started. Directors call this once at the start of a run.
     *
     * @throws IllegalStateException if it was already started
     */
    public void claimForRun() {
        if (!started.compareAndSet(false, true)) {
            throw new IllegalStateException("workflow '" + name + "' was already started; its actors keep state, "
                    + "so build a new Workflow for each run");
        }
    }

    @Override
    public String toString() {
        return "Workflow[" + name + ": " + actors.size() + " actors, " + channels.size() + " channels]";
    }

    /**
     * Builds a {@link Workflow}, checking each step: names are valid and unique, ports exist and
     * have compatible types, each input port is connected once. Not thread-safe.
     *
     * <p>Compatible types: the input port's type is the output port's or a supertype of it, or a
     * {@link io.sluice.codec.TokenConverter} service found by the input type's class loader
     * converts the output's tokens into it (records of another version, say), which the run then
     * does for that reader.
     */
    public static final class Builder {
        private final String name;
        private final Map<String, ActorEntry> actors = new LinkedHashMap<>();
        private final Set<Actor> instances = Collections.newSetFromMap(new IdentityHashMap<>());
        private final Map<PortRef, ChannelEntry> channels = new LinkedHashMap<>();
        private final Map<PortRef, PortRef> connectedInputs = new HashMap<>();
        /** Where the element being added was defined, as a definition's reader says ({@link #at}). */
        private SourceLocation location;

        private Map<String, Object> ui = Map.of();

        private Builder(String name) {
            this.name = Names.require("workflow", name);
        }

        /**
         * Adds an actor under a name.
         *
         * @throws WorkflowDefinitionException if the name is invalid or taken, the instance was
         *     already added, or its ports are invalid
         */
        public Builder actor(String actorName, Actor actor) {
            return actor(actorName, actor, actor == null ? null : actor.getClass().getName(), Map.of());
        }

        /**
         * Adds an actor with the type and parameters it was created from, so that they can be
         * stored with a run.
         *
         * @throws WorkflowDefinitionException as {@link #actor(String, Actor)}
         */
        public Builder actor(String actorName, Actor actor, String type, Map<String, ?> parameters) {
            try {
                Names.require("actor", actorName);
            } catch (IllegalArgumentException e) {
                throw error(e.getMessage());
            }
            if (actor == null) {
                throw error("actor '" + actorName + "' is null");
            }
            ActorEntry existing = actors.get(actorName);
            if (existing != null) {
                throw error("duplicate actor name '" + actorName + "'"
                        + (existing.location == null ? "" : "; first defined at " + existing.location));
            }
            if (!instances.add(actor)) {
                throw error("actor '" + actorName + "': this actor instance was already added under another name; "
                        + "an instance keeps state and can be wired only once");
            }
            List<Port<?>> ports = actor.ports();
            if (ports == null) {
                throw error("actor '" + actorName + "' (" + type + ") returned null from ports()");
            }
            Set<String> portNames = new HashSet<>();
            for (Port<?> port : ports) {
                if (port == null) {
                    throw error("actor '" + actorName + "' (" + type + ") declares a null port");
                }
                if (!portNames.add(port.name())) {
                    throw error("actor '" + actorName + "' (" + type + ") declares two ports named '" + port.name() + "'");
                }
            }
            actors.put(actorName, new ActorEntry(new ActorNode(actorName, actor, Objects.requireNonNull(type, "type"),
                    new LinkedHashMap<String, Object>(parameters), ports), location));
            return this;
        }

        /**
         * Adds an actor that runs as {@code replicas} copies, each made by {@code copies}
         * ({@link ReplicatedActor}): its input is striped across the copies by their speed and
         * their outputs merged back into input order. The copies must be distinct instances of one
         * {@link io.sluice.actor.Stateless} class with one input port and no files to write, and
         * there must be from 1 to {@link ReplicatedActor#MAX_REPLICAS} of them (checked before
         * any copy is made).
         *
         * @throws WorkflowDefinitionException naming the actor if it cannot be replicated, or as
         *     {@link #actor(String, Actor)}
         */
        public Builder replicated(String actorName, int replicas, Supplier<? extends Actor> copies) {
            if (replicas < 1 || replicas > ReplicatedActor.MAX_REPLICAS) {
                throw error("actor '" + actorName + "' cannot be replicated: replicas must be at least 1 and at most "
                        + ReplicatedActor.MAX_REPLICAS + ", not " + replicas);
            }
            List<Actor> made = new ArrayList<>();
            for (int i = 0; i < replicas; i++) {
                made.add(copies.get());
            }
            return replicated(actorName, made, made.get(0) == null ? null : made.get(0).getClass().getName(), Map.of());
        }

        /**
         * Adds a replicated actor ({@link #replicated(String, int, Supplier)})
         * from copies already made, with the type and parameters they were created from (a JSON
         * workflow's actor with {@code "replicas"}).
         *
         * @throws WorkflowDefinitionException as {@link #replicated(String, int, Supplier)}
         */
        public Builder replicated(String actorName, List<? extends Actor> copies, String type, Map<String, ?> parameters) {
            return replicated(actorName, copies, type, parameters, copies.size() * ReplicatedActor.ROUND_TOKENS_PER_COPY);
        }

        /**
         * As {@link #replicated(String, List, String, Map)}, each firing taking a round of up to
         * {@code roundTokens} tokens rather than {@value ReplicatedActor#ROUND_TOKENS_PER_COPY}
         * per copy (a JSON workflow's {@code "round"}): larger rounds let copies in other
         * processes, whose slices spend time on the way, take a share.
         *
         * @throws WorkflowDefinitionException as {@link #replicated(String, int, Supplier)}, or if
         *     the round is smaller than the copies or larger than {@link ReplicatedActor#MAX_ROUND_TOKENS}
         */
        public Builder replicated(String actorName, List<? extends Actor> copies, String type, Map<String, ?> parameters,
                int roundTokens) {
            Actor replicated;
            try {
                replicated = Replicas.of(actorName, copies, roundTokens);
            } catch (IllegalArgumentException | NullPointerException e) {
                throw error(e.getMessage());
            }
            for (Actor copy : copies) {
                if (instances.contains(copy)) {
                    throw error("actor '" + actorName + "': a copy instance was already added to this workflow");
                }
            }
            actor(actorName, replicated, type, parameters);
            instances.addAll(copies);
            return this;
        }

        /** Keeps {@code values} for an editor ({@link Workflow#ui()}). */
        public Builder ui(Map<String, ?> values) {
            this.ui = new LinkedHashMap<>(values);
            return this;
        }

        /**
         * Keeps {@code values} for an editor about the actor {@code actorName}, added before
         * ({@link ActorNode#ui()}).
         *
         * @throws WorkflowDefinitionException if there is no such actor
         */
        public Builder actorUi(String actorName, Map<String, ?> values) {
            ActorEntry entry = actors.get(actorName);
            if (entry == null) {
                throw error("no actor '" + actorName + "' to keep editor values for");
            }
            ActorNode n = entry.node;
            actors.put(actorName, new ActorEntry(new ActorNode(n.name(), n.actor(), n.type(), n.parameters(), n.ports(),
                    new LinkedHashMap<String, Object>(values)), entry.location));
            return this;
        }

        /** Connects {@code from} ({@code actor.port}, an output) to {@code to} (an input) with default options. */
        public Builder connect(String from, String to) {
            return connect(from, to, ChannelOptions.defaults());
        }

        /**
         * Connects two ports given as {@code actor.port}. Connecting one output to several inputs
         * makes one channel with several readers.
         *
         * @throws WorkflowDefinitionException if an actor or port is unknown, {@code from} is not an
         *     output or {@code to} not an input, the types are incompatible, {@code to} is already
         *     connected, or the options differ from those given earlier for the same channel
         */
        public Builder connect(String from, String to, ChannelOptions options) {
            PortRef writer = ref(from);
            PortRef reader = ref(to);
            return connect(writer, reader, options);
        }

        /** Type-safe form of {@link #connect(String, String)} for ports declared as constants. */
        public <T> Builder connect(String fromActor, OutputPort<T> out, String toActor, InputPort<? super T> in) {
            return connect(fromActor, out, toActor, in, ChannelOptions.defaults());
        }

        /** Type-safe form of {@link #connect(String, String, ChannelOptions)}. */
        public <T> Builder connect(String fromActor, OutputPort<T> out, String toActor, InputPort<? super T> in,
                ChannelOptions options) {
            return connect(ref(fromActor, out.name()), ref(toActor, in.name()), options);
        }

        /** Whether a {@link io.sluice.codec.TokenConverter} service converts the writer's tokens into the reader's type. */
        private boolean convertible(PortRef writer, Class<?> from, PortRef reader, Class<?> to) {
            try {
                return io.sluice.channel.internal.TokenConversions.find(from, to) != null;
            } catch (IllegalArgumentException e) {
                throw error("'" + writer + "' produces " + from.getName() + ", which '" + reader + "' cannot read as "
                        + to.getName() + ": " + e.getMessage());
            }
        }

        private Builder connect(PortRef writer, PortRef reader, ChannelOptions options) {
            Objects.requireNonNull(options, "options");
            Port<?> out = port(writer);
            Port<?> in = port(reader);
            if (!(out instanceof OutputPort<?>)) {
                throw error("'" + writer + "' is an input port; a channel must start at an output port");
            }
            if (!(in instanceof InputPort<?>)) {
                throw error("'" + reader + "' is an output port; a channel must end at an input port");
            }
            if (!in.type().isAssignableFrom(out.type()) && !convertible(writer, out.type(), reader, in.type())) {
                throw error("type mismatch from '" + writer + "' to '" + reader + "': '" + writer + "' produces "
                        + out.type().getName() + " but '" + reader + "' accepts " + in.type().getName());
            }
            PortRef earlier = connectedInputs.get(reader);
            if (earlier != null) {
                throw error("input port '" + reader + "' is already connected to '" + earlier
                        + "'; an input port reads exactly one channel");
            }
            ChannelEntry channel = channels.get(writer);
            if (channel == null) {
                channel = new ChannelEntry(writer, out.type(), options, location);
                channels.put(writer, channel);
            } else if (!channel.options.equals(options) && !options.equals(ChannelOptions.defaults())) {
                throw error("conflicting options for the channel from '" + writer + "': " + channel.options
                        + (channel.location == null ? "" : " (at " + channel.location + ")") + " and " + options);
            }
            channel.readers.add(reader);
            connectedInputs.put(reader, writer);
            return this;
        }

        /**
         * Checks the whole graph and builds the workflow.
         *
         * @throws WorkflowDefinitionException if an input port is not connected, two channels have
         *     the same name, or an initial token (a channel's own, or one its writer declares) is
         *     null or not of its channel's type
         */
        public Workflow build() {
            List<String> unconnected = new ArrayList<>();
            SourceLocation firstUnconnected = null;
            for (ActorEntry entry : actors.values()) {
                for (InputPort<?> in : entry.node.inputs()) {
                    PortRef ref = new PortRef(entry.node.name(), in.name());
                    if (!connectedInputs.containsKey(ref)) {
                        unconnected.add("'" + ref + "'" + (entry.location == null ? "" : " (actor at " + entry.location + ")"));
                        firstUnconnected = firstUnconnected == null ? entry.location : firstUnconnected;
                    }
                }
            }
            if (!unconnected.isEmpty()) {
                throw new WorkflowDefinitionException("input port" + (unconnected.size() > 1 ? "s " : " ")
                        + String.join(", ", unconnected) + (unconnected.size() > 1 ? " are" : " is")
                        + " not connected; every input port must read a channel", firstUnconnected, null);
            }
            List<ChannelDefinition> definitions = new ArrayList<>();
            Map<String, ChannelEntry> byName = new HashMap<>();
            for (ChannelEntry entry : channels.values()) {
                definitions.add(entry.define(byName, actors.get(entry.writer.actor()).node));
            }
            for (ActorEntry entry : actors.values()) {
                for (OutputPort<?> out : entry.node.outputs()) {
                    PortRef ref = new PortRef(entry.node.name(), out.name());
                    if (!channels.containsKey(ref)) {
                        definitions.add(new ChannelEntry(ref, out.type(), ChannelOptions.defaults(), entry.location)
                                .define(byName, entry.node));
                    }
                }
            }
            return new Workflow(name, actors.values().stream().map(e -> e.node).toList(), definitions, ui);
        }

        /**
         * Sets where the next elements added are defined, so that an error in them names the
         * place ({@code file:line}): for a reader of a workflow's definition, such as the JSON
         * form's; {@code null} for none.
         */
        public Builder at(SourceLocation where) {
            this.location = where;
            return this;
        }

        private PortRef ref(String text) {
            try {
                return PortRef.parse(text);
            } catch (WorkflowDefinitionException e) {
                throw error(e.problem());
            }
        }

        private PortRef ref(String actorName, String portName) {
            try {
                return new PortRef(actorName, portName);
            } catch (IllegalArgumentException e) {
                throw error(e.getMessage());
            }
        }

        private Port<?> port(PortRef ref) {
            ActorEntry entry = actors.get(ref.actor());
            if (entry == null) {
                throw error("unknown actor '" + ref.actor() + "' in '" + ref + "'; actors: " + actors.keySet());
            }
            return entry.node.port(ref.port()).orElseThrow(() -> error("unknown port '" + ref.port() + "' of actor '"
                    + ref.actor() + "' (" + entry.node.type() + "); its ports: "
                    + entry.node.ports().stream().map(Port::name).toList()));
        }

        private WorkflowDefinitionException error(String problem) {
            return new WorkflowDefinitionException(problem, location, null);
        }

        private record ActorEntry(ActorNode node, SourceLocation location) {}

        private static final class ChannelEntry {
            final PortRef writer;
            final Class<?> type;
            final ChannelOptions options;
            final SourceLocation location;
            final List<PortRef> readers = new ArrayList<>();

            ChannelEntry(PortRef writer, Class<?> type, ChannelOptions options, SourceLocation location) {
                this.writer = writer;
                this.type = type;
                this.options = options;
                this.location = location;
            }

            /** The channel, with the initial tokens {@code writerActor} declares on its port first. */
            ChannelDefinition define(Map<String, ChannelEntry> byName, ActorNode writerActor) {
                String channelName = options.name().orElse(writer.toString());
                ChannelEntry clash = byName.putIfAbsent(channelName, this);
                if (clash != null) {
                    throw new WorkflowDefinitionException("duplicate channel name '" + channelName + "': used by the channels from '"
                            + clash.writer + "' and '" + writer + "'", location, null);
                }
                List<?> declared;
                try {
                    declared = InitialTokens.of(writerActor.actor(), (OutputPort<?>) writerActor.port(writer.port()).orElseThrow());
                } catch (RuntimeException e) {
                    throw new WorkflowDefinitionException("actor '" + writer.actor() + "' (" + writerActor.type()
                            + ") cannot give the initial tokens of its port '" + writer.port() + "': " + e, location, e);
                }
                List<Object> initial = new ArrayList<>(declared);
                initial.addAll(options.initialTokens());
                for (int i = 0; i < initial.size(); i++) {
                    Object token = initial.get(i);
                    String whose = i < declared.size() ? "actor '" + writer.actor() + "' declares initial token " + token
                            + " on port '" + writer.port() + "' (channel '" + channelName + "')"
                            : "channel '" + channelName + "': initial token " + token;
                    if (token == null) {
                        throw new WorkflowDefinitionException(whose + " is null", location, null);
                    }
                    if (!type.isInstance(token)) {
                        throw new WorkflowDefinitionException(whose + " is a " + token.getClass().getName() + ", not a "
                                + type.getName(), location, null);
                    }
                }
                return new ChannelDefinition(channelName, writer, type, readers, options.capacity(), initial,
                        options.policy().orElse(null), options.space().orElse(null), options.ui(), declared.size(),
                        options.capacityBytes(), options.tokenSizer().orElse(null));
            }
        }
    }
}
