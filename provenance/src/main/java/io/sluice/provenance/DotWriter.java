package io.sluice.provenance;

import static io.sluice.provenance.ProvIds.rangeId;

import io.sluice.provenance.ProvExport.Activity;
import io.sluice.provenance.ProvExport.Edge;
import io.sluice.provenance.ProvExport.Entity;
import io.sluice.provenance.ProvExport.Graph;
import io.sluice.provenance.ProvExport.Node;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * Writes a {@link Graph} as Graphviz DOT ({@link ProvExport#dot}): firings as boxes, tokens as
 * ellipses, a single token labelled with its value where the store has one ({@link
 * ProvenanceStore#valueIfKept}), edges labelled with their relation, widened ones dashed.
 *
 * <p><b>Threading and failure.</b> Used once, by the thread that uses the store; it writes to
 * {@code out} and flushes it, but does not close it. A write that fails raises an
 * {@link UncheckedIOException}; a token value that cannot be read a {@link ProvenanceException}.
 */
final class DotWriter {
    private final ProvenanceStore store;
    private final Writer out;

    DotWriter(ProvenanceStore store, Writer out) {
        this.store = store;
        this.out = out;
    }

    /** Writes {@code graph} and flushes {@code out}. */
    void write(Graph graph) {
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

    private static String quote(String id) {
        return "\"" + id.replace("\"", "\\\"") + "\"";
    }
}
