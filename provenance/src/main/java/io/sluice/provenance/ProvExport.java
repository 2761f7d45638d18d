package io.sluice.provenance;

import io.sluice.run.FiringRecord;
import io.sluice.run.PortRange;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.json.JsonMapper;

/**
 * Exports provenance as W3C PROV: PROV-N or PROV-JSON, of a whole run or of one lineage, and
 * Graphviz DOT of a lineage. Tokens are entities, firings activities, actors agents; a firing
 * {@code used} each token it consumed, each token it produced {@code wasGeneratedBy} it, the
 * firing {@code wasAssociatedWith} its actor, and, for a firing that consumed and produced at most
 * {@value #MAX_DERIVATION_PAIRS} pairs of tokens, each produced token {@code wasDerivedFrom} each
 * consumed one (larger firings would write a quadratic number of derivations that say no more).
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

    private ProvExport(ProvenanceStore store, Consumer<Consumer<FiringRecord>> firings, Set<TokenRef> extraTokens, boolean lineage) {
        this.store = store;
        this.firings = firings;
        this.extraTokens = extraTokens;
        this.lineage = lineage;
    }

    /** Every recorded firing of the run, actor by actor, and the channels' initial tokens. */
    public static ProvExport ofRun(ProvenanceStore store) {
        return new ProvExport(store, action -> {
            for (String actor : store.actors()) {
                store.firings(actor, 0, Long.MAX_VALUE, action);
            }
        }, new LinkedHashSet<>(store.initialTokens()), false);
    }

    /** The firings of a lineage, and the token it is about. */
    public static ProvExport ofLineage(ProvenanceStore store, Lineage lineage) {
        Set<TokenRef> tokens = new LinkedHashSet<>();
        tokens.add(lineage.token());
        tokens.addAll(lineage.ends());
        return new ProvExport(store, action -> lineage.steps().forEach(s -> action.accept(s.firing())), tokens, true);
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
            forEachToken(f.produced(), (c, seq) -> {
                line(out, "  entity(" + tokenId(c, seq) + ")");
                line(out, "  wasGeneratedBy(" + tokenId(c, seq) + ", " + a + ", -)");
            });
            forEachToken(f.consumed(), (c, seq) -> line(out, "  used(" + a + ", " + tokenId(c, seq) + ", -)"));
            forEachDerivation(f, (gen, used) -> line(out, "  wasDerivedFrom(" + gen + ", " + used + ", " + a + ", -, -)"));
        });
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
            g.writeEndObject();

            long[] n = {0};
            relation(g, "wasAssociatedWith", f -> {
                g.writeName("_:w" + n[0]++);
                g.writeStartObject();
                g.writeStringProperty("prov:activity", firingId(f.actor(), f.firing()));
                g.writeStringProperty("prov:agent", actorId(f.actor()));
                g.writeEndObject();
            });
            relation(g, "wasGeneratedBy", f -> forEachToken(f.produced(), (c, s) -> {
                g.writeName("_:g" + n[0]++);
                g.writeStartObject();
                g.writeStringProperty("prov:entity", tokenId(c, s));
                g.writeStringProperty("prov:activity", firingId(f.actor(), f.firing()));
                g.writeEndObject();
            }));
            relation(g, "used", f -> forEachToken(f.consumed(), (c, s) -> {
                g.writeName("_:u" + n[0]++);
                g.writeStartObject();
                g.writeStringProperty("prov:activity", firingId(f.actor(), f.firing()));
                g.writeStringProperty("prov:entity", tokenId(c, s));
                g.writeEndObject();
            }));
            relation(g, "wasDerivedFrom", f -> forEachDerivation(f, (gen, used) -> {
                g.writeName("_:d" + n[0]++);
                g.writeStartObject();
                g.writeStringProperty("prov:generatedEntity", gen);
                g.writeStringProperty("prov:usedEntity", used);
                g.writeStringProperty("prov:activity", firingId(f.actor(), f.firing()));
                g.writeEndObject();
            }));
            g.writeEndObject();
        }
    }

    private void relation(JsonGenerator g, String name, Consumer<FiringRecord> each) {
        g.writeName(name);
        g.writeStartObject();
        firings.accept(each);
        g.writeEndObject();
    }

    /** The DOT graph of the firings and token ranges, each range one node. */
    public void dot(Writer out) {
        try {
            out.write("digraph lineage {\n");
            out.write("  rankdir=BT;\n  node [fontname=\"Helvetica\", fontsize=10];\n");
            Set<String> nodes = new LinkedHashSet<>();
            List<String> edges = new ArrayList<>();
            for (TokenRef t : extraTokens) {
                nodes.add(tokenNode(t.channel(), t.seq(), t.seq() + 1));
            }
            firings.accept(f -> {
                String a = quote(firingId(f.actor(), f.firing()));
                nodes.add(a + " [shape=box, style=filled, fillcolor=\"#dbe8f7\", label=\"" + f.actor() + " #" + f.firing() + "\"]");
                for (PortRange r : f.produced()) {
                    String t = tokenNode(r.channel(), r.fromSeq(), r.toSeq());
                    nodes.add(t);
                    edges.add(quote(rangeId(r.channel(), r.fromSeq(), r.toSeq())) + " -> " + a + " [label=\"wasGeneratedBy\"]");
                }
                for (PortRange r : f.consumed()) {
                    nodes.add(tokenNode(r.channel(), r.fromSeq(), r.toSeq()));
                    edges.add(a + " -> " + quote(rangeId(r.channel(), r.fromSeq(), r.toSeq())) + " [label=\"used\"]");
                }
            });
            for (TokenRef t : extraTokens) {
                // The token asked about lies inside a range some firing produced or consumed.
                firings.accept(f -> {
                    for (PortRange r : f.produced()) {
                        if (r.channel().equals(t.channel()) && r.fromSeq() <= t.seq() && t.seq() < r.toSeq() && r.count() > 1) {
                            edges.add(quote(rangeId(t.channel(), t.seq(), t.seq() + 1)) + " -> "
                                    + quote(rangeId(r.channel(), r.fromSeq(), r.toSeq())) + " [label=\"in\", style=dashed]");
                        }
                    }
                });
            }
            for (String node : nodes) {
                out.write("  " + node + ";\n");
            }
            for (String edge : new LinkedHashSet<>(edges)) {
                out.write("  " + edge + ";\n");
            }
            out.write("}\n");
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
