package io.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class EventsBenchmarkTest {

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aTinyRunMeasuresEveryVariantAndCaseAndSaysTheMachineWasShared() throws Exception {
        // Each variant must finish: report() fails if a subscription does not get every event.
        String page = EventsBenchmark.report(1, 200, 5_000, 400);

        assertThat(page).contains("The machine was shared", "## Machine", "5,000 events/s");
        for (String variant : new String[] {"transient channel", "transient channel, worker spins 50 µs", "persistent channel",
                "ArrayBlockingQueue hand-off (baseline)"}) {
            assertThat(page).contains("| " + variant + " |");
        }
        for (String c : new String[] {"fan-out 1→64, 64 B", "fan-in 16→1, 64 B", "fan-out 1→64, 50 KB", "fan-in 16→1, 50 KB"}) {
            assertThat(page).contains("| " + c + " |", "| " + c + ": codec floor |");
        }
    }
}
