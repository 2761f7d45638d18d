package io.sluice.director;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A port's tally over spans of one firing and of several, in either order: what each span moved,
 * and the pieces it leaves for the logs. Tokens are counted as a binding counts them
 * ({@link InputBinding#count}).
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

    /** The span's pieces as {first firing, end firing, step} triples. */
    private List<List<Long>> pieces() {
        List<List<Long>> out = new ArrayList<>();
        for (int k = 0; k < tally.pieces(); k++) {
            out.add(List.of(tally.pieceFirst(k), tally.pieceEnd(k), tally.pieceStep(k)));
        }
        return out;
    }

    @Test
    void aSpanOfOneFiringMovesAllItsTokensInOnePiece() {
        tally.startSpan(0, 0);
        move(0, 3);
        tally.endOneFiringSpan(count, nextFiring, 0);

        assertThat(tally.moved()).as("tokens of firing 0").isEqualTo(3);
        assertThat(pieces()).containsExactly(List.of(0L, 1L, 3L));
    }

    @Test
    void aSpanOfOneFiringThatMovedNothingHasNoPiece() {
        tally.startSpan(0, 0);
        tally.endOneFiringSpan(count, nextFiring, 0);

        assertThat(tally.moved()).isZero();
        assertThat(pieces()).isEmpty();
    }

    @Test
    void aSpanOfSeveralFiringsAfterOneOfOneFiringGivesEachFiringItsTokens() {
        tally.startSpan(0, 0);
        move(0, 3);
        tally.endOneFiringSpan(count, nextFiring, 0);

        move(1, 1);
        move(3, 2);
        move(4, 1);
        tally.endSpan(count, nextFiring);

        assertThat(tally.moved()).as("tokens of firings 1 to 4").isEqualTo(4);
        assertThat(pieces()).as("firing 1 one token, 2 none, 3 two, 4 one")
                .containsExactly(List.of(1L, 2L, 1L), List.of(3L, 4L, 2L), List.of(4L, 5L, 1L));
    }

    @Test
    void firingsThatEachMoveOneTokenAreOnePiece() {
        tally.startSpan(0, 0);
        for (int f = 0; f < 100; f++) {
            move(f, 1);
        }
        move(102, 1);
        tally.endSpan(count, nextFiring);

        assertThat(pieces()).containsExactly(List.of(0L, 100L, 1L), List.of(102L, 103L, 1L));
    }

    @Test
    void aSpanWhoseFirstTokenIsNotedIsStillOnePieceWhenItsFiringsEachMoveOne() {
        tally.startSpan(0, 0);
        move(2, 1);
        move(3, 1);
        move(4, 1);
        tally.endSpan(count, nextFiring);

        assertThat(pieces()).containsExactly(List.of(2L, 5L, 1L));
    }

    @Test
    void aSpanOfOneFiringAfterOneOfSeveralCountsOnlyItsOwnTokens() {
        tally.startSpan(0, 0);
        move(0, 1);
        move(1, 2);
        tally.endSpan(count, nextFiring);
        assertThat(pieces()).containsExactly(List.of(0L, 1L, 1L), List.of(1L, 2L, 2L));

        move(5, 4);
        tally.endOneFiringSpan(count, nextFiring, 5);

        assertThat(tally.moved()).as("tokens of firing 5").isEqualTo(4);
        assertThat(pieces()).containsExactly(List.of(5L, 6L, 4L));
    }
}
