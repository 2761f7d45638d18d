package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.channel.SeekableChannelReader;
import io.sluice.channels.PersistentChannels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sluice run --resume}: a run stopped half-way (here by its timeout, which leaves its
 * channels cut off as a killed process does, without their end) is continued, and its result and
 * every channel equal those of a run that was never stopped.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ResumeRunTest {
    @TempDir
    Path dir;

    @Test
    void aStoppedMergesortResumesToTheResultOfAnUninterruptedOne() throws Exception {
        Sluice.run(dir, "run", "mergesort", "--tokens", "200000", "--work", "ref").summary();
        Sluice.Outcome stopped = Sluice.run(dir, "run", "mergesort", "--tokens", "200000", "--work", "w", "--timeout", "0.2");
        assertThat(stopped.code()).as("the first run is cut off; stderr: %s", stopped.err()).isEqualTo(Main.FAILED);
        assertThat(Files.exists(dir.resolve("w/result.txt")) ? Files.readAllLines(dir.resolve("w/result.txt")).size() : 0)
                .as("lines of result.txt after the cut-off run").isLessThan(200_000);

        Sluice.Outcome resumed = Sluice.run(dir, "run", "mergesort", "--tokens", "200000", "--work", "w", "--resume");
        assertThat(resumed.code()).as("stderr: %s", resumed.err()).isEqualTo(Main.OK);
        List<String> out = resumed.out().lines().toList();
        assertThat(out).hasSize(2);
        assertThat(out.get(0)).startsWith("resumed: ").contains("firings replayed from the first").contains("verified and skipped");
        assertThat(out.get(1)).contains("mergesort: 200000 tokens");

        assertThat(Files.readAllLines(dir.resolve("w/result.txt"))).isEqualTo(Files.readAllLines(dir.resolve("ref/result.txt")));
        List<String> channels = channelNames(dir.resolve("ref/channels"));
        assertThat(channelNames(dir.resolve("w/channels"))).isEqualTo(channels);
        for (String c : channels) {
            assertThat(contents(dir.resolve("w/channels").resolve(c))).as("channel %s", c)
                    .isEqualTo(contents(dir.resolve("ref/channels").resolve(c)));
            assertThat(PersistentChannels.describe(dir.resolve("w/channels").resolve(c)).ended()).as("channel %s ended", c).isTrue();
        }
        assertThat(withoutTimes(Sluice.run(dir, "prov", "stats", "w").out())).as("the resumed run's provenance is whole")
                .isEqualTo(withoutTimes(Sluice.run(dir, "prov", "stats", "ref").out()));
        assertThat(Sluice.run(dir, "prov", "lineage", "w", "--line", "4242").out())
                .isEqualTo(Sluice.run(dir, "prov", "lineage", "ref", "--line", "4242").out().replace("ref/", "w/"));
    }

    @Test
    void resumingMemoryChannelsIsAUsageError() {
        Sluice.run(dir, "run", "filter", "--tokens", "10", "--channels", "memory", "--resume").isUsageError();
    }

    /** {@code prov stats} without its last column, the time each actor was busy. */
    private static List<String> withoutTimes(String stats) {
        return stats.lines().map(l -> l.replaceAll("\\s+\\S+$", "")).toList();
    }

    private static List<String> channelNames(Path channels) throws Exception {
        try (Stream<Path> s = Files.list(channels)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static List<Object> contents(Path channel) throws Exception {
        List<Object> out = new ArrayList<>();
        try (SeekableChannelReader<?> reader = PersistentChannels.openReader(channel)) {
            for (Object t; (t = reader.take()) != null; ) {
                out.add(t);
            }
        }
        return out;
    }
}
