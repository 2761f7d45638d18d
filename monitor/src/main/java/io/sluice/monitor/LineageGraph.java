package io.sluice.monitor;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A token's lineage as a graph, as a {@link LineageSource} answers a {@link LineageQuery} and the
 * monitor's page draws it: firings and ranges of tokens are the nodes, and the edges follow the
 * tokens' flow, from the tokens a firing consumed to the firing, and from the firing to the
 * tokens it produced. A lineage has no cycle, but for a firing that takes back tokens it put
 * itself in the same firing (an actor that feeds itself through a channel): a produced and a
 * consumed edge between the same two nodes, which the page draws as a loop.
 *
 * <p>Immutable. The constructor checks that every edge joins two of the nodes, as its
 * {@link Flow} says (a {@code CONSUMED} edge from tokens to firings, and so on), and that no two
 * nodes share an id.
 *
 * @param nodes the firings and tokens, each once; the page draws them in this order within a layer
 * @param edges the flow between them
 * @param notes what the graph cannot show, one sentence each, in the order a reader should see
 *     them: a lineage cut short, tokens whose firing was not recorded, dependencies widened
 *     because an actor keeps state, why the tokens' values are not shown
 */
public record LineageGraph(List<Node> nodes, List<Edge> edges, List<String> notes) {

    /**
     * Copies the lists and checks the graph.
     *
     * @throws IllegalArgumentException if two nodes share an id, or an edge names a node that is
     *     not in {@code nodes} or joins nodes of kinds its flow does not join
     */
    public LineageGraph {
        nodes = List.copyOf(nodes);
        edges = List.copyOf(edges);
        notes = List.copyOf(notes);
        Map<String, Node> byId = new HashMap<>();
        for (Node n : nodes) {
            if (byId.put(n.id(), n) != null) {
                throw new IllegalArgumentException("two nodes of a lineage graph have the id '" + n.id() + "'");
            }
        }
        for (Edge e : edges) {
            Node from = byId.get(e.from());
            Node to = byId.get(e.to());
            if (from == null || to == null) {
                throw new IllegalArgumentException("edge " + e + " names a node the graph does not have: '"
                        + (from == null ? e.from() : e.to()) + "'");
            }
            boolean joins = switch (e.flow()) {
                case CONSUMED -> from instanceof Tokens && to instanceof Firings;
                case PRODUCED -> from instanceof Firings && to instanceof Tokens;
                case DERIVED, PART -> from instanceof Tokens && to instanceof Tokens;
            };
            if (!joins) {
                throw new IllegalArgumentException("a " + e.flow() + " edge cannot go from " + from + " to " + to);
            }
        }
    }

    /** A node of a lineage graph: firings, or tokens of a channel. */
    public sealed interface Node permits Firings, Tokens {
        /** The node's identifier, unique within its graph, which edges name. */
        String id();

        /** How the page labels the node: {@code actor#firing}, {@code channel#seq}, or a range of either. */
        String label();
    }

    /**
     * One firing of an actor ({@code firstFiring == lastFiring}), or consecutive firings of it
     * summarised: those that moved a range of tokens a lineage reached as a whole, through an
     * actor that keeps state across firings.
     *
     * @param id the node's identifier
     * @param actor the actor
     * @param firstFiring the first firing, numbered from 0 per actor
     * @param lastFiring the last firing, at least {@code firstFiring}
     */
    public record Firings(String id, String actor, long firstFiring, long lastFiring) implements Node {
        /**
         * @throws IllegalArgumentException if the firings are not numbered from 0 with the last
         *     at least the first
         */
        public Firings {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(actor, "actor");
            if (firstFiring < 0 || lastFiring < firstFiring) {
                throw new IllegalArgumentException("firings " + firstFiring + " to " + lastFiring + " of " + actor
                        + ": numbered from 0, the last at least the first");
            }
        }

        /** One firing. */
        public Firings(String id, String actor, long firing) {
            this(id, actor, firing, firing);
        }

        /** How many firings the node stands for. */
        public long count() {
            return lastFiring - firstFiring + 1;
        }

        /** {@code actor#firing}, or {@code actor#first..last}. */
        @Override
        public String label() {
            return actor + "#" + firstFiring + (count() == 1 ? "" : ".." + lastFiring);
        }
    }

    /**
     * Consecutive tokens of a channel: seqs {@code fromSeq} to {@code toSeq - 1}.
     *
     * @param id the node's identifier
     * @param channel the channel
     * @param fromSeq the first token's seq
     * @param toSeq the seq after the last token's, above {@code fromSeq}
     * @param value the token's value as text, for a node of one token whose value the source
     *     shows; else null
     */
    public record Tokens(String id, String channel, long fromSeq, long toSeq, String value) implements Node {
        /** @throws IllegalArgumentException if the range holds no token or starts below 0 */
        public Tokens {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(channel, "channel");
            if (fromSeq < 0 || toSeq <= fromSeq) {
                throw new IllegalArgumentException("tokens [" + fromSeq + ", " + toSeq + ") of " + channel
                        + ": seqs from 0, at least one token");
            }
        }

        /** How many tokens the node stands for. */
        public long count() {
            return toSeq - fromSeq;
        }

        /** {@code channel#seq}, or {@code channel#first..last}. */
        @Override
        public String label() {
            return channel + "#" + fromSeq + (count() == 1 ? "" : ".." + (toSeq - 1));
        }
    }

    /**
     * How tokens flow along an edge.
     */
    public enum Flow {
        /** From tokens to the firings that consumed them. */
        CONSUMED,
        /** From firings to the tokens they produced. */
        PRODUCED,
        /**
         * From tokens to tokens derived from them through an actor's state: what an actor that
         * keeps state across firings produced in later firings, derived from what one firing
         * consumed (a forward lineage's widened dependency).
         */
        DERIVED,
        /** Between one token and a range of its channel that holds it, in the direction the tokens flow. */
        PART
    }

    /**
     * An edge of a lineage graph.
     *
     * @param from the node the tokens flow from
     * @param to the node they flow to
     * @param flow what the edge says
     * @param widened why the dependency was widened (an actor keeps state across firings), or
     *     null if it was not
     */
    public record Edge(String from, String to, Flow flow, String widened) {
        public Edge {
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(to, "to");
            Objects.requireNonNull(flow, "flow");
        }

        /** An edge whose dependency was not widened. */
        public Edge(String from, String to, Flow flow) {
            this(from, to, flow, null);
        }
    }
}
