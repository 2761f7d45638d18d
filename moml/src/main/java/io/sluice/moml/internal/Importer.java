package io.sluice.moml.internal;

import io.sluice.actor.Actor;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.moml.ClassMapping;
import io.sluice.moml.MomlWorkflow;
import io.sluice.moml.PtolemyClassRegistry;
import io.sluice.workflow.ActorFactory;
import io.sluice.workflow.ActorRegistry;
import io.sluice.workflow.Parameters;
import io.sluice.workflow.SourceLocation;
import io.sluice.workflow.Workflow;
import io.sluice.workflow.WorkflowDefinitionException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * One import of a MoML model ({@code io.sluice.moml.MomlReader}): walks the entity tree,
 * flattening composites without a director of their own, groups relations into channels (a
 * relation group, and the relations on either side of a composite's port, are one channel),
 * maps every atomic entity onto a Sluice actor type and builds the workflow. Every error names
 * the element, its class where it has one, and the line. Used once, by one thread.
 */
public final class Importer {
    /** Composite classes whose content is flattened into the workflow. */
    private static final Set<String> COMPOSITES = Set.of("ptolemy.actor.TypedCompositeActor", "ptolemy.actor.CompositeActor",
            "ptolemy.kernel.CompositeEntity");
    /** The directors Sluice runs, and the Sluice director each maps to. */
    private static final Map<String, String> DIRECTORS = Map.of(
            "ptolemy.domains.sdf.kernel.SDFDirector", "sdf",
            "ptolemy.domains.pn.kernel.PNDirector", "data",
            "ptolemy.domains.ddf.kernel.DDFDirector", "data");
    /**
     * The parameter a DDF director reads from an actor: how often it must fire in an iteration.
     * The importer multiplies the director's iterations by the largest of them.
     */
    private static final String REQUIRED_FIRINGS = "requiredFiringsPerIteration";
    /** Elements that carry nothing Sluice runs: documentation, layout and icons. */
    private static final Set<String> IGNORED_ELEMENTS = Set.of("doc", "configure", "display", "vertex", "rendition", "svg");

    private final String source;
    private final Path baseDirectory;
    private final ActorRegistry actors;
    private final PtolemyClassRegistry classes;
    private final List<Atomic> atomics = new ArrayList<>();
    private final Map<String, Atomic> atomicsByPath = new HashMap<>();
    private final Relations relations = new Relations();
    /** Per composite port (its path), the relations linked to it from outside and from inside. */
    private final Map<String, Junction> junctions = new LinkedHashMap<>();
    private XmlElement director;

    public Importer(String source, Path baseDirectory, ActorRegistry actors, PtolemyClassRegistry classes) {
        this.source = source;
        this.baseDirectory = baseDirectory;
        this.actors = actors;
        this.classes = classes;
    }

    /** An atomic entity: its path in the model, its element, mapping and scope, and its ports' links in channel order. */
    private record Atomic(String path, XmlElement entity, ClassMapping mapping, Scope scope, Map<String, List<String>> links) {}

    /** The relations linked to a composite's port outside and inside it. */
    private record Junction(XmlElement port, List<String> outside, List<String> inside) {}

    /** The workflow the model {@code root} describes. */
    public MomlWorkflow importModel(XmlElement root) {
        if (!root.tag().equals("entity")) {
            throw error("a MoML model is an <entity> element, not <" + root.tag() + ">", root);
        }
        Scope model = new Scope(null, source);
        walk(root, "", model);
        for (Junction j : junctions.values()) {
            if (j.outside.size() > 1 || j.inside.size() > 1) {
                throw error("port '" + j.port.name() + "' of a composite is linked to several relations on one side; Sluice does not"
                        + " flatten multiports of composites", j.port);
            }
            if (!j.outside.isEmpty() && !j.inside.isEmpty()) {
                relations.union(j.outside.get(0), j.inside.get(0));
            }
        }
        if (director == null) {
            throw error("model '" + root.name() + "' has no director; Sluice runs models with an SDFDirector, PNDirector or"
                    + " DDFDirector", root);
        }
        String sluiceDirector = DIRECTORS.get(director.className());
        OptionalLong iterations = iterations(model);
        OptionalLong sourceFirings = iterations;
        if (iterations.isPresent() && director.className().endsWith("DDFDirector")) {
            sourceFirings = OptionalLong.of(iterations.getAsLong() * requiredFirings());
        }
        return new MomlWorkflow(build(root.name(), sourceFirings), sluiceDirector, director.className(), iterations);
    }

    /** The director's {@code iterations}, if it has a positive one and is an SDF or DDF director. */
    private OptionalLong iterations(Scope model) {
        if (director.className().endsWith("PNDirector")) {
            return OptionalLong.empty();
        }
        Scope scope = new Scope(model, source);
        for (XmlElement p : director.children("property")) {
            scope.define(p);
        }
        for (XmlElement p : director.children("property")) {
            if (p.name().equals("iterations") && p.attribute("value").isPresent()) {
                Object value = scope.value(p, "director '" + director.name() + "'");
                if (!(value instanceof Integer || value instanceof Long)) {
                    throw error("the director's iterations must be an integer, got " + value, p);
                }
                long n = ((Number) value).longValue();
                return n > 0 ? OptionalLong.of(n) : OptionalLong.empty();
            }
        }
        return OptionalLong.empty();
    }

    /**
     * The most firings a DDF iteration requires of any actor ({@value #REQUIRED_FIRINGS}, 1 if
     * none says): in a model of one-token actors, each source fires that often per iteration.
     */
    private long requiredFirings() {
        long most = 1;
        for (Atomic a : atomics) {
            for (XmlElement p : a.entity.children("property")) {
                if (p.name().equals(REQUIRED_FIRINGS) && p.attribute("value").isPresent()) {
                    Object value = a.scope.value(p, "entity '" + a.path + "' (" + a.entity.className() + ")");
                    if (!(value instanceof Integer || value instanceof Long) || ((Number) value).longValue() < 0) {
                        throw error(REQUIRED_FIRINGS + " of entity '" + a.path + "' must be a non-negative integer, got " + value, p);
                    }
                    most = Math.max(most, ((Number) value).longValue());
                }
            }
        }
        return most;
    }

    // ---- walking the model ----

    private void walk(XmlElement composite, String prefix, Scope scope) {
        List<XmlElement> links = new ArrayList<>();
        for (XmlElement child : composite.children()) {
            switch (child.tag()) {
                case "property" -> property(child, prefix, scope);
                case "entity" -> entity(child, prefix, scope);
                case "relation" -> relation(child, prefix);
                case "link" -> links.add(child);
                case "port", "unlink" -> {
                    if (child.tag().equals("unlink")) {
                        throw error("<unlink> is not supported in a model file", child);
                    }
                }
                default -> {
                    if (!IGNORED_ELEMENTS.contains(child.tag())) {
                        throw error("<" + child.tag() + "> is not supported" + (child.tag().equals("class")
                                ? ": Sluice does not read MoML class definitions; use entities of library classes" : ""), child);
                    }
                }
            }
        }
        for (XmlElement link : links) {
            link(link, prefix);
        }
    }

    private void property(XmlElement property, String prefix, Scope scope) {
        String cls = property.className();
        if (cls.endsWith("Director")) {
            if (!prefix.isEmpty()) {
                throw error("composite '" + prefix.substring(0, prefix.length() - 1) + "' has a director of its own ("
                        + cls + "); Sluice runs one director per model", property);
            }
            if (!DIRECTORS.containsKey(cls)) {
                throw unsupportedDirector(property);
            }
            director = property;
        } else if (isParameter(property)) {
            scope.define(property);
        }
    }

    private WorkflowDefinitionException unsupportedDirector(XmlElement director) {
        return error("director '" + director.name() + "' (" + director.className() + ") is not supported; Sluice runs models with an"
                + " SDFDirector, PNDirector or DDFDirector", director);
    }

    /** Whether {@code property} is a parameter (rather than layout, documentation or a tool's metadata). */
    private static boolean isParameter(XmlElement property) {
        String name = property.name();
        String cls = property.className();
        if (name.startsWith("_") || name.equals("class") || name.equals("entityId") || name.equals("derivedFrom")
                || name.startsWith("semanticType") || name.equals("KeplerDocumentation") || property.attribute("value").isEmpty()) {
            return false;
        }
        return cls.isEmpty() || cls.startsWith("ptolemy.data.expr.") || cls.startsWith("ptolemy.actor.parameters.")
                || cls.equals("ptolemy.moml.SharedParameter") || cls.equals("ptolemy.kernel.util.StringAttribute");
    }

    private void entity(XmlElement entity, String prefix, Scope scope) {
        String path = prefix + entity.name();
        if (COMPOSITES.contains(entity.className())) {
            walk(entity, path + ".", new Scope(scope, source));
            return;
        }
        ClassMapping mapping = classes.mapping(entity.className()).orElseThrow(() -> error("entity '" + path + "' is of class "
                + entity.className() + ", which Sluice has no actor type for; the classes it maps: " + classes.classNames(), entity));
        Scope own = new Scope(scope, source);
        for (XmlElement p : entity.children("property")) {
            if (isParameter(p)) {
                own.define(p);
            }
        }
        for (XmlElement child : entity.children()) {
            if (child.tag().equals("entity") || child.tag().equals("relation") || child.tag().equals("link")) {
                throw error("entity '" + path + "' (" + entity.className() + ") is not a composite, yet holds <" + child.tag() + ">",
                        child);
            }
        }
        Atomic atomic = new Atomic(path, entity, mapping, own, new LinkedHashMap<>());
        atomics.add(atomic);
        atomicsByPath.put(path, atomic);
    }

    private void relation(XmlElement relation, String prefix) {
        relations.add(prefix + relation.name(), relation);
        for (XmlElement p : relation.children("property")) {
            if (p.name().equals("width")) {
                String width = p.attribute("value").orElse("").strip();
                if (!width.equals("1") && !width.equals("-1") && !width.equals("Auto") && !width.equals("WIDTH_TO_INFER")) {
                    throw error("relation '" + prefix + relation.name() + "' has width " + width
                            + "; Sluice supports relations of width 1", p);
                }
            }
        }
    }

    private void link(XmlElement link, String prefix) {
        if (link.attribute("relation1").isPresent()) {
            String a = prefix + link.attribute("relation1").get();
            String b = prefix + link.attribute("relation2").orElseThrow(() -> error("<link relation1> without relation2", link));
            requireRelation(a, link);
            requireRelation(b, link);
            relations.union(a, b);
            return;
        }
        String port = link.attribute("port").orElseThrow(() -> error("<link> without port or relation1", link));
        String relation = prefix + link.attribute("relation").orElseThrow(() -> error("<link port=\"" + port + "\"> without relation",
                link));
        requireRelation(relation, link);
        int insertAt = link.attribute("insertAt").map(i -> parseIndex(i, link)).orElse(-1);
        int dot = port.indexOf('.');
        if (dot < 0) {
            // A port of the composite itself, linked inside it.
            junction(prefix + port, link).inside.add(relation);
            return;
        }
        String entityPath = prefix + port.substring(0, dot);
        String portName = port.substring(dot + 1);
        Atomic atomic = atomicsByPath.get(entityPath);
        if (atomic == null) {
            junction(entityPath + "." + portName, link).outside.add(relation);
            return;
        }
        List<String> linked = atomic.links.computeIfAbsent(portName, k -> new ArrayList<>());
        if (insertAt >= 0 && insertAt <= linked.size()) {
            linked.add(insertAt, relation);
        } else {
            linked.add(relation);
        }
    }

    private void requireRelation(String path, XmlElement link) {
        if (!relations.has(path)) {
            throw error("<link> names relation '" + path + "', which its composite does not declare", link);
        }
    }

    private Junction junction(String path, XmlElement at) {
        return junctions.computeIfAbsent(path, k -> new Junction(at, new ArrayList<>(), new ArrayList<>()));
    }

    private int parseIndex(String text, XmlElement at) {
        try {
            return Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            throw error("insertAt=\"" + text + "\" is not an index", at);
        }
    }

    // ---- building the workflow ----

    private Workflow build(String name, OptionalLong iterations) {
        Workflow.Builder builder;
        try {
            builder = Workflow.builder(SluiceNames.sanitize(name.isEmpty() ? "model" : name));
        } catch (IllegalArgumentException e) {
            throw new WorkflowDefinitionException(e.getMessage(), new SourceLocation(source, 1), e);
        }
        SluiceNames names = new SluiceNames();
        Map<String, List<PortEnd>> writers = new LinkedHashMap<>();
        Map<String, List<PortEnd>> readers = new LinkedHashMap<>();
        for (Atomic a : atomics) {
            String actorName = names.unique(a.path);
            Created created = create(a, actorName, iterations);
            Actor actor = created.actor();
            builder.at(new SourceLocation(source, a.entity.line()));
            builder.actor(actorName, actor, a.mapping.type(), created.parameters());
            Map<String, Object> ui = ui(a);
            if (!ui.isEmpty()) {
                builder.actorUi(actorName, ui);
            }
            Map<String, Port<?>> ports = new HashMap<>();
            actor.ports().forEach(p -> ports.put(p.name(), p));
            for (Map.Entry<String, List<String>> e : a.links.entrySet()) {
                String portName = e.getKey();
                List<String> linked = e.getValue();
                if (!a.mapping.isMultiport(portName) && linked.size() > 1) {
                    throw error("port '" + portName + "' of entity '" + a.path + "' (" + a.entity.className() + ") is linked to "
                            + linked.size() + " relations, but is not a multiport in Sluice's type '" + a.mapping.type() + "'", a.entity);
                }
                for (int i = 0; i < linked.size(); i++) {
                    String sluicePort = a.mapping.isMultiport(portName) ? portName + "_" + i : portName;
                    Port<?> port = ports.get(sluicePort);
                    if (port == null) {
                        throw error("entity '" + a.path + "' (" + a.entity.className() + ") links port '" + portName + "', which Sluice's"
                                + " type '" + a.mapping.type() + "' does not have; its ports: " + ports.keySet(), a.entity);
                    }
                    String group = relations.find(linked.get(i));
                    (port instanceof OutputPort<?> ? writers : readers).computeIfAbsent(group, k -> new ArrayList<>())
                            .add(new PortEnd(actorName, sluicePort, a));
                }
            }
        }
        for (Map.Entry<String, List<PortEnd>> e : writers.entrySet()) {
            if (e.getValue().size() > 1) {
                throw error("relation '" + e.getKey() + "' is written by " + e.getValue().size() + " output ports " + e.getValue()
                        + "; a Sluice channel has one writer", relations.element(e.getKey()));
            }
        }
        for (Map.Entry<String, List<PortEnd>> e : readers.entrySet()) {
            List<PortEnd> from = writers.getOrDefault(e.getKey(), List.of());
            XmlElement relation = relations.element(e.getKey());
            if (from.isEmpty()) {
                throw error("relation '" + e.getKey() + "' is read by " + e.getValue() + " but no output port writes it", relation);
            }
            PortEnd writer = from.get(0);
            builder.at(new SourceLocation(source, relation.line()));
            for (PortEnd reader : e.getValue()) {
                try {
                    builder.connect(writer.actor + "." + writer.port, reader.actor + "." + reader.port);
                } catch (IllegalArgumentException ex) {
                    throw error(ex.getMessage(), relation);
                }
            }
        }
        try {
            return builder.at(null).build();
        } catch (WorkflowDefinitionException e) {
            throw e;
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new WorkflowDefinitionException(e.getMessage(), new SourceLocation(source, 1), e);
        }
    }

    /**
     * What an editor needs of the entity, kept in the actor's {@code ui}: its Ptolemy class and
     * its {@code _location}, in any of the three forms Ptolemy writes ({@code {x, y}},
     * {@code [x, y]}, {@code x, y}), as {@code location: [x, y]}. A location in another form is
     * left out: it only serves the editor.
     */
    private static Map<String, Object> ui(Atomic a) {
        Map<String, Object> ui = new LinkedHashMap<>();
        ui.put("ptolemyClass", a.entity.className());
        for (XmlElement p : a.entity.children("property")) {
            if (p.name().equals("_location") && p.attribute("value").isPresent()) {
                String[] xy = p.attribute("value").get().replace("{", "").replace("}", "").replace("[", "").replace("]", "").split(",");
                if (xy.length == 2) {
                    try {
                        ui.put("location", List.of(Double.parseDouble(xy[0].strip()), Double.parseDouble(xy[1].strip())));
                    } catch (NumberFormatException e) {
                        // Not a position Sluice reads; the editor's only.
                    }
                }
            }
        }
        return ui;
    }

    /** One end of a channel: an actor's Sluice port, and the entity it came from. */
    private record PortEnd(String actor, String port, Atomic atomic) {
        @Override
        public String toString() {
            return "'" + atomic.path + "." + port + "'";
        }
    }

    /** An actor and the parameters it was created from. */
    private record Created(Actor actor, Map<String, Object> parameters) {}

    /** Creates the actor; a source of an SDF or DDF model is limited to the director's iterations. */
    private Created create(Atomic a, String actorName, OptionalLong iterations) {
        ActorFactory factory = actors.factory(a.mapping.type()).orElseThrow(() -> error("entity '" + a.path + "' (" + a.entity.className()
                + ") maps to the actor type '" + a.mapping.type() + "', which is not registered; known types: " + actors.types(), a.entity));
        Map<String, Object> values = parametersOf(a, actorName, OptionalLong.empty());
        Actor actor = create(a, factory, values);
        if (iterations.isPresent() && actor.ports().stream().noneMatch(p -> p instanceof InputPort<?>)) {
            // A source: only once created is it known to have no input.
            if (a.mapping.limitParameter() == null) {
                throw error("source '" + a.path + "' (" + a.entity.className() + ") cannot be limited to the director's " + iterations.getAsLong()
                        + " iterations: its Sluice type '" + a.mapping.type() + "' has no firing limit", a.entity);
            }
            values = parametersOf(a, actorName, iterations);
            return new Created(create(a, factory, values), values);
        }
        return new Created(actor, values);
    }

    private Actor create(Atomic a, ActorFactory factory, Map<String, Object> values) {
        Parameters parameters = Parameters.of(values, baseDirectory);
        Actor actor;
        try {
            actor = factory.create(parameters);
        } catch (IllegalArgumentException e) {
            throw error("entity '" + a.path + "' (" + a.entity.className() + ", Sluice type " + a.mapping.type() + "): " + e.getMessage(),
                    a.entity);
        } catch (Exception e) {
            throw new WorkflowDefinitionException("entity '" + a.path + "' (" + a.entity.className() + ") could not be created: " + e,
                    new SourceLocation(source, a.entity.line()), e);
        }
        if (!parameters.unread().isEmpty()) {
            throw error("entity '" + a.path + "' (" + a.entity.className() + "): Sluice's type '" + a.mapping.type()
                    + "' does not read the parameters " + parameters.unread(), a.entity);
        }
        return actor;
    }

    /**
     * The Sluice parameters of {@code a}: its mapped Ptolemy parameters, evaluated, its
     * multiports' widths, the names of its declared input ports, fixed ones, and, if
     * {@code limitTo} is present (a source of a model with iterations), its firing limit at most
     * that.
     */
    private Map<String, Object> parametersOf(Atomic a, String actorName, OptionalLong limitTo) {
        String owner = "entity '" + a.path + "' (" + a.entity.className() + ")";
        Map<String, Object> values = new LinkedHashMap<>();
        for (XmlElement p : a.entity.children("property")) {
            if (!isParameter(p) || a.mapping.ignores(p.name()) || p.name().equals(REQUIRED_FIRINGS)) {
                continue;
            }
            String required = a.mapping.requiredValues().get(p.name());
            if (required != null) {
                if (!p.attribute("value").orElse("").strip().equals(required)) {
                    throw error("parameter '" + p.name() + "' of " + owner + " is \"" + p.attribute("value").orElse("")
                            + "\"; Sluice's type '" + a.mapping.type() + "' supports only " + required, p);
                }
                continue;
            }
            String sluiceName = a.mapping.parameterNames().get(p.name());
            if (sluiceName == null) {
                throw error("parameter '" + p.name() + "' of " + owner + " is not supported by Sluice's type '" + a.mapping.type()
                        + "'; it supports " + a.mapping.parameterNames().keySet(), p);
            }
            Object value = a.scope.value(p, owner);
            try {
                values.put(sluiceName, a.mapping.convert(p.name(), value));
            } catch (IllegalArgumentException e) {
                throw error("parameter '" + p.name() + "' of " + owner + ": " + e.getMessage(), p);
            }
        }
        for (String multiport : a.mapping.multiports()) {
            values.put(multiport + "Width", a.links.getOrDefault(multiport, List.of()).size());
        }
        if (a.mapping.inputPortsParameter() != null) {
            List<String> inputs = new ArrayList<>();
            for (XmlElement port : a.entity.children("port")) {
                if (port.children("property").stream().anyMatch(p -> p.name().equals("input"))) {
                    inputs.add(port.name());
                }
            }
            values.put(a.mapping.inputPortsParameter(), inputs);
        }
        a.mapping.fixedParameters().forEach((k, f) -> values.put(k, f.apply(actorName)));
        String limit = a.mapping.limitParameter();
        if (limitTo.isPresent() && limit != null) {
            long own = values.get(limit) instanceof Number n ? n.longValue() : 0;
            long n = limitTo.getAsLong();
            values.put(limit, own > 0 ? Math.min(own, n) : n);
        }
        return values;
    }

    private WorkflowDefinitionException error(String problem, XmlElement at) {
        return new WorkflowDefinitionException(problem, new SourceLocation(source, at.line()), null);
    }
}
