package io.sluice.provenance;

import io.sluice.run.FiringRecord;
import io.sluice.run.PortRange;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.json.JsonMapper;

/**
 * Exports provenance as W3C PROV: PROV-N or PROV-JSON, of a whole run or of one lineage, and
 * Graphviz DOT of a lineage, whose nodes and edges {@link #graph()} also gives as values, for a
 * program to draw. Tokens are entities, firings activities, actors agents; a firing
 * {@code used} each token it consumed, each token it produced {@code wasGeneratedBy} it, the
 * firing {@code wasAssociatedWith} its actor, and, for a firing that consumed and produced at most
 * {@value #MAX_DERIVATION_PAIRS} pairs of tokens, each produced token {@code wasDerivedFrom} each
 * consumed one (larger firings would write a quadratic number of derivations that say no more).
 *
 * <p>A lineage through an actor that keeps state ({@link Lineage.Widening}) also holds ranges of
 * tokens, each one entity of type {@code prov:Collection} ({@code run:t-<channel>-<first>..<last>}),
 * and summarised consecutive firings, each one activity ({@code run:f-<actor>-<first>..<last>},
 * with {@code sluice:firstFiring} and {@code sluice:lastFiring}) that used and generated such
 * ranges. A widened dependency is a {@code used} (backward: the firing used what the actor took
 * since its state was last empty) or a {@code wasDerivedFrom} (forward: what the actor put until
 * its state was next emptied derives from the token the firing took), each with
 * {@code sluice:widened} saying why.
 *
 * <p>A token a copy of a replicated actor took or put has {@code sluice:copy}, the copy's number,
 * on its {@code used} or {@code wasGeneratedBy} ({@link ProvenanceStore#copies}).
 *
 * <p>Identifiers are qualified names in the namespace {@code urn:sluice:run:<run id>:} (prefix
 * {@code run}): {@code run:a-<actor>}, {@code run:f-<actor>-<firing>} and
 * {@code run:t-<channel>-<seq>}. The output is written as it is produced: a whole run of millions
 * of firings is streamed, not held in memory.
 */
public final class ProvExport {
    /** A firing whose consumed × produced tokens exceed this gets no {@code wasDerivedFrom}. */
    public static final int MAX_DERIVATION_PAIRS = 16;
    private static final String SLUICE_NS = "https://github.com/sluice-workflows/sluice/ns#";

    private final ProvenanceStore store;
    private final Consumer<Consumer<FiringRecord>> firings;
    private final Set<TokenRef> extraTokens;
    /** True for a lineage, whose firings' tokens may repeat; a run's produced tokens never do. */
    private final boolean lineage;
    /** A lineage's summarised firings, and its widened dependencies; none for a run. */
    private final List<Lineage.RangeStep> rangeSteps;
    private final List<Widened> widened;

    private ProvExport(ProvenanceStore store, Consumer<Consumer<FiringRecord>> firings, Set<TokenRef> extraTokens, boolean lineage,
            List<Lineage.RangeStep> rangeSteps, List<Widened> widened) {
        this.store = store;
        this.firings = firings;
        this.extraTokens = extraTokens;
        this.lineage = lineage;
        this.rangeSteps = rangeSteps;
        this.widened = widened;
    }

    /**
     * A widened dependency of the activity {@code activity}: backward, it used {@code ranges};
     * forward, {@code ranges} derive from the entity {@code via}, through which it was reached.
     */
    private record Widened(String activity, String actor, boolean backward, TokenRange via, List<TokenRange> ranges) {
        /** The identifier of the entity {@code via}. */
        String viaId() {
            return rangeId(via);
        }

        String why() {
            return actor + " keeps state across firings";
        }
    }

    /** Every recorded firing of the run, actor by actor, and the channels' initial tokens. */
    public static ProvExport ofRun(ProvenanceStore store) {
        return new ProvExport(store, action -> {
            for (String actor : store.actors()) {
                store.firings(actor, 0, Long.MAX_VALUE, action);
            }
        }, new LinkedHashSet<>(store.initialTokens()), false, List.of(), List.of());
    }

