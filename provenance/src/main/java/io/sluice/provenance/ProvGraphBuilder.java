package io.sluice.provenance;

import static io.sluice.provenance.ProvIds.firingId;
import static io.sluice.provenance.ProvIds.rangeFiringId;
import static io.sluice.provenance.ProvIds.rangeId;

import io.sluice.provenance.ProvExport.Activity;
import io.sluice.provenance.ProvExport.Edge;
import io.sluice.provenance.ProvExport.Entity;
import io.sluice.provenance.ProvExport.Graph;
import io.sluice.provenance.ProvExport.Node;
import io.sluice.provenance.ProvExport.Relation;
import io.sluice.run.PortRange;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds the {@link Graph} of an export's content ({@link ProvExport#graph}): each firing, summarised
 * firing and range of tokens one node, each relation one edge, in the order found. Built in
 * memory, walking the firings once, and once more per token declared apart: meant for a lineage,
 * whose graph stays small.
 *
 * <p><b>Threading and failure.</b> Stateless; runs on the calling thread, which must be the one
 * that uses the store. A read of the store that fails raises a {@link ProvenanceException}.
 */
final class ProvGraphBuilder {
    private ProvGraphBuilder() {}

    /** The graph of the firings and token ranges of {@code content}, each range one node. */
    static Graph of(ExportContent content) {
        Map<String, Node> nodes = new LinkedHashMap<>();
        Set<Edge> edges = new LinkedHashSet<>();
        for (TokenRef t : content.extraTokens) {
            entity(nodes, new TokenRange(t.channel(), t.seq(), t.seq() + 1));
        }
        content.forEachFiring(f -> {
            String a = firingId(f.actor(), f.firing());
            nodes.putIfAbsent(a, new Activity(a, f.actor(), f.firing(), f.firing(), false));
            for (PortRange r : f.produced()) {
                edges.add(new Edge(entity(nodes, range(r)), a, Relation.WAS_GENERATED_BY, null));
            }
            for (PortRange r : f.consumed()) {
                edges.add(new Edge(a, entity(nodes, range(r)), Relation.USED, null));
            }
        });
        for (Lineage.RangeStep s : content.rangeSteps) {
            String a = rangeFiringId(s);
            nodes.putIfAbsent(a, new Activity(a, s.actor(), s.firstFiring(), s.lastFiring(), true));
            for (TokenRange r : s.produced()) {
                edges.add(new Edge(entity(nodes, r), a, Relation.WAS_GENERATED_BY, null));
            }
            for (TokenRange r : s.consumed()) {
                edges.add(new Edge(a, entity(nodes, r), Relation.USED, null));
            }
        }
        for (ExportContent.Widened w : content.widened) {
            for (TokenRange r : w.ranges()) {
                String range = entity(nodes, r);
                // Forward, the token reached through lies in a range its firing consumed, which may
                // hold more: it is declared as a node of its own.
                edges.add(w.backward() ? new Edge(w.activity(), range, Relation.USED, w.why())
                        : new Edge(range, entity(nodes, w.via()), Relation.WAS_DERIVED_FROM, w.why()));
            }
        }
        for (TokenRef t : content.extraTokens) {
            // The token asked about lies inside a range some firing produced.
            content.forEachFiring(f -> {
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
}
