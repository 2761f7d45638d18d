package io.sluice.cli;

import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelStats;
import io.sluice.run.RunResult;
import io.sluice.samples.LineSink;
import io.sluice.workflow.ActorNode;
import io.sluice.workflow.ChannelDefinition;
import io.sluice.workflow.Workflow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The one line {@code sluice run} prints on success, e.g.
 * {@code mergesort: 1000000 tokens in 2.84 s (352250 tokens/s), peak channel depth 2000000
 * (mergesort.a), director data, channels memory, result sluice-work/mergesort/result.txt}. The
 * deepest channel's name is followed by the capacities the run kept it within, if it bounded it:
 * {@code (mergesort.a, capacity 2048 tokens and 16 MiB)}; a capacity may have grown to end an
 * artificial deadlock.
 *
 * <p>Tokens are those written by the sources (actors without input ports); the result files are
 * those of the workflow's {@link LineSink}s that exist after the run, shown under the work
 * directory as the user gave it.
 *
 * @param workflow the workflow's name; for a part of a split run, followed by its actors, e.g. {@code mergesort [sink]}
 * @param tokens tokens written by the sources; -1 for a part of a split run, not shown
 * @param duration how long the run took
 * @param deepest the channel that held the most tokens at once, if there are channels
 * @param director the director's name
 * @param channels the channel policy's name
 * @param results the files the workflow wrote, as shown to the user
 */
record RunSummary(String workflow, long tokens, Duration duration, Optional<ChannelStats> deepest, String director,
        String channels, List<Path> results) {

    RunSummary {
        results = List.copyOf(results);
    }

    /**
     * Summarises a completed run.
     *
     * @param shownWorkDirectory the work directory as the user gave it (or the default)
     * @param workDirectory the same, resolved against the current directory
     */
    static RunSummary of(Workflow workflow, RunResult result, String channels, Path shownWorkDirectory,
            Path workDirectory) {
        boolean part = result.actors().size() < workflow.actors().size();
        // A part of a split run is named with its actors; its sources, if any, are not the whole run's.
        String name = !part ? workflow.name()
                : workflow.name() + " [" + result.actors().stream().map(a -> a.actor()).collect(Collectors.joining(",")) + "]";
        return new RunSummary(name, part ? -1 : sourceTokens(workflow, result), result.duration(),
                result.deepestChannel(), result.director(), channels,
                resultFiles(workflow, shownWorkDirectory, workDirectory));
    }

    /** The sum of tokens written on the channels whose writer has no input ports. */
    static long sourceTokens(Workflow workflow, RunResult result) {
        Set<String> sources = workflow.actors().stream()
                .filter(a -> a.inputs().isEmpty())
                .map(ActorNode::name)
                .collect(Collectors.toSet());
        Set<String> sourceChannels = workflow.channels().stream()
                .filter(c -> sources.contains(c.writer().actor()))
                .map(ChannelDefinition::name)
                .collect(Collectors.toSet());
        return result.channels().stream()
                .filter(c -> sourceChannels.contains(c.channel()))
                .mapToLong(ChannelStats::tokensWritten)
                .sum();
    }

    /** The files of the workflow's line sinks that exist, in actor order. */
    private static List<Path> resultFiles(Workflow workflow, Path shownWorkDirectory, Path workDirectory) {
        return workflow.actors().stream()
                .map(ActorNode::actor)
                .filter(LineSink.class::isInstance)
                .map(sink -> ((LineSink) sink).fileName())
                .filter(file -> Files.isRegularFile(workDirectory.resolve(file)))
                .map(shownWorkDirectory::resolve)
                .distinct()
                .toList();
    }

    /** {@code ", capacity 1024 tokens and 16 MiB"}: the bounds the run kept a channel within at the end; empty if none. */
    static String capacities(ChannelStats c) {
        List<String> bounds = new java.util.ArrayList<>();
        if (c.capacity() != ChannelSpec.UNBOUNDED) {
            bounds.add(c.capacity() + " tokens");
        }
        if (c.capacityBytes() != ChannelSpec.UNBOUNDED_BYTES) {
            bounds.add(bytes(c.capacityBytes()));
        }
        return bounds.isEmpty() ? "" : ", capacity " + String.join(" and ", bounds);
    }

    /** {@code bytes} in the largest of GiB, MiB, KiB that it is a whole number of, else in bytes. */
    static String bytes(long bytes) {
        String[] units = {"GiB", "MiB", "KiB"};
        for (int i = 0; i < units.length; i++) {
            int shift = 30 - 10 * i;
            if (bytes >= 1L << shift && bytes % (1L << shift) == 0) {
                return (bytes >> shift) + " " + units[i];
            }
        }
        return bytes + " bytes";
    }

    /** The summary line, without a line separator. */
    String line() {
        double seconds = duration.toNanos() / 1e9;
        long rate = seconds > 0 ? Math.round(tokens / seconds) : 0;
        StringBuilder line = new StringBuilder();
        if (tokens < 0) {
            line.append(String.format(Locale.ROOT, "%s: done in %.2f s, ", workflow, seconds));
        } else {
            line.append(String.format(Locale.ROOT, "%s: %d tokens in %.2f s (%d tokens/s), ", workflow, tokens, seconds, rate));
        }
        line.append(deepest.map(c -> "peak channel depth " + c.peakDepth() + " (" + c.channel() + capacities(c) + ")")
                .orElse("peak channel depth 0 (no channels)"));
        line.append(", director ").append(director).append(", channels ").append(channels);
        if (!results.isEmpty()) {
            line.append(results.size() == 1 ? ", result " : ", results ")
                    .append(results.stream().map(Path::toString).collect(Collectors.joining(", ")));
        }
        return line.toString();
    }
}