    /** The firings of a lineage, and the token it is about. */
    public static ProvExport ofLineage(ProvenanceStore store, Lineage lineage) {
        Set<TokenRef> tokens = new LinkedHashSet<>();
        tokens.add(lineage.token());
        tokens.addAll(lineage.ends());
        boolean backward = lineage.direction() == Lineage.Direction.BACKWARD;
        List<Widened> widened = new ArrayList<>();
        for (Lineage.Step s : lineage.steps()) {
            if (s.widening() != null) {
                widened.add(new Widened(firingId(s.firing().actor(), s.firing().firing()), s.firing().actor(), backward,
                        new TokenRange(s.via().channel(), s.via().seq(), s.via().seq() + 1), s.widening().tokens()));
            }
        }
        for (Lineage.RangeStep s : lineage.rangeSteps()) {
            if (s.widening() != null) {
                widened.add(new Widened(rangeFiringId(s), s.actor(), backward, s.via(), s.widening().tokens()));
            }
        }
        return new ProvExport(store, action -> lineage.steps().forEach(s -> action.accept(s.firing())), tokens, true,
                lineage.rangeSteps(), widened);
    }

    static String rangeFiringId(Lineage.RangeStep s) {
        return firingId(s.actor(), s.firstFiring()) + ".." + s.lastFiring();
    }

    private static String rangeId(TokenRange r) {
        return rangeId(r.channel(), r.fromSeq(), r.toSeq());
    }

    /** The token ranges of the lineage's summarised firings and widenings, each once. */
    private Set<TokenRange> ranges() {
        Set<TokenRange> out = new LinkedHashSet<>();
        for (Lineage.RangeStep s : rangeSteps) {
            out.addAll(s.consumed());
            out.addAll(s.produced());
        }
        for (Widened w : widened) {
            out.addAll(w.ranges());
        }
        return out;
    }

    private String runNs() {
        return "urn:sluice:run:" + store.run().runId() + ":";
    }

    static String actorId(String actor) {
        return "run:a-" + actor;
    }

    static String firingId(String actor, long firing) {
        return "run:f-" + actor + "-" + firing;
    }

    static String tokenId(String channel, long seq) {
        return "run:t-" + channel + "-" + seq;
    }

    private static String time(long epochNanos) {
        return Instant.ofEpochSecond(Math.floorDiv(epochNanos, 1_000_000_000L), Math.floorMod(epochNanos, 1_000_000_000L)).toString();
    }

