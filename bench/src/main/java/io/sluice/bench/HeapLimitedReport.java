package io.sluice.bench;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What the heap-limited section found.
 *
 * @param options what it ran
 * @param entries one per run (or skipped run) of a size and channel setup, in run order
 * @param took how long the section took
 * @param freeDiskAtStart usable bytes on the scratch directory's file store when it started
 */
record HeapLimitedReport(HeapLimitedOptions options, List<Entry> entries, Duration took, long freeDiskAtStart) {

    HeapLimitedReport {
        entries = List.copyOf(entries);
    }

    /** How a run ended, or why it did not run. */
    enum Status {
        OK("completed"),
        OOM("OutOfMemoryError"),
        WRONG("wrong result"),
        FAILED("failed"),
        TIMEOUT("killed: too slow"),
        SKIPPED("not run");

        final String label;

        Status(String label) {
            this.label = label;
        }
    }

    /**
     * One child JVM's run, or a run that was skipped.
     *
     * @param channels the channel setup
     * @param tokens source words
     * @param status how it ended
     * @param wall wall time of {@code Director.run} (until the failure, for a failed run)
     * @param cpu CPU time of the child JVM during the run
     * @param diskBytes apparent size of the run's files, -1 if unknown
     * @param diskAllocatedBytes blocks allocated to them ({@code du}), -1 if unknown
     * @param heapPeak the most heap in use, sampled every 50 ms
     * @param message what happened, or why it was skipped
     */
    record Entry(String channels, long tokens, Status status, Duration wall, Duration cpu, long diskBytes,
            long diskAllocatedBytes, long heapPeak, String message) {

        double nanosPerToken() {
            return (double) wall.toNanos() / tokens;
        }

        double tokensPerSecond() {
            return tokens / (wall.toNanos() / 1e9);
        }
    }

    /** The runs of a channel setup at a size, in run order, skipped ones included. */
    List<Entry> runs(String channels, long tokens) {
        return entries.stream().filter(e -> e.channels().equals(channels) && e.tokens() == tokens).toList();
    }

    /**
     * What the report shows for a channel setup at a size. For one run, that run. For repeated
     * runs: the first that ran and did not complete, if any (one failure is the outcome); else, if
     * some completed, their median time and CPU time (of an even number, the mean of the middle
     * two), with the largest heap peak and disk of them, and the first one's message; else the
     * first run, skipped.
     */
    Optional<Entry> entry(String channels, long tokens) {
        List<Entry> runs = runs(channels, tokens);
        if (runs.size() <= 1) {
            return runs.stream().findFirst();
        }
        Optional<Entry> failed = runs.stream().filter(e -> e.status() != Status.OK && e.status() != Status.SKIPPED).findFirst();
        if (failed.isPresent()) {
            return failed;
        }
        List<Entry> ok = runs.stream().filter(e -> e.status() == Status.OK).toList();
        if (ok.isEmpty()) {
            return Optional.of(runs.get(0));
        }
        Entry first = ok.get(0);
        return Optional.of(new Entry(channels, tokens, Status.OK, median(ok.stream().map(Entry::wall).toList()),
                median(ok.stream().map(Entry::cpu).toList()), ok.stream().mapToLong(Entry::diskBytes).max().orElse(-1),
                ok.stream().mapToLong(Entry::diskAllocatedBytes).max().orElse(-1), ok.stream().mapToLong(Entry::heapPeak).max().orElse(-1),
                first.message()));
    }

    /** {@link VariantSummary#median} of durations, to the nanosecond below. */
    private static Duration median(List<Duration> values) {
        return Duration.ofNanos((long) VariantSummary.median(values.stream().mapToDouble(Duration::toNanos).toArray()));
    }

    /**
     * Time per token at the largest size over time per token at the smallest, for a channel setup
     * that completed at both; empty otherwise.
     */
    Optional<Double> growth(String channels) {
        List<Long> sizes = options.sizes();
        if (sizes.size() < 2) {
            return Optional.empty();
        }
        Optional<Entry> small = entry(channels, sizes.get(0)).filter(e -> e.status() == Status.OK);
        Optional<Entry> large = entry(channels, sizes.get(sizes.size() - 1)).filter(e -> e.status() == Status.OK);
        if (small.isEmpty() || large.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(large.get().nanosPerToken() / small.get().nanosPerToken());
    }
}
