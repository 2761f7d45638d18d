package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.channel.SeekableChannelReader;
import io.sluice.channel.local.PersistentChannels;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Compares what two runs of the same workflow left in their work directories. */
final class RunDirectories {
    private RunDirectories() {}

    /**
     * Asserts that the run in {@code work} left what the uninterrupted run in {@code reference}
     * left: the same {@code result.txt}, the same channels, each with the same tokens and ended,
     * the same provenance statistics (less the times) and the same lineage of line
     * {@code lineageLine} of the result.
     *
     * @param dir the directory both work directories are in, named relative to it
     */
    static void assertSameAs(Path dir, String reference, String work, int lineageLine) throws IOException {
        Path ref = dir.resolve(reference);
        Path w = dir.resolve(work);
        assertThat(Files.readAllLines(w.resolve("result.txt"))).as("result.txt of %s", work)
                .isEqualTo(Files.readAllLines(ref.resolve("result.txt")));
        assertSameChannelsAndStats(dir, reference, work);
        String line = Integer.toString(lineageLine);
        assertThat(Sluice.run(dir, "prov", "lineage", work, "--line", line).out()).as("lineage of line %s in %s", line, work)
                .isEqualTo(Sluice.run(dir, "prov", "lineage", reference, "--line", line).out()
                        .replace(reference + "/", work + "/"));
    }

    /**
     * Asserts that the run in {@code work} left the channels of the run in {@code reference}, each
     * with the same tokens and ended, and the same provenance statistics (less the times).
     */
    static void assertSameChannelsAndStats(Path dir, String reference, String work) throws IOException {
        Path ref = dir.resolve(reference);
        Path w = dir.resolve(work);
        List<String> channels = channelNames(ref.resolve(RunOptions.CHANNELS_DIRECTORY));
        assertThat(channelNames(w.resolve(RunOptions.CHANNELS_DIRECTORY))).as("channels of %s", work).isEqualTo(channels);
        for (String c : channels) {
            Path channel = w.resolve(RunOptions.CHANNELS_DIRECTORY).resolve(c);
            assertThat(contents(channel)).as("tokens of channel %s in %s", c, work)
                    .isEqualTo(contents(ref.resolve(RunOptions.CHANNELS_DIRECTORY).resolve(c)));
            assertThat(PersistentChannels.describe(channel).ended()).as("channel %s of %s ended", c, work).isTrue();
        }
        assertThat(withoutTimes(Sluice.run(dir, "prov", "stats", work).out())).as("provenance statistics of %s", work)
                .isEqualTo(withoutTimes(Sluice.run(dir, "prov", "stats", reference).out()));
    }

    /** {@code prov stats} without its last column, the time each actor was busy. */
    private static List<String> withoutTimes(String stats) {
        return stats.lines().map(l -> l.replaceAll("\\s+\\S+$", "")).toList();
    }

    private static List<String> channelNames(Path channels) throws IOException {
        try (Stream<Path> s = Files.list(channels)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static List<Object> contents(Path channel) {
        List<Object> out = new ArrayList<>();
        try (SeekableChannelReader<?> reader = PersistentChannels.openReader(channel)) {
            for (Object t; (t = reader.take()) != null; ) {
                out.add(t);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while reading " + channel, e);
        }
        return out;
    }
}
