package io.sluice.workflow.json;

import io.sluice.actor.Actor;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.channel.ChannelPolicy;
import io.sluice.workflow.ActorFactory;
import io.sluice.workflow.ActorRegistry;
import io.sluice.workflow.ChannelOptions;
import io.sluice.workflow.Parameters;
import io.sluice.workflow.ReplicatedActor;
import io.sluice.workflow.SourceLocation;
import io.sluice.workflow.Workflow;
import io.sluice.workflow.WorkflowDefinitionException;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a workflow from its JSON form, documented in {@code docs/workflow-json.md}, and writes one
 * in it ({@link #write}):
 *
 * <pre>{@code
 * {
 *   "name": "filter",
 *   "actors": [
 *     {"name": "source", "type": "word-source", "params": {"tokens": 1000}},
 *     {"name": "sink",   "type": "line-sink"}
 *   ],
 *   "channels": [
 *     {"from": "source.out", "to": "sink.in", "capacity": 100, "capacityBytes": 1048576}
 *   ]
 * }
 * }</pre>
 *
 * <p>An actor with {@code "replicas": K} is added with
 * {@link io.sluice.workflow.Workflow.Builder#replicated(String, List, String, Map)}: K copies made
 * by its type's factory from the same parameters; K is from 1 to
 * {@link ReplicatedActor#MAX_REPLICAS}, checked before any copy is made. {@code "round": N}
 * beside it sets the tokens each firing takes ({@link ReplicatedActor#roundTokens()}; by default
 * {@value ReplicatedActor#ROUND_TOKENS_PER_COPY} per copy).
 *
 * <p>Every error is a {@link WorkflowDefinitionException} whose message starts with
 * {@code file:line:} of the offending element and names it. Thread-safe: all methods are static
 * and keep no state between calls.
 */
public final class WorkflowJson {
    /** Reads one element at a time from a larger document, hence trailing tokens are expected. */
    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .disable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();
    private static final Set<String> TOP_FIELDS = Set.of("name", "description", "actors", "channels", "space", "ui");
    private static final Set<String> ACTOR_FIELDS = Set.of("name", "type", "params", "replicas", "round", "description", "ui");
    private static final Set<String> CHANNEL_FIELDS = Set.of("from", "to", "name", "capacity", "capacityBytes", "initialTokens", "policy", "space", "ui");

    private WorkflowJson() {}

    /**
     * Reads a workflow file. Relative paths in actor parameters are resolved against the file's
     * directory.
     *
     * @throws IOException if the file cannot be read
     * @throws WorkflowDefinitionException if the definition is invalid
     */
    public static Workflow read(Path file, ActorRegistry registry) throws IOException {
        Path base = file.toAbsolutePath().getParent();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(reader, file.toString(), base, registry);
        }
    }

    /**
     * Reads a workflow from a reader.
     *
     * @param json the JSON text: one object and nothing after it but white space; not closed
     * @param sourceName how to name the source in messages, e.g. a file name
     * @param baseDirectory the directory relative paths in parameters are resolved against
     * @param registry the actor types the definition may use
     * @throws WorkflowDefinitionException if the definition is invalid
     */
    public static Workflow read(Reader json, String sourceName, Path baseDirectory, ActorRegistry registry) {
        JsonParser open = null;
        try (JsonParser parser = MAPPER.createParser(json)) {
            open = parser;
            return new Loader(parser, sourceName, baseDirectory, registry).load();
        } catch (JacksonException e) {
            // A limit such as the nesting depth is reported without a location: the parser's is the place.
            TokenStreamLocation at = e.getLocation() != null || open == null ? e.getLocation() : open.currentLocation();
            SourceLocation where = at == null || at.getLineNr() < 1 ? null : new SourceLocation(sourceName, at.getLineNr());
            String problem = e instanceof StreamConstraintsException ? "JSON beyond a limit: " : "malformed JSON: ";
            throw new WorkflowDefinitionException(problem + e.getOriginalMessage(), where, e);
        }
    }

    /**
     * Writes {@code workflow} in its JSON form, which {@link #read} reads back into the same
     * workflow: every actor with its type and parameters, every channel with its options. The
     * writer is not closed.
     *
     * @throws IllegalArgumentException naming the actor if one was not made from a registered
     *     type, or a parameter or initial token has no JSON form
     * @throws IOException if writing fails
     */
    public static void write(Workflow workflow, Writer out) throws IOException {
        Map<String, Object> document = WorkflowWriter.document(workflow);
        try {
            out.write(MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(document));
            out.write(System.lineSeparator());
        } catch (JacksonException e) {
            throw new IllegalArgumentException("workflow '" + workflow.name() + "' has a value with no JSON form: " + e.getOriginalMessage(),
                    e);
        }
    }

    /** One pass over one document. */
    private static final class Loader {
        private final JsonParser parser;
        private final String source;
        private final Path baseDirectory;
        private final ActorRegistry registry;
        private final Map<String, List<Port<?>>> portsByActor = new HashMap<>();
        /** The workflow's "space": where its channels live unless one names its own; null if none. */
        private URI space;

        Loader(JsonParser parser, String source, Path baseDirectory, ActorRegistry registry) {
            this.parser = parser;
            this.source = source;
            this.baseDirectory = baseDirectory;
            this.registry = registry;
        }

        Workflow load() {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw error("a workflow definition is a JSON object with name, actors and channels", here());
            }
            SourceLocation top = here();
            String name = null;
            List<Element> actors = List.of();
            List<Element> channels = List.of();
            Map<String, Object> ui = Map.of();
            while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                String field = parser.currentName();
                SourceLocation at = here();
                JsonToken value = parser.nextToken();
                switch (field) {
                    case "name" -> name = requireString(MAPPER.readTree(parser), "workflow name", at);
                    case "description" -> parser.skipChildren();
                    case "actors" -> actors = elements("actors", value, at);
                    case "channels" -> channels = elements("channels", value, at);
                    case "space" -> space = space(MAPPER.readTree(parser), "\"space\" of the workflow", at);
                    case "ui" -> ui = ui(MAPPER.readTree(parser), "the workflow", at);
                    default -> throw error("unknown field '" + field + "' in the workflow; expected one of " + sorted(TOP_FIELDS), at);
                }
            }
            if (parser.nextToken() != null) {
                throw error("content after the workflow object; a workflow file holds one JSON object and nothing else", here());
            }
            if (name == null) {
                throw error("the workflow has no \"name\"", top);
            }
            Workflow.Builder builder;
            try {
                builder = Workflow.builder(name);
            } catch (IllegalArgumentException e) {
                throw error(e.getMessage(), top);
            }
            builder.ui(ui);
            actors.forEach(a -> addActor(builder, a));
            channels.forEach(c -> addChannel(builder, c));
            return builder.at(null).build();
        }

        private List<Element> elements(String field, JsonToken value, SourceLocation at) {
            if (value != JsonToken.START_ARRAY) {
                throw error("\"" + field + "\" must be an array of objects", at);
            }
            List<Element> elements = new ArrayList<>();
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                SourceLocation where = here();
                if (parser.currentToken() != JsonToken.START_OBJECT) {
                    throw error("each element of \"" + field + "\" must be an object", where);
                }
                elements.add(new Element(MAPPER.readTree(parser), where));
            }
            return elements;
        }

        private void addActor(Workflow.Builder builder, Element element) {
            JsonNode node = element.node;
            SourceLocation at = element.location;
            checkFields(node, ACTOR_FIELDS, "an actor", at);
            String name = requireString(node.get("name"), "actor \"name\"", at);
            String type = requireString(node.get("type"), "\"type\" of actor '" + name + "'", at);
            ActorFactory factory = registry.factory(type).orElseThrow(() -> error("unknown actor type '" + type
                    + "' for actor '" + name + "'; known types: " + registry.types(), at));
            JsonNode paramsNode = node.get("params");
            if (paramsNode != null && !paramsNode.isObject()) {
                throw error("\"params\" of actor '" + name + "' must be an object", at);
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> values = paramsNode == null ? Map.of()
                    : (Map<String, Object>) LongValues.decode(MAPPER.convertValue(paramsNode, LinkedHashMap.class));
            Parameters parameters = Parameters.of(values, baseDirectory);
            JsonNode replicasNode = node.get("replicas");
            if (replicasNode != null && (!replicasNode.isIntegralNumber() || !replicasNode.canConvertToInt()
                    || replicasNode.asInt() < 1 || replicasNode.asInt() > ReplicatedActor.MAX_REPLICAS)) {
                throw error("\"replicas\" of actor '" + name + "' must be a whole number of at least 1 and at most " + ReplicatedActor.MAX_REPLICAS
                        + ", not " + replicasNode, at);
            }
            int replicas = replicasNode == null ? 1 : replicasNode.asInt();
            JsonNode roundNode = node.get("round");
            if (roundNode != null && replicasNode == null) {
                throw error("\"round\" of actor '" + name + "' needs \"replicas\": only a replicated actor fires in rounds", at);
            }
            if (roundNode != null && (!roundNode.isIntegralNumber() || !roundNode.canConvertToInt() || roundNode.asInt() < replicas
                    || roundNode.asInt() > ReplicatedActor.MAX_ROUND_TOKENS)) {
                throw error("\"round\" of actor '" + name + "' must be a whole number of tokens of at least its " + replicas
                        + " replicas and at most " + ReplicatedActor.MAX_ROUND_TOKENS + ", not " + roundNode, at);
            }
            int round = roundNode == null ? replicas * ReplicatedActor.ROUND_TOKENS_PER_COPY : roundNode.asInt();
            List<Actor> copies = new ArrayList<>();
            for (int i = 0; i < replicas; i++) {
                try {
                    copies.add(factory.create(parameters));
                } catch (IllegalArgumentException e) {
                    throw error("actor '" + name + "' (type " + type + "): " + e.getMessage(), at);
                } catch (Exception e) {
                    throw new WorkflowDefinitionException("actor '" + name + "' (type " + type + ") could not be created: " + e, at, e);
                }
            }
            Actor actor = copies.get(0);
            if (!parameters.unread().isEmpty()) {
                throw error("actor '" + name + "' (type " + type + "): unknown parameter" + (parameters.unread().size() > 1 ? "s " : " ")
                        + parameters.unread(), at);
            }
            if (replicasNode == null) {
                builder.at(at).actor(name, actor, type, parameters.asMap());
            } else {
                builder.at(at).replicated(name, copies, type, parameters.asMap(), round);
            }
            JsonNode ui = node.get("ui");
            if (ui != null) {
                builder.actorUi(name, ui(ui, "actor '" + name + "'", at));
            }
            portsByActor.put(name, actor.ports());
        }

        private void addChannel(Workflow.Builder builder, Element element) {
            JsonNode node = element.node;
            SourceLocation at = element.location;
            checkFields(node, CHANNEL_FIELDS, "a channel", at);
            String from = requireString(node.get("from"), "channel \"from\"", at);
            List<String> to = readers(node.get("to"), from, at);
            ChannelOptions options = ChannelOptions.defaults();
            JsonNode name = node.get("name");
            if (name != null) {
                try {
                    options = options.name(requireString(name, "\"name\" of the channel from '" + from + "'", at));
                } catch (IllegalArgumentException e) {
                    throw error(e.getMessage(), at);
                }
            }
            JsonNode capacity = node.get("capacity");
            if (capacity != null) {
                if (!capacity.isIntegralNumber() || !capacity.canConvertToInt() || capacity.intValue() < 1) {
                    throw error("\"capacity\" of the channel from '" + from + "' must be an integer of at least 1, got " + capacity, at);
                }
                options = options.capacity(capacity.intValue());
            }
            JsonNode capacityBytes = node.get("capacityBytes");
            if (capacityBytes != null) {
                if (!capacityBytes.isIntegralNumber() || !capacityBytes.canConvertToLong() || capacityBytes.longValue() < 1) {
                    throw error("\"capacityBytes\" of the channel from '" + from + "' must be an integer of at least 1, got "
                            + capacityBytes, at);
                }
                options = options.capacityBytes(capacityBytes.longValue());
            }
            JsonNode policy = node.get("policy");
            if (policy != null) {
                String policyName = requireString(policy, "\"policy\" of the channel from '" + from + "'", at);
                try {
                    options = options.policy(ChannelPolicy.named(policyName));
                } catch (IllegalArgumentException e) {
                    throw error("\"policy\" of the channel from '" + from + "': " + e.getMessage(), at);
                }
            }
            JsonNode channelUi = node.get("ui");
            if (channelUi != null) {
                options = options.ui(ui(channelUi, "the channel from '" + from + "'", at));
            }
            JsonNode channelSpace = node.get("space");
            URI in = channelSpace != null ? space(channelSpace, "\"space\" of the channel from '" + from + "'", at) : space;
            if (in != null) {
                options = options.space(in);
            }
            JsonNode initial = node.get("initialTokens");
            if (initial != null) {
                options = options.initialTokens(initialTokens(initial, from, at));
            }
            builder.at(at);
            for (String reader : to) {
                builder.connect(from, reader, options);
            }
        }

        /** What an editor keeps about {@code what}: any JSON object, kept as it is. */
        @SuppressWarnings("unchecked")
        private Map<String, Object> ui(JsonNode node, String what, SourceLocation at) {
            if (!node.isObject()) {
                throw error("\"ui\" of " + what + " must be an object", at);
            }
            return MAPPER.convertValue(node, LinkedHashMap.class);
        }

        /** A space's address, {@code scheme://host:port}; {@code what} names the field in messages. */
        private URI space(JsonNode node, String what, SourceLocation at) {
            String text = requireString(node, what, at);
            try {
                URI uri = new URI(text);
                if (uri.getScheme() != null && uri.getHost() != null && uri.getPort() >= 0) {
                    return uri;
                }
            } catch (URISyntaxException e) {
                // Refused below with the rule.
            }
            throw error(what + " must be a space's address such as sluice://host:7000, got \"" + text + "\"", at);
        }

        private List<String> readers(JsonNode to, String from, SourceLocation at) {
            String what = "\"to\" of the channel from '" + from + "'";
            if (to == null) {
                throw error("the channel from '" + from + "' has no \"to\"", at);
            }
            if (to.isString()) {
                return List.of(to.stringValue());
            }
            if (!to.isArray() || to.isEmpty()) {
                throw error(what + " must be a port (\"actor.port\") or a non-empty array of ports", at);
            }
            List<String> readers = new ArrayList<>();
            for (JsonNode reader : to.values()) {
                readers.add(requireString(reader, what, at));
            }
            return readers;
        }

        /** Converts initial tokens to the writer port's type; an unknown port is left for the builder to report. */
        private List<Object> initialTokens(JsonNode tokens, String from, SourceLocation at) {
            if (!tokens.isArray()) {
                throw error("\"initialTokens\" of the channel from '" + from + "' must be an array", at);
            }
            Class<?> type = writerType(from);
            List<Object> values = new ArrayList<>();
            int index = 0;
            for (JsonNode token : tokens.values()) {
                if (token.isNull()) {
                    throw error("initial token #" + index + " of the channel from '" + from + "' is null; channels carry no nulls", at);
                }
                try {
                    Object value = LongValues.decode(MAPPER.convertValue(token, Object.class));
                    values.add(type.isInstance(value) ? value : MAPPER.convertValue(token.isObject() ? value : token, type));
                } catch (IllegalArgumentException | JacksonException e) {
                    throw error("initial token #" + index + " of the channel from '" + from + "' is not a " + type.getName()
                            + ": " + token, at);
                }
                index++;
            }
            return values;
        }

        private Class<?> writerType(String from) {
            int dot = from.indexOf('.');
            List<Port<?>> ports = dot < 0 ? null : portsByActor.get(from.substring(0, dot));
            if (ports != null) {
                for (Port<?> port : ports) {
                    if (port instanceof OutputPort<?> out && out.name().equals(from.substring(dot + 1))) {
                        return out.type();
                    }
                }
            }
            return Object.class;
        }

        private void checkFields(JsonNode node, Set<String> allowed, String what, SourceLocation at) {
            for (String field : node.propertyNames()) {
                if (!allowed.contains(field)) {
                    throw error("unknown field '" + field + "' in " + what + "; expected one of " + sorted(allowed), at);
                }
            }
        }

        private String requireString(JsonNode node, String what, SourceLocation at) {
            if (node == null || !node.isString()) {
                throw error(what + " must be a string" + (node == null ? ", and is missing" : ", got " + node), at);
            }
            return node.stringValue();
        }

        private SourceLocation here() {
            return new SourceLocation(source, parser.currentTokenLocation().getLineNr());
        }

        private WorkflowDefinitionException error(String problem, SourceLocation at) {
            return new WorkflowDefinitionException(problem, at, null);
        }

        private static List<String> sorted(Set<String> names) {
            return names.stream().sorted().toList();
        }
    }

    private record Element(JsonNode node, SourceLocation location) {}
}
