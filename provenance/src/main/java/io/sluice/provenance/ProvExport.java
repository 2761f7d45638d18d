package io.sluice.provenance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;

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

    private final ExportContent content;

    private ProvExport(ExportContent content) {
        this.content = content;
    }

    /** Every recorded firing of the run, actor by actor, and the channels' initial tokens. */
    public static ProvExport ofRun(ProvenanceStore store) {
        return new ProvExport(ExportContent.ofRun(store));
    }

    /** The firings of a lineage, and the token it is about. */
    public static ProvExport ofLineage(ProvenanceStore store, Lineage lineage) {
        return new ProvExport(ExportContent.ofLineage(store, lineage));
    }

    /** Writes PROV-N. */
    public void provN(Writer out) {
        new ProvNWriter(content, out).write();
    }

    /**
     * Writes PROV-JSON: one object per kind of statement, filled in one pass over the firings each.
     *
     * @throws UncheckedIOException if {@code out} cannot be written
     */
    public void provJson(Writer out) {
        try {
            new ProvJsonWriter(content, out).write();
        } catch (tools.jackson.core.JacksonException e) {
            throw new UncheckedIOException(new IOException("cannot write PROV-JSON: " + e.getOriginalMessage(), e));
        }
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
        return ProvGraphBuilder.of(content);
    }

    /** The DOT graph of the firings and token ranges, each range one node ({@link #graph()}). */
    public void dot(Writer out) {
        new DotWriter(content.store, out).write(graph());
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "PROV export of run %s", content.store.run().runId());
    }
}
