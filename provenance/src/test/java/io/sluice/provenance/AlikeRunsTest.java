package io.sluice.provenance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.run.FiringSpan;
import io.sluice.testing.ListedSpan;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Sweeping a {@link FiringSpan} into runs of alike firings gives each firing what its ports'
 * pieces say it moved, in runs that each differ from the one before; bad pieces are refused,
 * naming the port and the piece; and {@link AlikeFiringsLog#span}'s default hands the runs to
 * {@link AlikeFiringsLog#runs}.
 */
class AlikeRunsTest {

    /** The span whose firing {@code f} moved {@code moved[f][p]} on port {@code p}, its last firing from 1000 to 2000 ns. */
    private static ListedSpan span(long first, int inputs, long[] from, long[][] moved, boolean piecePerFiring) {
        return ListedSpan.ofMoved(first, 1_000, 2_000, inputs, from, moved, piecePerFiring);
    }

    private static ListedSpan span(long first, int inputs, long[] from, long[][] moved) {
        return span(first, inputs, from, moved, false);
    }

    /** The runs spread out again: what each firing moved on each port. */
    private static long[][] spreadOut(AlikeRuns swept, int runs, int ports) {
        List<long[]> out = new ArrayList<>();
        for (int r = 0; r < runs; r++) {
            for (long k = 0; k < swept.counts()[r]; k++) {
                long[] firing = new long[ports];
                System.arraycopy(swept.steps(), r * ports, firing, 0, ports);
                out.add(firing);
            }
        }
        return out.toArray(long[][]::new);
    }

    @Test
    void aFilterSpanIsARunPerChangeOfItsOutput() {
        // One input taking a token in each of 10 firings; the output passes firings 2, 3 and 7 on.
        long[][] moved = new long[10][];
        for (int f = 0; f < 10; f++) {
            moved[f] = new long[] {1, f == 2 || f == 3 || f == 7 ? 1 : 0};
        }
        AlikeRuns swept = new AlikeRuns();
        int runs = swept.sweep(span(40, 1, new long[] {500, 90}, moved));

        assertThat(runs).isEqualTo(5);
        assertThat(swept.counts()).startsWith(2, 2, 3, 1, 2);
        assertThat(swept.steps()).startsWith(1, 0, 1, 1, 1, 0, 1, 1, 1, 0);
    }

    @Provide
    Arbitrary<long[][]> spans() {
        Arbitrary<Long> step = Arbitraries.frequency(
                net.jqwik.api.Tuple.of(5, 0L), net.jqwik.api.Tuple.of(8, 1L), net.jqwik.api.Tuple.of(2, 3L));
        return Arbitraries.integers().between(0, 4).flatMap(ports -> step.array(long[].class).ofSize(ports)
                .array(long[][].class).ofMinSize(1).ofMaxSize(300));
    }

    @Property(tries = 200)
    void eachFiringGetsWhatItsPiecesSayInRunsThatDiffer(@ForAll("spans") long[][] moved, @ForAll boolean reuse,
            @ForAll boolean piecePerFiring) {
        int ports = moved[0].length;
        AlikeRuns swept = new AlikeRuns();
        if (reuse) {
            // A longer span swept before must leave nothing behind.
            long[][] other = new long[500][ports];
            for (int f = 0; f < other.length; f++) {
                for (int p = 0; p < ports; p++) {
                    other[f][p] = (f + p) % 3;
                }
            }
            swept.sweep(span(0, 0, new long[ports], other));
        }
        int runs = swept.sweep(span(7, Math.min(1, ports), new long[ports], moved, piecePerFiring));

        assertThat(runs).isEqualTo(swept.runs());
        assertThat(spreadOut(swept, runs, ports)).isDeepEqualTo(moved);
        for (int r = 1; r < runs; r++) {
            long[] before = java.util.Arrays.copyOfRange(swept.steps(), (r - 1) * ports, r * ports);
            long[] now = java.util.Arrays.copyOfRange(swept.steps(), r * ports, (r + 1) * ports);
            assertThat(now).as("run %d differs from the one before", r).isNotEqualTo(before);
        }
    }

    @Test
    void piecesOfOneFiringEachAreSweptIntoOneRunPerChange() {
        long[][] moved = {{1, 0}, {1, 0}, {1, 0}, {1, 2}, {1, 2}};
        AlikeRuns swept = new AlikeRuns();
        int runs = swept.sweep(span(0, 1, new long[] {0, 0}, moved, true));

        assertThat(runs).isEqualTo(2);
        assertThat(swept.counts()).startsWith(3, 2);
        assertThat(swept.steps()).startsWith(1, 0, 1, 2);
    }

    @Test
    void piecesThatOverlapLieOutsideTheSpanOrMoveNothingAreRefused() {
        ListedSpan overlapping = span(0, 1, new long[] {0}, new long[][] {{1}, {1}, {1}});
        overlapping.port(0).add(new long[] {1, 2, 1});
        assertThatThrownBy(() -> new AlikeRuns().sweep(overlapping)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("piece 1 of port 0").hasMessageContaining("before the end of the piece before (3)");

        ListedSpan outside = span(0, 1, new long[] {0}, new long[][] {{0}, {0}});
        outside.port(0).add(new long[] {1, 3, 1});
        assertThatThrownBy(() -> new AlikeRuns().sweep(outside)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("piece 0 of port 0 of the span of firings 0 to 1 claims firings 1 to 2");

        ListedSpan nothing = span(0, 1, new long[] {0}, new long[][] {{0}, {0}});
        nothing.port(0).add(new long[] {0, 1, 0});
        assertThatThrownBy(() -> new AlikeRuns().sweep(nothing)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("0 tokens each");
    }

    @Test
    void theDefaultSpanHandsEachFiringToTheLogWithItsPositions() throws Exception {
        List<String> logged = new ArrayList<>();
        AlikeFiringsLog log = (firing, start, end, inputFrom, inputTo, outputFrom, outputTo) -> logged.add(
                firing + ": in " + inputFrom[0] + "-" + inputTo[0] + ", out " + outputFrom[0] + "-" + outputTo[0]
                        + (start == FiringSpan.UNTIMED ? "" : ", " + start + "-" + end));

        log.span(span(3, 1, new long[] {10, 20}, new long[][] {{1, 0}, {1, 2}, {1, 0}}));

        assertThat(logged).containsExactly("3: in 10-11, out 20-20", "4: in 11-12, out 20-22", "5: in 12-13, out 22-22, 1000-2000");
    }
}
