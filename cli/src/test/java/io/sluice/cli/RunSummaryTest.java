package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.channel.ChannelStats;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RunSummaryTest {

    @Test
    void lineNamesEverything() {
        RunSummary summary = new RunSummary("mergesort", 1_000_000, Duration.ofMillis(2839),
                Optional.of(new ChannelStats("mergesort.a", 5_000_000, 2_000_000, Integer.MAX_VALUE)), "data", "memory",
                List.of(Path.of("sluice-work", "mergesort", "result.txt")));
        assertThat(summary.line()).isEqualTo("mergesort: 1000000 tokens in 2.84 s (352237 tokens/s), "
                + "peak channel depth 2000000 (mergesort.a), director data, channels memory, result "
                + Path.of("sluice-work", "mergesort", "result.txt"));
    }

    @Test
    void aBoundedDeepestChannelShowsTheCapacitiesItWasKeptWithin() {
        RunSummary summary = new RunSummary("filter", 10, Duration.ofSeconds(1),
                Optional.of(new ChannelStats("filter.out", 10, 2048, 2048, 16L << 20)), "data", "memory", List.of());
        assertThat(summary.line()).isEqualTo("filter: 10 tokens in 1.00 s (10 tokens/s), "
                + "peak channel depth 2048 (filter.out, capacity 2048 tokens and 16 MiB), director data, channels memory");
        assertThat(RunSummary.capacities(new ChannelStats("c", 1, 1, Integer.MAX_VALUE, 3000))).isEqualTo(", capacity 3000 bytes");
        assertThat(RunSummary.capacities(new ChannelStats("c", 1, 1, 8, Long.MAX_VALUE))).isEqualTo(", capacity 8 tokens");
        assertThat(RunSummary.bytes(64L << 10)).isEqualTo("64 KiB");
        assertThat(RunSummary.bytes(3L << 30)).isEqualTo("3 GiB");
        assertThat(RunSummary.bytes(1536L << 10)).isEqualTo("1536 KiB");
    }

    @Test
    void lineWithoutChannelsOrResultOrTime() {
        RunSummary summary = new RunSummary("empty", 0, Duration.ZERO, Optional.empty(), "demand", "memory", List.of());
        assertThat(summary.line()).isEqualTo(
                "empty: 0 tokens in 0.00 s (0 tokens/s), peak channel depth 0 (no channels), director demand, channels memory");
    }

    @Test
    void severalResults() {
        RunSummary summary = new RunSummary("two", 3, Duration.ofSeconds(1),
                Optional.of(new ChannelStats("s.out", 3, 1, 4)), "data", "memory", List.of(Path.of("a"), Path.of("b")));
        assertThat(summary.line()).endsWith(", results a, b");
    }
}
