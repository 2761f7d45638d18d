package io.sluice.monitor.internal;

import io.sluice.actor.InputPort;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelStats;
import io.sluice.monitor.LineageGraph;
import io.sluice.monitor.LineageQuery;
import io.sluice.monitor.LineageSource;
import io.sluice.run.ActorSnapshot;
import io.sluice.run.ChannelSnapshot;
import io.sluice.run.RunInfo;
import io.sluice.run.RunResult;
import io.sluice.run.RunSnapshot;
import io.sluice.workflow.ActorNode;
import io.sluice.workflow.ChannelDefinition;
import io.sluice.workflow.PortRef;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * The JSON the monitor sends, and the Server-Sent Events that carry it: the one place their
 * fields are named (documented in {@code docs/monitor.md}). Durations are whole milliseconds; a
 * capacity is null for an unbounded channel. Stateless and thread-safe.
 */
public final class MonitorJson {
    /** The name of the event that tells a run has started. */
    public static final String STARTED = "started";
    /** The name of the event that carries a snapshot. */
    public static final String SNAPSHOT = "snapshot";
    /** The name of the event that tells a run has ended; the last of a stream. */
    public static final String ENDED = "ended";
    /** The name of the event that tells the monitor stopped serving; the last of a stream. */
    public static final String CLOSED = "closed";

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private MonitorJson() {}

    record Graph(String runId, String workflow, String director, String started, List<Actor> actors,
            List<Channel> channels) {}

    record Actor(String name, String type, String className, boolean fired, List<PortJson> ports) {}

    record PortJson(String name, String direction, String type) {}

    record Channel(String name, String writer, List<String> readers, String type, Integer capacity, int initialTokens,
            Long capacityBytes) {}

    record Started(String runId, String workflow, String director, String started) {}

    record Snapshot(String runId, String phase, long elapsedMillis, long tokensWritten, List<ActorState> actors,
            List<ChannelState> channels, String failure) {}

    record ActorState(String name, String state, String waitingOn, long firings, long busyMillis, long waitingToReadMillis,
            long waitingToWriteMillis) {}

    record ChannelState(String name, long written, Map<String, Long> read, long depth, Integer capacity, double rate,
            Long capacityBytes) {}

    record Ended(String runId, String status, String message, long durationMillis, long tokensWritten) {}

    record Closed(String message) {}

    /** The graph of the run {@code info} describes, as {@code /graph} serves it. */
    public static byte[] graph(RunInfo info) {
        List<Actor> actors = info.workflow().actors().stream().map(a -> actor(a, info.actors().contains(a.name()))).toList();
        List<Channel> channels = info.workflow().channels().stream().map(MonitorJson::channel).toList();
        return JSON.writeValueAsBytes(new Graph(info.runId(), info.workflow().name(), info.director(),
                String.valueOf(info.started()), actors, channels));
    }

    /**
     * The graph of a run known only by its result (one refused before it started): its actors
     * with their names only, no channels.
     */
    public static byte[] graph(RunResult result) {
        List<Actor> actors = result.actors().stream().map(a -> new Actor(a.actor(), null, null, true, List.of())).toList();
        return JSON.writeValueAsBytes(new Graph(result.runId(), result.workflow(), result.director(),
                String.valueOf(result.started()), actors, List.of()));
    }

    /** The {@code started} event of a run known only by its result. */
    public static byte[] startedEvent(RunResult result) {
        return event(STARTED, new Started(result.runId(), result.workflow(), result.director(), String.valueOf(result.started())));
    }

    private static Actor actor(ActorNode node, boolean fired) {
        List<PortJson> ports = node.ports().stream()
                .map(p -> new PortJson(p.name(), p instanceof InputPort<?> ? "in" : "out", p.type().getName())).toList();
        return new Actor(node.name(), node.type(), node.actor().getClass().getName(), fired, ports);
    }

    private static Channel channel(ChannelDefinition c) {
        return new Channel(c.name(), c.writer().toString(), c.readers().stream().map(PortRef::toString).toList(),
                c.type().getName(), capacity(c.capacity()), c.initialTokens().size(),
                c.boundedInBytes() ? capacityBytes(c.capacityBytes()) : null);
    }

    /** The {@code started} event of the run {@code info} describes. */
    public static byte[] startedEvent(RunInfo info) {
        return event(STARTED, new Started(info.runId(), info.workflow().name(), info.director(), String.valueOf(info.started())));
    }

    /** The {@code snapshot} event of {@code s}. */
    public static byte[] snapshotEvent(RunSnapshot s) {
        List<ActorState> actors = s.actors().stream().map(MonitorJson::actor).toList();
        List<ChannelState> channels = s.channels().stream().map(MonitorJson::channel).toList();
        return event(SNAPSHOT, new Snapshot(s.runId(), s.phase().name(), s.elapsed().toMillis(), s.tokensWritten(), actors,
                channels, s.failure()));
    }

