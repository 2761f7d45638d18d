package io.sluice.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.monitor.LineageGraph.Edge;
import io.sluice.monitor.LineageGraph.Firings;
import io.sluice.monitor.LineageGraph.Flow;
import io.sluice.monitor.LineageGraph.Tokens;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The checks of the values a lineage source answers with. */
class LineageGraphTest {
    private static final Tokens IN = new Tokens("in", "src.out", 4, 6, null);
    private static final Firings PAIR = new Firings("pair", "pair", 2);
    private static final Tokens OUT = new Tokens("out", "pair.out", 2, 3, "w4+w5");

    @Test
    void nodesAreLabelledAsSluiceWritesTokensAndFirings() {
        assertThat(IN.label()).isEqualTo("src.out#4..5");
        assertThat(IN.count()).isEqualTo(2);
        assertThat(OUT.label()).isEqualTo("pair.out#2");
        assertThat(PAIR.label()).isEqualTo("pair#2");
        assertThat(new Firings("f", "source", 0, 199_999).label()).isEqualTo("source#0..199999");
        assertThat(new Firings("f", "source", 0, 199_999).count()).isEqualTo(200_000);
    }

    @Test
    void aGraphIsCopiedAndChecked() {
        List<LineageGraph.Node> nodes = new ArrayList<>(List.of(IN, PAIR, OUT));
        LineageGraph graph = new LineageGraph(nodes, List.of(new Edge("in", "pair", Flow.CONSUMED), new Edge("pair", "out", Flow.PRODUCED)),
                List.of());
        nodes.clear();
        assertThat(graph.nodes()).hasSize(3);

        assertThatThrownBy(() -> new LineageGraph(List.of(IN, new Firings("in", "x", 0)), List.of(), List.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'in'");
        assertThatThrownBy(() -> new LineageGraph(List.of(IN, PAIR), List.of(new Edge("in", "nowhere", Flow.CONSUMED)), List.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'nowhere'");
        assertThatThrownBy(() -> new LineageGraph(List.of(IN, PAIR), List.of(new Edge("pair", "in", Flow.CONSUMED)), List.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("CONSUMED");
        assertThatThrownBy(() -> new LineageGraph(List.of(IN, PAIR), List.of(new Edge("in", "pair", Flow.PRODUCED)), List.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("PRODUCED");
        assertThatThrownBy(() -> new LineageGraph(List.of(IN, PAIR), List.of(new Edge("in", "pair", Flow.PART)), List.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("PART");
        assertThatThrownBy(() -> new Tokens("t", "c", 3, 3, null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Firings("f", "a", 5, 4)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aQueryIsChecked() {
        assertThat(new LineageQuery("c", 0, LineageQuery.Direction.FORWARD, 1).token()).isEqualTo("c#0");
        assertThatThrownBy(() -> new LineageQuery("", 0, LineageQuery.Direction.BACKWARD, 3)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LineageQuery("c", -1, LineageQuery.Direction.BACKWARD, 3)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LineageQuery("c", 0, LineageQuery.Direction.BACKWARD, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LineageQuery("c", 0, LineageQuery.Direction.BACKWARD, LineageQuery.MAX_DEPTH + 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LineageSource.Channel("c", "nodot", List.of())).isInstanceOf(IllegalArgumentException.class);
    }
}
