package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.run.ActorSnapshot;
import io.sluice.run.ActorState;
import io.sluice.run.ChannelSnapshot;
import io.sluice.run.RunPhase;
import io.sluice.run.RunSnapshot;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProgressLineTest {
    @TempDir
    Path dir;

    private static RunSnapshot snapshot(double seconds, long sourceWritten, long deepDepth) {
        return new RunSnapshot("r", RunPhase.RUNNING, Duration.ofMillis((long) (seconds * 1000)),
                List.of(new ActorSnapshot("source", ActorState.FIRING, null, sourceWritten, Duration.ZERO, Duration.ZERO, Duration.ZERO)),
                List.of(new ChannelSnapshot("source.out", sourceWritten, Map.of("split.in", sourceWritten - 10), 10, -1, 1000.0),
                        new ChannelSnapshot("mergesort.a", 5000, Map.of("mergesort.a_in", 5000 - deepDepth), deepDepth, -1, 234.5)));
    }

    @Test
    void aLineTellsTimeTokensRateDeepestChannelAndTheKnownSourcesShareWithTimeLeft() {
        ProgressLine line = new ProgressLine(new PrintWriter(new StringWriter()), "source.out", 10_000);

        assertThat(line.line(snapshot(12.5, 2_500, 250)))
                .isEqualTo("  12.5 s · 7,500 tokens · 1,235/s · deepest mergesort.a 250 · source 25%, ~38 s left");
        assertThat(line.line(snapshot(40, 10_000, 0))).isEqualTo("  40.0 s · 15,000 tokens · 1,235/s · deepest source.out 10 · source done");
    }

    @Test
    void aSourceOfUnknownSizeGetsNoShareAndALineNeverExceedsItsWidth() {
        ProgressLine unknown = new ProgressLine(new PrintWriter(new StringWriter()), null, 0);
        assertThat(unknown.line(snapshot(1, 100, 50))).isEqualTo("   1.0 s · 5,100 tokens · 1,235/s · deepest mergesort.a 50");

        String longName = "c".repeat(120);
        RunSnapshot wide = new RunSnapshot("r", RunPhase.RUNNING, Duration.ofSeconds(1), List.of(),
                List.of(new ChannelSnapshot(longName, 10, Map.of("x.in", 0L), 10, -1, 0)));
        assertThat(unknown.line(wide)).hasSizeLessThanOrEqualTo(ProgressLine.MAX_WIDTH).doesNotContain(longName);
    }

    @Test
    void runAlwaysDrawsTheLineInPlaceAndErasesItBeforeTheSummary() {
        Sluice.Outcome outcome = Sluice.run(dir, "run", "mergesort", "--tokens", "200000", "--work", "w", "--progress", "always",
                "--no-provenance");

        assertThat(outcome.code()).as("stderr: %s", outcome.err()).isZero();
        String out = outcome.out();
        assertThat(out).contains("\r").contains(" tokens · ").contains("\r\033[K");
        int erased = out.lastIndexOf("\r\033[K");
        String summary = out.substring(erased + 4);
        assertThat(summary).startsWith("mergesort: 200000 tokens in ").endsWith(System.lineSeparator());
        assertThat(summary.lines()).hasSize(1);
    }

    @Test
    void autoDrawsNothingWhenTheOutputIsNotATerminal() {
        Sluice.Outcome outcome = Sluice.run(dir, "run", "filter", "--tokens", "1000", "--work", "w");

        assertThat(outcome.summary()).startsWith("filter: 1000 tokens in ");
        assertThat(outcome.out()).doesNotContain("\r");
    }
}
