package io.sluice.cli;

import io.sluice.monitor.LineageGraph;
import io.sluice.monitor.LineageQuery;
import io.sluice.monitor.LineageSource;
import io.sluice.provenance.Lineage;
import io.sluice.provenance.ProvExport;
import io.sluice.provenance.ProvenanceException;
import io.sluice.provenance.ProvenanceStore;
import io.sluice.provenance.RecordedChannel;
import io.sluice.provenance.TokenRange;
import io.sluice.provenance.TokenRef;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The lineages of a run's recorded provenance, for the monitor's page
 * ({@code sluice prov lineage ... --monitor}): each query is answered by
 * {@link ProvenanceStore#lineage} and drawn as {@link ProvExport#graph()} derives it (the DOT
 * export's nodes and edges), turned to the tokens' flow, with the values of single tokens where
 * the run's channels kept them.
 *
 * <p>It lives in the command line, not in the provenance module, so that provenance does not
 * depend on the monitor (Netty, HTTP) nor the monitor on provenance (Chronicle).
 *
 * <p><b>Threading.</b> As the store: one thread at a time. The monitor asks from its lineage
 * thread, one query at a time; the command uses the store before it serves and closes it after
 * the monitor. The caller owns the store.
 *
 * <p><b>Failure.</b> A channel the run does not have, or a token it never recorded, is a
 * {@link LineageSource.NoSuchTokenException} with the store's message; a store that cannot be
 * read throws its {@link ProvenanceException}. A channel whose values cannot be read leaves the
 * values out, with a note saying why.
 */
final class StoreLineageSource implements LineageSource {
    /** Single tokens whose values a lineage shows at most; the others are drawn without. */
    static final int MAX_VALUES = 1_000;
    /** Tokens a note lists by name at most. */
    private static final int LISTED = 5;

    private final ProvenanceStore store;
    private final Description description;

    StoreLineageSource(ProvenanceStore store) {
        this.store = store;
        List<Channel> channels = store.channels().stream().map(c -> new Channel(c.name(), c.writer(), c.readers())).toList();
        this.description = new Description(store.run().runId(), store.run().workflow(), channels);
    }

    @Override
    public Description describe() {
        return description;
    }

    @Override
    public LineageGraph lineage(LineageQuery query) {
        TokenRef token = new TokenRef(query.channel(), query.seq());
        boolean backward = query.direction() == LineageQuery.Direction.BACKWARD;
        Lineage lineage;
        try {
            lineage = store.lineage(token, backward ? Lineage.Direction.BACKWARD : Lineage.Direction.FORWARD, query.depth());
        } catch (ProvenanceException e) {
            if (!written(token)) {
                throw new NoSuchTokenException(e.getMessage(), e);
            }
            throw e;
        }
        return graph(lineage);
    }

    /** Whether the run has the token's channel and the channel held the token. */
    private boolean written(TokenRef token) {
        Optional<RecordedChannel> channel = store.channels().stream().filter(c -> c.name().equals(token.channel())).findFirst();
        return channel.isPresent() && (token.seq() < channel.get().initialTokens() || store.producerOf(token).isPresent());
    }

    private LineageGraph graph(Lineage lineage) {
        boolean backward = lineage.direction() == Lineage.Direction.BACKWARD;
        ProvExport.Graph prov = ProvExport.ofLineage(store, lineage).graph();
        Values values = new Values();
        List<LineageGraph.Node> nodes = new ArrayList<>();
        for (ProvExport.Node n : prov.nodes()) {
            if (n instanceof ProvExport.Activity a) {
                nodes.add(new LineageGraph.Firings(a.id(), a.actor(), a.firstFiring(), a.lastFiring()));
            } else if (n instanceof ProvExport.Entity e) {
                TokenRange r = e.tokens();
                String value = r.count() == 1 ? values.of(new TokenRef(r.channel(), r.fromSeq())) : null;
                nodes.add(new LineageGraph.Tokens(e.id(), r.channel(), r.fromSeq(), r.toSeq(), value));
            }
        }
        List<LineageGraph.Edge> edges = new ArrayList<>();
        for (ProvExport.Edge e : prov.edges()) {
            switch (e.relation()) {
                case USED -> edges.add(new LineageGraph.Edge(e.to(), e.from(), LineageGraph.Flow.CONSUMED, e.widened()));
                case WAS_GENERATED_BY -> edges.add(new LineageGraph.Edge(e.to(), e.from(), LineageGraph.Flow.PRODUCED, e.widened()));
                case WAS_DERIVED_FROM -> edges.add(new LineageGraph.Edge(e.to(), e.from(), LineageGraph.Flow.DERIVED, e.widened()));
                case IN -> { } // drawn as one of the parts below
            }
        }
        edges.addAll(parts(nodes, edges, lineage.token(), backward, new HashSet<>(lineage.ends())));
        return new LineageGraph(nodes, edges, notes(lineage, values));
    }

    /**
     * Edges between the token nodes of a channel that share tokens (a token within a range some
     * firing moved, ranges two firings moved differently), so that the drawing connects the
     * firing that produced tokens with those that consumed them. Each goes from the side the
     * tokens were produced on to the side they were consumed on.
     */
    private static List<LineageGraph.Edge> parts(List<LineageGraph.Node> nodes, List<LineageGraph.Edge> edges, TokenRef asked,
            boolean backward, Set<TokenRef> ends) {
        Set<String> produced = new HashSet<>();
        Set<String> consumed = new HashSet<>();
        for (LineageGraph.Edge e : edges) {
            switch (e.flow()) {
                case PRODUCED, DERIVED -> produced.add(e.to());
                case CONSUMED -> consumed.add(e.from());
                default -> { }
            }
        }
        Map<String, List<LineageGraph.Tokens>> byChannel = new LinkedHashMap<>();
        Map<String, Integer> side = new HashMap<>();
        for (LineageGraph.Node n : nodes) {
            if (n instanceof LineageGraph.Tokens t) {
                byChannel.computeIfAbsent(t.channel(), c -> new ArrayList<>()).add(t);
                side.put(t.id(), side(t, produced, consumed, asked, backward, ends));
            }
        }
        List<LineageGraph.Edge> parts = new ArrayList<>();
        for (List<LineageGraph.Tokens> tokens : byChannel.values()) {
            List<LineageGraph.Tokens> sorted = new ArrayList<>(tokens);
            sorted.sort(Comparator.comparingLong(LineageGraph.Tokens::fromSeq));
            for (int i = 0; i < sorted.size(); i++) {
                LineageGraph.Tokens a = sorted.get(i);
                for (int j = i + 1; j < sorted.size() && sorted.get(j).fromSeq() < a.toSeq(); j++) {
                    LineageGraph.Tokens b = sorted.get(j);
                    int sa = side.get(a.id());
                    int sb = side.get(b.id());
                    if (sa < sb) {
                        parts.add(new LineageGraph.Edge(a.id(), b.id(), LineageGraph.Flow.PART));
                    } else if (sb < sa) {
                        parts.add(new LineageGraph.Edge(b.id(), a.id(), LineageGraph.Flow.PART));
                    }
                }
            }
        }
        return parts;
    }

    /**
     * Where a token node stands in the flow: 0 where its tokens come from (produced by a firing of
     * the lineage, an initial token, the token a forward lineage starts from), 2 where they go (consumed,
     * the token a backward lineage ends at), 1 both.
     */
    private static int side(LineageGraph.Tokens t, Set<String> produced, Set<String> consumed, TokenRef asked, boolean backward,
            Set<TokenRef> ends) {
        boolean in = produced.contains(t.id());
        boolean out = consumed.contains(t.id());
        if (in != out) {
            return in ? 0 : 2;
        }
        if (in) {
            return 1;
        }
        boolean single = t.count() == 1;
        if (single && t.channel().equals(asked.channel()) && t.fromSeq() == asked.seq()) {
            return backward ? 2 : 0;
        }
        return single && ends.contains(new TokenRef(t.channel(), t.fromSeq())) ? 0 : 1;
    }

    private List<String> notes(Lineage lineage, Values values) {
        List<String> notes = new ArrayList<>();
        if (lineage.truncated()) {
            notes.add(String.format(Locale.ROOT, "The lineage is cut short at %,d firings: ask with a smaller depth.",
                    ProvenanceStore.MAX_LINEAGE_FIRINGS));
        }
        if (lineage.direction() == Lineage.Direction.FORWARD && lineage.steps().isEmpty() && lineage.rangeSteps().isEmpty()) {
            notes.add("No recorded firing consumed " + lineage.token() + ".");
        }
        if (!lineage.ends().isEmpty()) {
            notes.add(listed(lineage.ends()) + (lineage.ends().size() == 1 ? ": an initial token of its channel" : ": initial tokens of"
                    + " their channels") + ", produced by no firing.");
        }
        if (!lineage.unrecorded().isEmpty() || !lineage.unrecordedRanges().isEmpty()) {
            List<Object> lost = new ArrayList<>(lineage.unrecorded());
            lost.addAll(lineage.unrecordedRanges());
            notes.add(listed(lost) + ": their firings were not all recorded (the run did not end: its last firings are missing).");
        }
        for (Lineage.Step s : lineage.steps()) {
            if (s.widening() != null) {
                notes.add(capital(LineageText.widened(s.firing().actor(), s.firing().firing(), s.firing().firing(), s.widening(),
                        lineage.direction() == Lineage.Direction.BACKWARD)) + ".");
            }
        }
        for (Lineage.RangeStep s : lineage.rangeSteps()) {
            if (s.widening() != null) {
                notes.add(capital(LineageText.widened(s.actor(), s.firstFiring(), s.lastFiring(), s.widening(),
                        lineage.direction() == Lineage.Direction.BACKWARD)) + ".");
            }
        }
        if (values.why != null) {
            notes.add("Values not shown: " + values.why + ".");
        } else if (values.left > 0) {
            notes.add(String.format(Locale.ROOT, "Values shown for the first %,d tokens only.", MAX_VALUES));
        }
        if (!lineage.statesRecorded()) {
            notes.add("Provenance format " + store.run().format() + " does not record which actors keep state across firings:"
                    + " what a firing produced is shown as derived from what it consumed alone.");
        }
        if (!store.run().complete()) {
            notes.add("The provenance is not complete: " + ProvCommand.INCOMPLETE + "; its last firings may be missing.");
        }
        if (!store.run().checksummed()) {
            notes.add(capital(ProvCommand.unchecked(store.run())) + ".");
        }
        return notes;
    }

    private static String listed(List<?> items) {
        String named = String.join(", ", items.stream().limit(LISTED).map(String::valueOf).toList());
        return items.size() <= LISTED ? named : String.format(Locale.ROOT, "%s and %,d more", named, items.size() - LISTED);
    }

    private static String capital(String sentence) {
        return sentence.isEmpty() ? sentence : Character.toUpperCase(sentence.charAt(0)) + sentence.substring(1);
    }

    /** The values of single tokens, as long as the store has them to give: reading stops at the first that it has not. */
    private final class Values {
        /** Why values are not shown, once one could not be read. */
        String why;
        /** How many values were asked for once {@link #MAX_VALUES} had been read. */
        int left;
        private int read;

        String of(TokenRef token) {
            if (why != null) {
                return null;
            }
            if (read == MAX_VALUES) {
                left++;
                return null;
            }
            try {
                Optional<Object> value = store.valueIfKept(token);
                if (value.isEmpty()) {
                    why = store.whyNoValue(token);
                    return null;
                }
                read++;
                return LineageText.shown(value.get());
            } catch (ProvenanceException e) {
                why = e.getMessage();
                return null;
            }
        }
    }
}
