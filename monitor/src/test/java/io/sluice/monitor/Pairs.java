package io.sluice.monitor;

import io.sluice.monitor.LineageGraph.Edge;
import io.sluice.monitor.LineageGraph.Firings;
import io.sluice.monitor.LineageGraph.Flow;
import io.sluice.monitor.LineageGraph.Node;
import io.sluice.monitor.LineageGraph.Tokens;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A lineage source told by hand, as a test wants one: the provenance of a run of a workflow
 * {@code src → pair → sink} in which {@code src} puts one word per firing ({@code w0}, {@code w1},
 * ...), {@code pair} joins each two words into one, and {@code sink} takes each pair. Firing
 * {@code k} of {@code pair} consumed {@code src.out#2k..2k+1} and produced {@code pair.out#k}.
 */
final class Pairs implements LineageSource {
    static final String RUN = "pairs-run";
    /** Tokens each channel holds. */
    static final Map<String, Long> TOKENS = Map.of("src.out", 10L, "pair.out", 5L);

    @Override
    public Description describe() {
        return new Description(RUN, "pairs", List.of(new Channel("src.out", "src.out", List.of("pair.in")),
                new Channel("pair.out", "pair.out", List.of("sink.in"))));
    }

    @Override
    public LineageGraph lineage(LineageQuery q) {
        Long held = TOKENS.get(q.channel());
        if (held == null) {
            throw new NoSuchTokenException("run " + RUN + " has no channel '" + q.channel() + "'; its channels: [src.out, pair.out]");
        }
        if (q.seq() >= held) {
            throw new NoSuchTokenException("no token " + q.token() + " was recorded: channel '" + q.channel() + "' holds " + held
                    + " tokens");
        }
        List<Node> nodes = new ArrayList<>();
        List<Edge> edges = new ArrayList<>();
        boolean backward = q.direction() == LineageQuery.Direction.BACKWARD;
        long pair = q.channel().equals("pair.out") ? q.seq() : q.seq() / 2;
        nodes.add(token(q.channel(), q.seq()));
        if (q.channel().equals("pair.out") == backward) {
            // pair.out#k backward, or src.out#j forward: through the pair firing.
            nodes.add(firing("pair", pair));
            nodes.add(new Tokens(id("src.out", 2 * pair, 2 * pair + 2), "src.out", 2 * pair, 2 * pair + 2, null));
            if (backward) {
                edges.add(new Edge(id("src.out", 2 * pair, 2 * pair + 2), id("pair", pair), Flow.CONSUMED));
                edges.add(new Edge(id("pair", pair), id("pair.out", pair, pair + 1), Flow.PRODUCED));
                if (q.depth() >= 2) {
                    for (long j = 2 * pair; j < 2 * pair + 2; j++) {
                        nodes.add(firing("src", j));
                        nodes.add(token("src.out", j));
                        edges.add(new Edge(id("src", j), id("src.out", j, j + 1), Flow.PRODUCED));
                        edges.add(new Edge(id("src.out", j, j + 1), id("src.out", 2 * pair, 2 * pair + 2), Flow.PART));
                    }
                }
            } else {
                nodes.add(token("pair.out", pair));
                edges.add(new Edge(id("src.out", q.seq(), q.seq() + 1), id("src.out", 2 * pair, 2 * pair + 2), Flow.PART));
                edges.add(new Edge(id("src.out", 2 * pair, 2 * pair + 2), id("pair", pair), Flow.CONSUMED));
                edges.add(new Edge(id("pair", pair), id("pair.out", pair, pair + 1), Flow.PRODUCED));
                if (q.depth() >= 2) {
                    nodes.add(firing("sink", pair));
                    edges.add(new Edge(id("pair.out", pair, pair + 1), id("sink", pair), Flow.CONSUMED));
                }
            }
        } else if (backward) {
            nodes.add(firing("src", q.seq()));
            edges.add(new Edge(id("src", q.seq()), id("src.out", q.seq(), q.seq() + 1), Flow.PRODUCED));
        } else {
            nodes.add(firing("sink", q.seq()));
            edges.add(new Edge(id("pair.out", q.seq(), q.seq() + 1), id("sink", q.seq()), Flow.CONSUMED));
        }
        return new LineageGraph(nodes, edges, List.of("told by hand: " + q.token()));
    }

    static String value(String channel, long seq) {
        return channel.equals("src.out") ? "w" + seq : "w" + 2 * seq + "+w" + (2 * seq + 1);
    }

    private static Tokens token(String channel, long seq) {
        return new Tokens(id(channel, seq, seq + 1), channel, seq, seq + 1, value(channel, seq));
    }

    private static Firings firing(String actor, long n) {
        return new Firings(id(actor, n), actor, n);
    }

    static String id(String actor, long n) {
        return "f-" + actor + "-" + n;
    }

    static String id(String channel, long from, long to) {
        return "t-" + channel + "-" + from + (to - from == 1 ? "" : ".." + (to - 1));
    }
}
