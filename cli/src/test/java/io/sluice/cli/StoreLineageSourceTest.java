package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.monitor.LineageGraph;
import io.sluice.monitor.LineageQuery;
import io.sluice.monitor.LineageSource;
import io.sluice.provenance.ProvenanceStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The lineages of a recorded run as the monitor's page draws them: {@link StoreLineageSource} over real stores. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class StoreLineageSourceTest {
    @TempDir
    Path dir;

    private static LineageQuery back(String channel, long seq, int depth) {
        return new LineageQuery(channel, seq, LineageQuery.Direction.BACKWARD, depth);
    }

    private static LineageQuery forward(String channel, long seq, int depth) {
        return new LineageQuery(channel, seq, LineageQuery.Direction.FORWARD, depth);
    }

    private static List<String> labels(LineageGraph g, Class<? extends LineageGraph.Node> kind) {
        return g.nodes().stream().filter(kind::isInstance).map(LineageGraph.Node::label).toList();
    }

    /** The edges as {@code from -flow-> to}, by the nodes' labels. */
    private static List<String> edges(LineageGraph g) {
        Map<String, String> label = g.nodes().stream().collect(Collectors.toMap(LineageGraph.Node::id, LineageGraph.Node::label));
        return g.edges().stream().map(e -> label.get(e.from()) + " -" + e.flow().name().toLowerCase() + "-> " + label.get(e.to())
                + (e.widened() == null ? "" : " (widened: " + e.widened() + ")")).toList();
    }

    @Test
    void aResultTokensLineageIsItsFiringsAndTokensWithValuesInTheOrderTheyFlowed() throws Exception {
        Sluice.run(dir, "run", "filter", "--tokens", "500", "--work", "w").summary();
        List<String> result = Files.readAllLines(dir.resolve("w/result.txt"));
        try (ProvenanceStore store = ProvenanceStore.open(dir.resolve("w"))) {
            StoreLineageSource source = new StoreLineageSource(store);
            LineageSource.Description d = source.describe();
            assertThat(d.runId()).isEqualTo(store.run().runId());
            assertThat(d.workflow()).isEqualTo("filter");
            assertThat(d.channels()).containsExactly(new LineageSource.Channel("source.out", "source.out", List.of("filter.in")),
                    new LineageSource.Channel("filter.out", "filter.out", List.of("sink.in")));

            LineageGraph g = source.lineage(back("filter.out", 1, 3));
            LineageGraph.Tokens asked = (LineageGraph.Tokens) g.nodes().get(0);
            assertThat(asked.label()).isEqualTo("filter.out#1");
            assertThat(asked.value()).isEqualTo(result.get(1));
            List<String> firings = labels(g, LineageGraph.Firings.class);
            assertThat(firings).hasSize(2);
            assertThat(firings.get(0)).startsWith("filter#");
            assertThat(firings.get(1)).startsWith("source#");
            long filtered = Long.parseLong(firings.get(0).substring("filter#".length()));
            assertThat(edges(g)).containsExactly(
                    "filter#" + filtered + " -produced-> filter.out#1",
                    "source.out#" + filtered + " -consumed-> filter#" + filtered,
                    "source#" + filtered + " -produced-> source.out#" + filtered);
            assertThat(((LineageGraph.Tokens) g.nodes().get(2)).value()).as("the word the filter kept").isEqualTo(result.get(1));
            assertThat(g.notes()).isEmpty();

            LineageGraph ahead = source.lineage(forward("source.out", filtered, 2));
            assertThat(labels(ahead, LineageGraph.Firings.class)).containsExactly("filter#" + filtered, "sink#1");

            assertThatThrownBy(() -> source.lineage(back("nowhere.out", 0, 3))).isInstanceOf(LineageSource.NoSuchTokenException.class)
                    .hasMessageContaining("has no channel 'nowhere.out'").hasMessageContaining("source.out");
            assertThatThrownBy(() -> source.lineage(back("filter.out", result.size(), 3)))
                    .isInstanceOf(LineageSource.NoSuchTokenException.class)
                    .hasMessageStartingWith("no token filter.out#" + result.size() + " was recorded");
        }
    }

    @Test
    void aRunOnMemoryChannelsIsDrawnWithoutValuesAndSaysWhy() {
        Sluice.run(dir, "run", "filter", "--tokens", "100", "--work", "w", "--channels", "memory").summary();
        try (ProvenanceStore store = ProvenanceStore.open(dir.resolve("w"))) {
            LineageGraph g = new StoreLineageSource(store).lineage(forward("source.out", 3, 1));
            assertThat(labels(g, LineageGraph.Firings.class)).containsExactly("filter#3");
            assertThat(g.nodes()).filteredOn(LineageGraph.Tokens.class::isInstance).map(n -> ((LineageGraph.Tokens) n).value())
                    .containsOnlyNulls();
            assertThat(g.notes()).singleElement().asString()
                    .startsWith("Values not shown: the value of source.out#3 was not persisted: channel 'source.out' kept its tokens"
                            + " in memory");
        }
    }

    /**
     * Through an actor that keeps state: the widened dependency is drawn as dashed edges to and
     * from ranges, said in a note, and every token node is joined to the ranges that share its tokens.
     */
    @Test
    void aWidenedDependencyIsDrawnToRangesAndSaid() throws Exception {
        StatefulLineageCommandTest.recordKeyCounts(dir.resolve("w"), 2_000);
        try (ProvenanceStore store = ProvenanceStore.open(dir.resolve("w"))) {
            StoreLineageSource source = new StoreLineageSource(store);
            LineageGraph back = source.lineage(back("count.out", 2, 3));
            assertThat(labels(back, LineageGraph.Firings.class)).containsExactly("count#2000", "source#0..1999");
            assertThat(edges(back)).containsExactly(
                    "count#2000 -produced-> count.out#0..2",
                    "source#0..1999 -produced-> source.out#0..1999",
                    "source.out#0..1999 -consumed-> count#2000 (widened: count keeps state across firings)",
                    "count.out#0..2 -part-> count.out#2");
            assertThat(back.notes()).containsExactly("Widened: count keeps state across firings, so what firing 2000 put derives from"
                    + " all it took in firings 0 to 2000 (since it started).");

            LineageGraph ahead = source.lineage(forward("source.out", 5, 3));
            assertThat(labels(ahead, LineageGraph.Firings.class)).containsExactly("count#5", "sink#0..2");
            assertThat(edges(ahead)).contains(
                    "source.out#5 -consumed-> count#5",
                    "source.out#5 -derived-> count.out#0..2 (widened: count keeps state across firings)",
                    "count.out#0..2 -consumed-> sink#0..2");
            assertThat(ahead.notes()).singleElement().asString().startsWith("Widened: count keeps state across firings, so what it put");
            Map<String, LineageGraph.Node> byLabel = ahead.nodes().stream()
                    .collect(Collectors.toMap(LineageGraph.Node::label, Function.identity()));
            assertThat(((LineageGraph.Tokens) byLabel.get("source.out#5")).value()).isEqualTo("k2");
        }
    }
}