    /** Writes PROV-N. */
    public void provN(Writer out) {
        line(out, "document");
        line(out, "  prefix run <" + runNs() + ">");
        line(out, "  prefix sluice <" + SLUICE_NS + ">");
        for (String actor : store.actors()) {
            line(out, "  agent(" + actorId(actor) + ", [prov:type='prov:SoftwareAgent', prov:label=\"" + actor + "\"])");
        }
        for (TokenRef t : extraTokens) {
            line(out, "  entity(" + tokenId(t.channel(), t.seq()) + ")");
        }
        firings.accept(f -> {
            String a = firingId(f.actor(), f.firing());
            line(out, "  activity(" + a + ", " + time(f.startEpochNanos()) + ", " + time(f.endEpochNanos()) + ")");
            line(out, "  wasAssociatedWith(" + a + ", " + actorId(f.actor()) + ", -)");
            List<CopyShare> shares = store.copies(f);
            forEachToken(f.produced(), (c, seq) -> {
                line(out, "  entity(" + tokenId(c, seq) + ")");
                line(out, "  wasGeneratedBy(" + tokenId(c, seq) + ", " + a + ", -" + copyAttribute(shares, c, seq) + ")");
            });
            forEachToken(f.consumed(), (c, seq) -> line(out, "  used(" + a + ", " + tokenId(c, seq) + ", -"
                    + copyAttribute(shares, c, seq) + ")"));
            forEachDerivation(f, (gen, used) -> line(out, "  wasDerivedFrom(" + gen + ", " + used + ", " + a + ", -, -)"));
        });
        for (TokenRange r : ranges()) {
            line(out, "  entity(" + rangeId(r) + (r.count() == 1 ? ")" : ", [prov:type='prov:Collection'])"));
        }
        for (Lineage.RangeStep s : rangeSteps) {
            String a = rangeFiringId(s);
            line(out, "  activity(" + a + ", -, -, [sluice:firstFiring=" + s.firstFiring() + ", sluice:lastFiring=" + s.lastFiring() + "])");
            line(out, "  wasAssociatedWith(" + a + ", " + actorId(s.actor()) + ", -)");
            s.produced().forEach(r -> line(out, "  wasGeneratedBy(" + rangeId(r) + ", " + a + ", -)"));
            s.consumed().forEach(r -> line(out, "  used(" + a + ", " + rangeId(r) + ", -)"));
        }
        for (Widened w : widened) {
            for (TokenRange r : w.ranges()) {
                line(out, w.backward() ? "  used(" + w.activity() + ", " + rangeId(r) + ", -, [sluice:widened=\"" + w.why() + "\"])"
                        : "  wasDerivedFrom(" + rangeId(r) + ", " + w.viaId() + ", " + w.activity()
                                + ", -, -, [sluice:widened=\"" + w.why() + "\"])");
            }
        }
        line(out, "endDocument");
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes one line of PROV-N. */
    private static void line(Writer out, String text) {
        try {
            out.write(text);
            out.write('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Writes PROV-JSON: one object per kind of statement, filled in one pass over the firings each.
     *
     * @throws UncheckedIOException if {@code out} cannot be written
     */
    public void provJson(Writer out) {
        try {
            writeProvJson(out);
        } catch (tools.jackson.core.JacksonException e) {
            throw new UncheckedIOException(new IOException("cannot write PROV-JSON: " + e.getOriginalMessage(), e));
        }
    }

    private void writeProvJson(Writer out) {
        try (JsonGenerator g = JsonMapper.builder().build().createGenerator(out)) {
            g.writeStartObject();
            g.writeName("prefix");
            g.writeStartObject();
            g.writeStringProperty("run", runNs());
            g.writeStringProperty("sluice", SLUICE_NS);
            g.writeEndObject();

            g.writeName("agent");
            g.writeStartObject();
            for (String actor : store.actors()) {
                g.writeName(actorId(actor));
                g.writeStartObject();
                // A qualified name as a value is a typed literal in PROV-JSON, not a plain string.
                g.writeName("prov:type");
                g.writeStartObject();
                g.writeStringProperty("$", "prov:SoftwareAgent");
                g.writeStringProperty("type", "xsd:QName");
                g.writeEndObject();
                g.writeStringProperty("prov:label", actor);
                g.writeEndObject();
            }
            g.writeEndObject();

            g.writeName("activity");
            g.writeStartObject();
            firings.accept(f -> {
                g.writeName(firingId(f.actor(), f.firing()));
                g.writeStartObject();
                g.writeStringProperty("prov:startTime", time(f.startEpochNanos()));
                g.writeStringProperty("prov:endTime", time(f.endEpochNanos()));
                g.writeEndObject();
            });
            for (Lineage.RangeStep s : rangeSteps) {
                g.writeName(rangeFiringId(s));
                g.writeStartObject();
                g.writeNumberProperty("sluice:firstFiring", s.firstFiring());
                g.writeNumberProperty("sluice:lastFiring", s.lastFiring());
                g.writeEndObject();
            }
            g.writeEndObject();

            g.writeName("entity");
            g.writeStartObject();
            Set<TokenRef> declared = new LinkedHashSet<>(extraTokens);
            for (TokenRef t : extraTokens) {
                g.writeName(tokenId(t.channel(), t.seq()));
                g.writeStartObject();
                g.writeEndObject();
            }
            firings.accept(f -> forEachToken(f.produced(), (c, s) -> {
                if (!lineage || declared.add(new TokenRef(c, s))) {
                    g.writeName(tokenId(c, s));
                    g.writeStartObject();
                    g.writeEndObject();
                }
            }));
            if (lineage) {
                // A lineage also names the tokens its firings consumed, which other firings produced.
                firings.accept(f -> forEachToken(f.consumed(), (c, s) -> {
                    if (declared.add(new TokenRef(c, s))) {
                        g.writeName(tokenId(c, s));
                        g.writeStartObject();
                        g.writeEndObject();
                    }
                }));
            }
            for (TokenRange r : ranges()) {
                if (r.count() > 1 || declared.add(new TokenRef(r.channel(), r.fromSeq()))) {
                    g.writeName(rangeId(r));
                    g.writeStartObject();
                    if (r.count() > 1) {
                        g.writeName("prov:type");
                        g.writeStartObject();
                        g.writeStringProperty("$", "prov:Collection");
                        g.writeStringProperty("type", "xsd:QName");
                        g.writeEndObject();
                    }
                    g.writeEndObject();
                }
            }
            g.writeEndObject();

            long[] n = {0};
            relation(g, "wasAssociatedWith", f -> association(g, "_:w" + n[0]++, firingId(f.actor(), f.firing()), f.actor()), () -> {
                for (Lineage.RangeStep s : rangeSteps) {
                    association(g, "_:w" + n[0]++, rangeFiringId(s), s.actor());
                }
            });
            relation(g, "wasGeneratedBy", f -> {
                List<CopyShare> shares = store.copies(f);
                forEachToken(f.produced(), (c, s) -> generation(g, "_:g" + n[0]++, tokenId(c, s), firingId(f.actor(), f.firing()),
                        copy(shares, c, s)));
            }, () -> {
                for (Lineage.RangeStep s : rangeSteps) {
                    s.produced().forEach(r -> generation(g, "_:g" + n[0]++, rangeId(r), rangeFiringId(s), -1));
                }
            });
            relation(g, "used", f -> {
                List<CopyShare> shares = store.copies(f);
                forEachToken(f.consumed(), (c, s) -> usage(g, "_:u" + n[0]++, firingId(f.actor(), f.firing()), tokenId(c, s), null,
                        copy(shares, c, s)));
            }, () -> {
                for (Lineage.RangeStep s : rangeSteps) {
                    s.consumed().forEach(r -> usage(g, "_:u" + n[0]++, rangeFiringId(s), rangeId(r), null, -1));
                }
                for (Widened w : widened) {
                    if (w.backward()) {
                        w.ranges().forEach(r -> usage(g, "_:u" + n[0]++, w.activity(), rangeId(r), w.why(), -1));
                    }
                }
            });
            relation(g, "wasDerivedFrom", f -> forEachDerivation(f, (gen, used) ->
                    derivation(g, "_:d" + n[0]++, gen, used, firingId(f.actor(), f.firing()), null)), () -> {
                for (Widened w : widened) {
                    if (!w.backward()) {
                        w.ranges().forEach(r -> derivation(g, "_:d" + n[0]++, rangeId(r), w.viaId(), w.activity(), w.why()));
                    }
                }
            });
            g.writeEndObject();
        }
    }

    /** Writes the statements of one relation: per firing, then those of the lineage's summarised firings and widenings. */
    private void relation(JsonGenerator g, String name, Consumer<FiringRecord> each, Runnable more) {
        g.writeName(name);
        g.writeStartObject();
        firings.accept(each);
        more.run();
        g.writeEndObject();
    }

    private static void association(JsonGenerator g, String id, String activity, String actor) {
        g.writeName(id);
        g.writeStartObject();
        g.writeStringProperty("prov:activity", activity);
        g.writeStringProperty("prov:agent", actorId(actor));
        g.writeEndObject();
    }

    /** A {@code wasGeneratedBy} statement, with {@code sluice:copy} if {@code copy} is not negative. */
    private static void generation(JsonGenerator g, String id, String entity, String activity, int copy) {
        g.writeName(id);
        g.writeStartObject();
        g.writeStringProperty("prov:entity", entity);
        g.writeStringProperty("prov:activity", activity);
        if (copy >= 0) {
            g.writeNumberProperty("sluice:copy", copy);
        }
        g.writeEndObject();
    }

    /** The copy of a replicated actor's firing, among {@code shares}, that moved token {@code seq} of {@code channel}; -1 if none. */
    private static int copy(List<CopyShare> shares, String channel, long seq) {
        if (shares.isEmpty()) {
            return -1;
        }
        TokenRef token = new TokenRef(channel, seq);
        for (CopyShare share : shares) {
            if (share.moved(token)) {
                return share.copy();
            }
        }
        return -1;
    }

    /** {@code , [sluice:copy=N]} for a token a copy of a replicated actor moved, else nothing. */
    private static String copyAttribute(List<CopyShare> shares, String channel, long seq) {
        int copy = copy(shares, channel, seq);
        return copy < 0 ? "" : ", [sluice:copy=" + copy + "]";
    }

    /**
     * A {@code used} statement, with {@code sluice:widened} if {@code widened} is not null and
     * {@code sluice:copy} if {@code copy} is not negative.
     */
    private static void usage(JsonGenerator g, String id, String activity, String entity, String widened, int copy) {
        g.writeName(id);
        g.writeStartObject();
        g.writeStringProperty("prov:activity", activity);
        g.writeStringProperty("prov:entity", entity);
        if (widened != null) {
            g.writeStringProperty("sluice:widened", widened);
        }
        if (copy >= 0) {
            g.writeNumberProperty("sluice:copy", copy);
        }
        g.writeEndObject();
    }

    /** A {@code wasDerivedFrom} statement, with {@code sluice:widened} if {@code widened} is not null. */
    private static void derivation(JsonGenerator g, String id, String generated, String used, String activity, String widened) {
        g.writeName(id);
        g.writeStartObject();
        g.writeStringProperty("prov:generatedEntity", generated);
        g.writeStringProperty("prov:usedEntity", used);
        g.writeStringProperty("prov:activity", activity);
        if (widened != null) {
            g.writeStringProperty("sluice:widened", widened);
        }
        g.writeEndObject();
    }

    /**
     * The graph {@link #dot} draws: firings and ranges of tokens as nodes, each once, with the
     * relations between them, each once, in PROV's direction (from the effect to its cause). Built
     * in memory: meant for a lineage, whose graph stays small.
     *
     * @param nodes the firings and tokens, in the order found: the token asked about and the
     *     initial tokens where the lineage stops first, then each firing with what it produced
     *     and consumed, then the summarised firings, then the ranges of widened dependencies
     * @param edges the relations between the nodes, each joining two of them
     */
    public record Graph(List<Node> nodes, List<Edge> edges) {
        public Graph {
            nodes = List.copyOf(nodes);
            edges = List.copyOf(edges);
        }
    }

    /** A node of a {@link Graph}: firings or tokens. */
    public sealed interface Node permits Activity, Entity {
        /** The node's PROV identifier ({@code run:f-...} or {@code run:t-...}), unique within its graph. */
        String id();
    }

    /**
     * Firings {@code firstFiring} to {@code lastFiring} of an actor.
     *
     * @param id the identifier: {@code run:f-<actor>-<firing>}, or {@code run:f-<actor>-<first>..<last>}
     *     if summarised
     * @param actor the actor
     * @param firstFiring the first firing
     * @param lastFiring the last firing; the first's for one firing
     * @param summarised true for consecutive firings a lineage reached through a range of tokens
     *     ({@link Lineage.RangeStep}), false for one firing ({@link Lineage.Step})
     */
    public record Activity(String id, String actor, long firstFiring, long lastFiring, boolean summarised) implements Node {}

    /**
     * Tokens of a channel: one, or a range.
     *
     * @param id the identifier: {@code run:t-<channel>-<seq>}, or {@code run:t-<channel>-<first>..<last>}
     * @param tokens the tokens
     */
    public record Entity(String id, TokenRange tokens) implements Node {}

    /** What an edge of a {@link Graph} says, from its {@code from} node to its {@code to} node. */
    public enum Relation {
        /** A firing used (consumed) tokens: from an activity to an entity. */
        USED,
        /** Tokens were generated by (produced by) a firing: from an entity to an activity. */
        WAS_GENERATED_BY,
        /**
         * Tokens were derived from a token through an actor's state (a forward lineage's widened
         * dependency): from an entity to the entity it was derived from.
         */
        WAS_DERIVED_FROM,
        /** The token asked about, or an initial token, lies in a range a firing produced: from it to the range. */
        IN
    }

    /**
     * An edge of a {@link Graph}.
     *
     * @param from the node it goes from
     * @param to the node it goes to
     * @param relation what it says
     * @param widened why the dependency was widened ({@code <actor> keeps state across firings}),
     *     or null if it was not
     */
    public record Edge(String from, String to, Relation relation, String widened) {}

    /** The graph of the firings and token ranges, each range one node ({@link Graph}). */
    public Graph graph() {
        Map<String, Node> nodes = new LinkedHashMap<>();
        Set<Edge> edges = new LinkedHashSet<>();
        for (TokenRef t : extraTokens) {
            entity(nodes, new TokenRange(t.channel(), t.seq(), t.seq() + 1));
        }
        firings.accept(f -> {
            String a = firingId(f.actor(), f.firing());
            nodes.putIfAbsent(a, new Activity(a, f.actor(), f.firing(), f.firing(), false));
            for (PortRange r : f.produced()) {
                edges.add(new Edge(entity(nodes, range(r)), a, Relation.WAS_GENERATED_BY, null));
            }
            for (PortRange r : f.consumed()) {
                edges.add(new Edge(a, entity(nodes, range(r)), Relation.USED, null));
            }
        });
        for (Lineage.RangeStep s : rangeSteps) {
            String a = rangeFiringId(s);
            nodes.putIfAbsent(a, new Activity(a, s.actor(), s.firstFiring(), s.lastFiring(), true));
            for (TokenRange r : s.produced()) {
                edges.add(new Edge(entity(nodes, r), a, Relation.WAS_GENERATED_BY, null));
            }
            for (TokenRange r : s.consumed()) {
                edges.add(new Edge(a, entity(nodes, r), Relation.USED, null));
            }
        }
        for (Widened w : widened) {
            for (TokenRange r : w.ranges()) {
                String range = entity(nodes, r);
                // Forward, the token reached through lies in a range its firing consumed, which may
                // hold more: it is declared as a node of its own.
                edges.add(w.backward() ? new Edge(w.activity(), range, Relation.USED, w.why())
                        : new Edge(range, entity(nodes, w.via()), Relation.WAS_DERIVED_FROM, w.why()));
            }
        }
        for (TokenRef t : extraTokens) {
            // The token asked about lies inside a range some firing produced.
            firings.accept(f -> {
                for (PortRange r : f.produced()) {
                    if (r.channel().equals(t.channel()) && r.fromSeq() <= t.seq() && t.seq() < r.toSeq() && r.count() > 1) {
                        edges.add(new Edge(rangeId(t.channel(), t.seq(), t.seq() + 1), rangeId(r.channel(), r.fromSeq(), r.toSeq()),
                                Relation.IN, null));
                    }
                }
            });
        }
        return new Graph(List.copyOf(nodes.values()), List.copyOf(edges));
    }

    /** Adds the node of {@code r} if it is new; returns its id. */
    private static String entity(Map<String, Node> nodes, TokenRange r) {
        String id = rangeId(r);
        nodes.putIfAbsent(id, new Entity(id, r));
        return id;
    }

    private static TokenRange range(PortRange r) {
        return new TokenRange(r.channel(), r.fromSeq(), r.toSeq());
    }

    /** The DOT graph of the firings and token ranges, each range one node ({@link #graph()}). */
    public void dot(Writer out) {
        Graph graph = graph();
        try {
            out.write("digraph lineage {\n");
            out.write("  rankdir=BT;\n  node [fontname=\"Helvetica\", fontsize=10];\n");
            for (Node node : graph.nodes()) {
                out.write("  " + dotNode(node) + ";\n");
            }
            for (Edge e : graph.edges()) {
                out.write("  " + quote(e.from()) + " -> " + quote(e.to()) + " " + dotLabel(e) + ";\n");
            }
            out.write("}\n");
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String dotNode(Node node) {
        if (node instanceof Entity e) {
            return tokenNode(e.tokens().channel(), e.tokens().fromSeq(), e.tokens().toSeq());
        }
        Activity a = (Activity) node;
        String label = a.summarised() ? a.actor() + " #" + a.firstFiring() + "-" + a.lastFiring() + "\\n("
                + (a.lastFiring() - a.firstFiring() + 1) + " firings)" : a.actor() + " #" + a.firstFiring();
        return quote(a.id()) + " [shape=box, style=filled, fillcolor=\"#dbe8f7\", label=\"" + label + "\"]";
    }

    private static String dotLabel(Edge e) {
        return switch (e.relation()) {
            case USED -> e.widened() == null ? "[label=\"used\"]" : "[label=\"used (widened: " + e.widened() + ")\", style=dashed]";
            case WAS_GENERATED_BY -> "[label=\"wasGeneratedBy\"]";
            case WAS_DERIVED_FROM -> "[label=\"wasDerivedFrom (widened: " + e.widened() + ")\", style=dashed]";
            case IN -> "[label=\"in\", style=dashed]";
        };
    }

    private String tokenNode(String channel, long from, long to) {
        String label = to - from == 1 ? channel + " #" + from + value(new TokenRef(channel, from))
                : channel + " #" + from + "-" + (to - 1) + "\\n(" + (to - from) + " tokens)";
        return quote(rangeId(channel, from, to)) + " [shape=ellipse, label=\"" + label + "\"]";
    }

    /** The token's value as a second line of its label, or nothing if the run kept it in memory only. */
    private String value(TokenRef token) {
        return store.valueIfKept(token).map(value -> {
            String v = String.valueOf(value);
            v = v.length() > 40 ? v.substring(0, 40) + "..." : v;
            return "\\n" + v.replace("\\", "\\\\").replace("\"", "\\\"");
        }).orElse("");
    }

    private static String rangeId(String channel, long from, long to) {
        return to - from == 1 ? tokenId(channel, from) : tokenId(channel, from) + ".." + (to - 1);
    }

    private static String quote(String id) {
        return "\"" + id.replace("\"", "\\\"") + "\"";
    }

    private interface TokenAction {
        void accept(String channel, long seq);
    }

    private static void forEachToken(List<PortRange> ranges, TokenAction action) {
        for (PortRange r : ranges) {
            for (long s = r.fromSeq(); s < r.toSeq(); s++) {
                action.accept(r.channel(), s);
            }
        }
    }

    private interface PairAction {
        void accept(String generated, String used);
    }

    private static void forEachDerivation(FiringRecord f, PairAction action) {
        long in = f.consumed().stream().mapToLong(PortRange::count).sum();
        long outs = f.produced().stream().mapToLong(PortRange::count).sum();
        if (in == 0 || outs == 0 || in * outs > MAX_DERIVATION_PAIRS) {
            return;
        }
        forEachToken(f.produced(), (gc, gs) -> forEachToken(f.consumed(), (uc, us) -> action.accept(tokenId(gc, gs), tokenId(uc, us))));
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "PROV export of run %s", store.run().runId());
    }
}