    private static ActorState actor(ActorSnapshot a) {
        return new ActorState(a.name(), a.state().name(), a.waitingOn(), a.firings(), a.busy().toMillis(),
                a.waitingToRead().toMillis(), a.waitingToWrite().toMillis());
    }

    private static ChannelState channel(ChannelSnapshot c) {
        double rate = Double.isFinite(c.rate()) ? c.rate() : 0; // JSON has no NaN nor infinity
        return new ChannelState(c.name(), c.written(), c.read(), c.depth(), capacity(c.capacity()), rate,
                capacityBytes(c.capacityBytes()));
    }

    /** The {@code ended} event of a run: its status, its failure's message if any, its duration and tokens. */
    public static byte[] endedEvent(RunResult result) {
        long tokens = result.channels().stream().mapToLong(ChannelStats::tokensWritten).sum();
        return event(ENDED, new Ended(result.runId(), result.status().name(), result.failure(), result.duration().toMillis(), tokens));
    }

    /** The {@code closed} event: the monitor stopped serving, whatever the run does. */
    public static byte[] closedEvent() {
        return event(CLOSED, new Closed("the monitor was closed and serves no more"));
    }

    private static Integer capacity(int capacity) {
        return capacity == ChannelSpec.UNBOUNDED ? null : capacity;
    }

    private static Long capacityBytes(long capacityBytes) {
        return capacityBytes == ChannelSpec.UNBOUNDED_BYTES ? null : capacityBytes;
    }

    /**
     * One Server-Sent Event: its name, then its data on one line (compact JSON has no line break:
     * Jackson escapes those within strings), then a blank line.
     */
    private static byte[] event(String name, Object data) {
        String text = "event: " + name + "\ndata: " + JSON.writeValueAsString(data) + "\n\n";
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** A JSON object with one field {@code error}: the body of an error response. */
    public static byte[] error(String message) {
        return JSON.writeValueAsBytes(Map.of("error", message));
    }

    /** The body of a {@code 400 Bad Request} for a parameter: {@code error}, and the {@code parameter}'s name. */
    static byte[] badParameter(String message, String parameter) {
        Map<String, String> body = new LinkedHashMap<>();
        body.put("error", message);
        body.put("parameter", parameter);
        return JSON.writeValueAsBytes(body);
    }

    // ---- /lineage ----

    record SourceJson(String runId, String workflow, List<SourceChannel> channels, int defaultDepth, int maxDepth) {}

    record SourceChannel(String name, String writer, List<String> readers) {}

    record LineageJson(String channel, long seq, String direction, int depth, List<Object> nodes, List<EdgeJson> edges,
            List<String> notes) {}

    record FiringsJson(String id, String kind, String label, String actor, long firstFiring, long lastFiring, long count) {}

    record TokensJson(String id, String kind, String label, String channel, long fromSeq, long toSeq, long count, String value,
            boolean asked) {}

    record EdgeJson(String from, String to, String flow, String widened) {}

    /** What a lineage source answers about, as {@code /lineage} without parameters serves it. */
    static byte[] lineageSource(LineageSource.Description d) {
        List<SourceChannel> channels = d.channels().stream().map(c -> new SourceChannel(c.name(), c.writer(), c.readers())).toList();
        return JSON.writeValueAsBytes(new SourceJson(d.runId(), d.workflow(), channels, LineageQuery.DEFAULT_DEPTH,
                LineageQuery.MAX_DEPTH));
    }

    /** The lineage {@code query} asked for, as {@code /lineage} serves it. */
    static byte[] lineage(LineageQuery query, LineageGraph graph) {
        List<Object> nodes = new ArrayList<>();
        for (LineageGraph.Node n : graph.nodes()) {
            if (n instanceof LineageGraph.Firings f) {
                nodes.add(new FiringsJson(f.id(), "firings", f.label(), f.actor(), f.firstFiring(), f.lastFiring(), f.count()));
            } else if (n instanceof LineageGraph.Tokens t) {
                boolean asked = t.count() == 1 && t.channel().equals(query.channel()) && t.fromSeq() == query.seq();
                nodes.add(new TokensJson(t.id(), "tokens", t.label(), t.channel(), t.fromSeq(), t.toSeq(), t.count(), t.value(), asked));
            }
        }
        List<EdgeJson> edges = graph.edges().stream()
                .map(e -> new EdgeJson(e.from(), e.to(), e.flow().name().toLowerCase(Locale.ROOT), e.widened())).toList();
        return JSON.writeValueAsBytes(new LineageJson(query.channel(), query.seq(), LineageParameters.name(query.direction()),
                query.depth(), nodes, edges, graph.notes()));
    }
}
