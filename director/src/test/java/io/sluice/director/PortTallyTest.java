package io.sluice.director;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A port's tally over spans of one firing and of several, in either order: what each span moved,
 * and the pieces a span of several firings leaves for the sweep. Tokens are counted as a binding
 * counts them ({@link InputBinding#count}).
 */
class PortTallyTest {
    private final PortTally tally = new PortTally();
    private long count;
    private long nextFiring;

    /** Firing {@code firing} moves {@code tokens} tokens on the port. */
    private void move(long firing, int tokens) {
        for (int i = 0; i < tokens; i++) {
            if (firing != nextFiring) {
                tally.note(firing, count);
            }
            nextFiring = firing + 1;
            count++;
        }
    }

    @Test
    void aSpanOfOneFiringMovesAllItsTokensAndLeavesNoPieces() {
        tally.startSpan(0, 0);
        move(0, 3);
        tally.endOneFiringSpan(count, nextFiring);

        assertThat(tally.moved()).as("tokens of firing 0").isEqualTo(3);
        assertThat(tally.step(0)).as("pieces after a span of one firing").isZero();
        assertThat(tally.next(0)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void aSpanOfSeveralFiringsAfterOneOfOneFiringGivesEachFiringItsTokens() {
        tally.startSpan(0, 0);
        move(0, 3);
        tally.endOneFiringSpan(count, nextFiring);

        move(1, 1);
        move(3, 2);
        move(4, 1);
        tally.endSpan(count, nextFiring);

        assertThat(tally.moved()).as("tokens of firings 1 to 4").isEqualTo(4);
        long[][] stepAndNext = {{1, 1, 2}, {2, 0, 3}, {3, 2, 4}, {4, 1, 5}};
        for (long[] expected : stepAndNext) {
            long f = expected[0];
            assertThat(tally.step(f)).as("tokens of firing %d", f).isEqualTo(expected[1]);
            assertThat(tally.next(f)).as("the firing after %d that may move another number", f).isEqualTo(expected[2]);
        }
    }

    @Test
    void aSpanOfOneFiringAfterOneOfSeveralCountsOnlyItsOwnTokens() {
        tally.startSpan(0, 0);
        move(0, 1);
        move(1, 2);
        tally.endSpan(count, nextFiring);
        assertThat(tally.step(1)).isEqualTo(2);

        move(5, 4);
        tally.endOneFiringSpan(count, nextFiring);

        assertThat(tally.moved()).as("tokens of firing 5").isEqualTo(4);
        assertThat(tally.step(5)).as("pieces for firing 5").isZero();
        assertThat(tally.next(5)).isEqualTo(Long.MAX_VALUE);
    }
}
