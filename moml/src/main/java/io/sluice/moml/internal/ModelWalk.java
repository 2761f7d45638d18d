package io.sluice.moml.internal;

import io.sluice.moml.ClassMapping;
import io.sluice.moml.PtolemyClassRegistry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The walk of a model's entity tree: flattens composites without a director of their own, and
 * SDF composites inside an SDF model ({@link #opaqueComposites()}),
 * collects the atomic entities with their parameters' scopes, the relations and how they join
 * into channels (a relation group, and the relations on either side of a composite's port, are
 * one channel), each port's links in channel order, and the director. Every error names the
 * element, its class where it has one, and the line. Used once, by one thread.
 */
final class ModelWalk {
    /** Composite classes whose content is flattened into the workflow. */
    private static final Set<String> COMPOSITES = Set.of("ptolemy.actor.TypedCompositeActor", "ptolemy.actor.CompositeActor",
            "ptolemy.kernel.CompositeEntity");
    /** Elements that carry nothing Sluice runs: documentation, layout and icons. */
    /** The SDF director's class, the one whose composites are flattened inside a model of its own. */
    private static final String SDF = "ptolemy.domains.sdf.kernel.SDFDirector";
    private static final Set<String> IGNORED_ELEMENTS = Set.of("doc", "configure", "display", "vertex", "rendition", "svg");

    private final ModelSource source;
    private final PtolemyClassRegistry classes;
    /** Whether a director class is one Sluice runs. */
    private final Set<String> directors;
    private final List<Atomic> atomics = new ArrayList<>();
    private final Map<String, Atomic> atomicsByPath = new HashMap<>();
    private final Relations relations = new Relations();
    /** Per composite port (its path), the relations linked to it from outside and from inside. */
    private final Map<String, Junction> junctions = new LinkedHashMap<>();
    private XmlElement director;
    /** The composites with a director of their own, in the model's order. */
    private final List<OpaqueComposite> opaque = new ArrayList<>();

    /**
     * A composite with a director of its own: its path, its director, and the scope of its
     * parameters (in which the director's are evaluated).
     */
    record OpaqueComposite(String path, XmlElement director, Scope scope) {}

    /** The relations linked to a composite's port outside and inside it. */
    private record Junction(String path, XmlElement port, List<String> outside, List<String> inside) {}

    /** Whether the composite port at {@code portPath} belongs to a composite with a director of its own. */
    private boolean isOpaque(String portPath) {
        String composite = portPath.substring(0, Math.max(0, portPath.lastIndexOf('.')));
        return opaque.stream().anyMatch(c -> c.path().equals(composite));
    }

    private ModelWalk(ModelSource source, PtolemyClassRegistry classes, Set<String> directors) {
        this.source = source;
        this.classes = classes;
        this.directors = directors;
    }

    /**
     * Walks the model {@code root}, whose parameters are in {@code model}.
     *
     * @param directors the director classes Sluice runs; another is an error
     */
    static ModelWalk of(XmlElement root, Scope model, ModelSource source, PtolemyClassRegistry classes, Set<String> directors) {
        ModelWalk walk = new ModelWalk(source, classes, directors);
        walk.walk(root, "", model);
        walk.checkOpaqueComposites();
        walk.joinAtCompositePorts();
        return walk;
    }

    /** The atomic entities, in the model's order. */
    List<Atomic> atomics() {
        return atomics;
    }

    /** The model's relations, joined into channels. */
    Relations relations() {
        return relations;
    }

    /** The model's director, or null if it has none. */
    XmlElement director() {
        return director;
    }

    /** The composites with a director of their own, which Sluice flattens (all SDF in an SDF model). */
    List<OpaqueComposite> opaqueComposites() {
        return opaque;
    }

    /**
     * A composite with a director of its own is flattened only when that director and the
     * model's are SDF directors: an SDF composite fires as one actor whose rates are those of its
     * inner schedule, and SDF models are determinate, so its actors put the same tokens on the
     * same channels when they are the outer model's own; each firing of the composite is one
     * iteration of its director, whose {@code iterations} the importer honours
     * ({@link Importer}). Any other pair of directors has other semantics (a PN or DDF
     * composite, an SDF composite under PN or DDF) and is refused, naming the composite, the
     * director's class and the line.
     */
    private void checkOpaqueComposites() {
        for (OpaqueComposite c : opaque) {
            String inner = c.director().className();
            if (!inner.equals(SDF) || director == null || !director.className().equals(SDF)) {
                throw source.error("composite '" + c.path() + "' has a director of its own (" + inner + ") inside a model run by "
                        + (director == null ? "no director" : director.className()) + "; Sluice runs one director per model and"
                        + " flattens only an SDFDirector's composite inside an SDFDirector's model", c.director());
            }
        }
    }

    /** Whether {@code property} is a parameter (rather than layout, documentation or a tool's metadata). */
    static boolean isParameter(XmlElement property) {
        String name = property.name();
        String cls = property.className();
        if (name.startsWith("_") || name.equals("class") || name.equals("entityId") || name.equals("derivedFrom")
                || name.startsWith("semanticType") || name.equals("KeplerDocumentation") || property.attribute("value").isEmpty()) {
            return false;
        }
        return cls.isEmpty() || cls.startsWith("ptolemy.data.expr.") || cls.startsWith("ptolemy.actor.parameters.")
                || cls.equals("ptolemy.moml.SharedParameter") || cls.equals("ptolemy.kernel.util.StringAttribute");
    }

    /** Joins the relations on either side of each composite port into one channel. */
    private void joinAtCompositePorts() {
        for (Junction j : junctions.values()) {
            if (j.outside.size() > 1 || j.inside.size() > 1) {
                throw source.error("port '" + j.port.name() + "' of a composite is linked to several relations on one side; Sluice"
                        + " does not flatten multiports of composites", j.port);
            }
            if (!j.outside.isEmpty() && j.inside.isEmpty() && isOpaque(j.path())) {
                int dot = j.path().lastIndexOf('.');
                throw source.error("port '" + j.path().substring(dot + 1) + "' of the composite '" + j.path().substring(0, dot)
                        + "', which has a director of its own, is linked outside but not inside; Sluice does not flatten such a"
                        + " port (Ptolemy's SDF composite takes and drops the tokens of an input linked only outside)", j.port);
            }
            if (!j.outside.isEmpty() && !j.inside.isEmpty()) {
                relations.union(j.outside.get(0), j.inside.get(0));
            }
        }
    }

    private void walk(XmlElement composite, String prefix, Scope scope) {
        List<XmlElement> links = new ArrayList<>();
        for (XmlElement child : composite.children()) {
            switch (child.tag()) {
                case "property" -> property(child, prefix, scope);
                case "entity" -> entity(child, prefix, scope);
                case "relation" -> relation(child, prefix, scope);
                case "link" -> links.add(child);
                case "port" -> {
                    // A port is declared by its links.
                }
                case "unlink" -> throw source.error("<unlink> is not supported in a model file", child);
                default -> {
                    if (!IGNORED_ELEMENTS.contains(child.tag())) {
                        throw source.error("<" + child.tag() + "> is not supported" + (child.tag().equals("class")
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
                opaque.add(new OpaqueComposite(prefix.substring(0, prefix.length() - 1), property, scope));
                return;
            }
            if (!directors.contains(cls)) {
                throw source.error("director '" + property.name() + "' (" + cls + ") is not supported; Sluice runs models with an"
                        + " SDFDirector, PNDirector or DDFDirector", property);
            }
            director = property;
        } else if (isParameter(property)) {
            scope.define(property);
        }
    }

    private void entity(XmlElement entity, String prefix, Scope scope) {
        String path = prefix + entity.name();
        if (COMPOSITES.contains(entity.className())) {
            walk(entity, path + ".", new Scope(scope, source.name()));
            return;
        }
        ClassMapping mapping = classes.mapping(entity.className()).orElseThrow(() -> source.error("entity '" + path + "' is of class "
                + entity.className() + ", which Sluice has no actor type for; the classes it maps: " + classes.classNames(), entity));
        Scope own = new Scope(scope, source.name());
        for (XmlElement p : entity.children("property")) {
            if (isParameter(p)) {
                own.define(p);
            }
        }
        for (XmlElement child : entity.children()) {
            if (child.tag().equals("entity") || child.tag().equals("relation") || child.tag().equals("link")) {
                throw source.error("entity '" + path + "' (" + entity.className() + ") is not a composite, yet holds <" + child.tag()
                        + ">", child);
            }
        }
        Atomic atomic = new Atomic(path, entity, mapping, own, new LinkedHashMap<>(), relations);
        atomics.add(atomic);
        atomicsByPath.put(path, atomic);
    }

    /**
     * Adds a relation with its width: a {@code width} that is a whole number of 1 or more is
     * honoured (a bus of that many channels); one Ptolemy infers ({@code Auto}, {@code -1},
     * {@code WIDTH_TO_INFER}) or no {@code width} at all takes the width of its relation group
     * ({@link Relations#width}), else 1: what Ptolemy infers for a relation between atomic ports
     * unless a multiport of a composite or a width constraint of an actor widens it (Sluice
     * flattens no composite multiport, and its actors have no width constraints).
     */
    private void relation(XmlElement relation, String prefix, Scope scope) {
        String path = prefix + relation.name();
        int width = 0;
        for (XmlElement p : relation.children("property")) {
            if (p.name().equals("width")) {
                String text = p.attribute("value").orElse("").strip();
                if (text.equals("Auto") || text.equals("WIDTH_TO_INFER") || text.equals("-1")) {
                    continue;
                }
                Object value = scope.value(p, "relation '" + path + "'");
                if (!(value instanceof Integer w) || w < 1) {
                    throw source.error("relation '" + path + "' has width " + text + "; a width is a whole number of 1 or more, or"
                            + " Auto", p);
                }
                width = w;
            }
        }
        relations.add(path, relation, width);
    }

    private void link(XmlElement link, String prefix) {
        if (link.attribute("relation1").isPresent()) {
            String a = prefix + link.attribute("relation1").get();
            String b = prefix + link.attribute("relation2").orElseThrow(() -> source.error("<link relation1> without relation2", link));
            requireRelation(a, link);
            requireRelation(b, link);
            relations.union(a, b);
            return;
        }
        String port = link.attribute("port").orElseThrow(() -> source.error("<link> without port or relation1", link));
        String relation = prefix + link.attribute("relation").orElseThrow(() -> source.error("<link port=\"" + port
                + "\"> without relation", link));
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
        List<String> linked = atomic.links().computeIfAbsent(portName, k -> new ArrayList<>());
        if (insertAt >= 0 && insertAt <= linked.size()) {
            linked.add(insertAt, relation);
        } else {
            linked.add(relation);
        }
    }

    private void requireRelation(String path, XmlElement link) {
        if (!relations.has(path)) {
            throw source.error("<link> names relation '" + path + "', which its composite does not declare", link);
        }
    }

    private Junction junction(String path, XmlElement at) {
        return junctions.computeIfAbsent(path, k -> new Junction(path, at, new ArrayList<>(), new ArrayList<>()));
    }

    private int parseIndex(String text, XmlElement at) {
        try {
            return Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            throw source.error("insertAt=\"" + text + "\" is not an index", at);
        }
    }
}
