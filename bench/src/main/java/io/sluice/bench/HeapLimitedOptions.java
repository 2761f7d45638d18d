package io.sluice.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What the heap-limited section of {@link WorkflowBenchmark} runs: one workflow under one
 * director, at each size over each channel setup, each run in a child JVM of its own with a small
 * heap (see {@link HeapLimitedBenchmark}).
 *
 * @param sizes source words per run, ascending; empty to skip the section
 * @param heap the child JVMs' {@code -Xmx}, e.g. {@code 256m}
 * @param workflow the workflow's name
 * @param director the director's name
 * @param channels the channel setups, see {@link Variants#channels}
 * @param timeout how long a child run may take before it is killed
 * @param spareBytes disk to leave free beyond a run's estimated need; a run that would not leave
 *     it is skipped
 * @param repeats how many runs of each size and setup (at least 1): the report takes their median
 *     time, since one run on a shared machine can be slowed by other load
 */
record HeapLimitedOptions(List<Long> sizes, String heap, String workflow, String director, List<String> channels,
        Duration timeout, long spareBytes, int repeats) {

    static final List<Long> DEFAULT_SIZES = List.of(1_000_000L, 5_000_000L, 10_000_000L);
    static final HeapLimitedOptions OFF = new HeapLimitedOptions(List.of(), "256m", "mergesort", "data",
            Variants.DEFAULT_CHANNELS, Duration.ofMinutes(30), 5L << 30, 1);

    HeapLimitedOptions {
        sizes = sizes.stream().sorted().distinct().toList();
        if (sizes.stream().anyMatch(n -> n < 1)) {
            throw new IllegalArgumentException("--heap-limited-sizes must be at least 1, were " + sizes);
        }
        if (!heap.matches("\\d+[kKmMgG]?")) {
            throw new IllegalArgumentException("--heap-limit needs a size such as 256m, got '" + heap + "'");
        }
        Objects.requireNonNull(workflow, "workflow");
        Objects.requireNonNull(director, "director");
        channels = List.copyOf(channels);
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("--heap-limited-timeout-s must be positive");
        }
        if (spareBytes < 0) {
            throw new IllegalArgumentException("--heap-limited-spare-gib must not be negative");
        }
        if (repeats < 1) {
            throw new IllegalArgumentException("--heap-limited-repeats must be at least 1, was " + repeats);
        }
    }

    /** Whether the section runs. */
    boolean enabled() {
        return !sizes.isEmpty();
    }

    HeapLimitedOptions withSizes(List<Long> s) {
        return new HeapLimitedOptions(s, heap, workflow, director, channels, timeout, spareBytes, repeats);
    }

    HeapLimitedOptions withHeap(String h) {
        return new HeapLimitedOptions(sizes, h, workflow, director, channels, timeout, spareBytes, repeats);
    }

    HeapLimitedOptions withWorkflow(String w) {
        return new HeapLimitedOptions(sizes, heap, w, director, channels, timeout, spareBytes, repeats);
    }

    HeapLimitedOptions withDirector(String d) {
        return new HeapLimitedOptions(sizes, heap, workflow, d, channels, timeout, spareBytes, repeats);
    }

    HeapLimitedOptions withChannels(List<String> c) {
        return new HeapLimitedOptions(sizes, heap, workflow, director, c, timeout, spareBytes, repeats);
    }

    HeapLimitedOptions withTimeout(Duration t) {
        return new HeapLimitedOptions(sizes, heap, workflow, director, channels, t, spareBytes, repeats);
    }

    HeapLimitedOptions withSpareBytes(long b) {
        return new HeapLimitedOptions(sizes, heap, workflow, director, channels, timeout, b, repeats);
    }

    HeapLimitedOptions withRepeats(int r) {
        return new HeapLimitedOptions(sizes, heap, workflow, director, channels, timeout, spareBytes, r);
    }

    /** The options that reproduce this section: none if it is off, else what differs from the defaults. */
    List<String> reproducingArguments() {
        List<String> a = new ArrayList<>();
        if (!enabled()) {
            return a;
        }
        HeapLimitedOptions d = OFF;
        if (sizes.equals(DEFAULT_SIZES)) {
            a.add("--heap-limited");
        } else {
            a.addAll(List.of("--heap-limited-sizes", String.join(",", sizes.stream().map(String::valueOf).toList())));
        }
        if (!heap.equals(d.heap)) {
            a.addAll(List.of("--heap-limit", heap));
        }
        if (!workflow.equals(d.workflow)) {
            a.addAll(List.of("--heap-limited-workflow", workflow));
        }
        if (!director.equals(d.director)) {
            a.addAll(List.of("--heap-limited-director", director));
        }
        if (!channels.equals(d.channels)) {
            a.addAll(List.of("--heap-limited-channels", String.join(",", channels)));
        }
        if (!timeout.equals(d.timeout)) {
            a.addAll(List.of("--heap-limited-timeout-s", Long.toString(timeout.toSeconds())));
        }
        if (spareBytes != d.spareBytes) {
            a.addAll(List.of("--heap-limited-spare-gib", Long.toString(spareBytes >> 30)));
        }
        if (repeats != d.repeats) {
            a.addAll(List.of("--heap-limited-repeats", Integer.toString(repeats)));
        }
        return a;
    }
}
