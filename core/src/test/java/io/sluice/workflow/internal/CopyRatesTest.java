package io.sluice.workflow.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The proportional split of a round among copies by their measured rates. */
class CopyRatesTest {

    @Test
    void unknownRatesSplitEqually() {
        assertThat(new CopyRates(3).split(96)).containsExactly(32, 32, 32);
        assertThat(new CopyRates(3).split(10)).containsExactly(4, 3, 3);
        assertThat(new CopyRates(4).split(2)).containsExactly(1, 1, 0, 0);
    }

    @Test
    void measuredRatesSplitInProportionWithOneTokenEachAtLeast() {
        CopyRates rates = new CopyRates(3);
        rates.measured(0, 10, 1_000_000); // 10 tokens per ms
        rates.measured(1, 30, 1_000_000); // 30
        rates.measured(2, 1, 10_000_000); // 0.1
        int[] shares = rates.split(100);
        assertThat(Arrays.stream(shares).sum()).isEqualTo(100);
        assertThat(shares[2]).isEqualTo(1);
        assertThat(shares[1]).isBetween(3 * shares[0] - 3, 3 * shares[0] + 3);
    }

    @Test
    void aCopyThatSpeedsUpGetsMoreInLaterRounds() {
        CopyRates rates = new CopyRates(2);
        rates.measured(0, 10, 10_000_000);
        rates.measured(1, 10, 1_000_000);
        int before = rates.split(64)[0];
        rates.measured(0, 10, 1_000_000);
        rates.measured(0, 10, 1_000_000);
        assertThat(rates.split(64)[0]).isGreaterThan(before);
    }

    @Test
    void aCopyFarAwayGetsWhatItsLatencyLeavesItTimeFor() {
        CopyRates rates = new CopyRates(2);
        rates.measured(0, 10, 1_000_000); // 10 tokens per ms, here
        rates.measured(1, 10, 1_000_000, 3_000_000); // as fast, 2 ms away
        int[] shares = rates.split(60, new int[] {0, 1});
        // T = (60 + 10 * 2) / 20 = 4 ms: the local copy fires 40, the far one 20 in its 2 ms left
        assertThat(shares).containsExactly(40, 20);
    }

    @Test
    void aCopyWhoseLatencyIsLongerThanTheRoundGetsNothingButAProbeNowAndThen() {
        CopyRates rates = new CopyRates(2);
        rates.measured(0, 10, 1_000_000);
        rates.measured(1, 10, 1_000_000, 11_000_000); // 10 ms away: longer than the 3.2 ms round without it
        int probes = 0;
        for (int round = 0; round < 2 * CopyRates.PROBE_EVERY; round++) {
            int[] shares = rates.split(32, new int[] {0, 1});
            assertThat(shares[0] + shares[1]).isEqualTo(32);
            assertThat(shares[1]).isBetween(0, 1);
            probes += shares[1];
        }
        assertThat(probes).isEqualTo(2);
    }
}
