package io.sluice.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.run.FiringRecord;
import io.sluice.run.PortRange;
import io.sluice.workflow.Workflow;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A span expanded into records: each firing's ranges where its ports' pieces say, all with the span's interval. */
class FiringRecordsTest {

    @Test
    void eachFiringOfASpanGetsItsRangesAndTheSpansInterval() throws Exception {
        Workflow wf = Workflow.builder("w")
                .actor("src", TestActors.emit(Integer.class, List.of(1, 2, 3)))
                .actor("p", TestActors.map(Integer.class, Integer.class, x -> x))
                .actor("sink", TestActors.collect(Integer.class))
                .connect("src.out", "p.in")
                .connect("p.out", "sink.in")
                .build();
        // Firings 5 to 7 of p take a token each; firing 6 puts two.
        ListedSpan span = ListedSpan.ofMoved(5, 100, 200, 1, new long[] {10, 20}, new long[][] {{1, 0}, {1, 2}, {1, 0}}, false);

        assertThat(FiringRecords.of(wf, "p", span)).containsExactly(
                new FiringRecord("p", 5, 100, 200, List.of(new PortRange("in", "src.out", 10, 11)), List.of()),
                new FiringRecord("p", 6, 100, 200, List.of(new PortRange("in", "src.out", 11, 12)),
                        List.of(new PortRange("out", "p.out", 20, 22))),
                new FiringRecord("p", 7, 100, 200, List.of(new PortRange("in", "src.out", 12, 13)), List.of()));
    }
}
