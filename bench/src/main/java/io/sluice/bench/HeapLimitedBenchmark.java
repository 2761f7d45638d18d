package io.sluice.bench;

import io.sluice.bench.HeapLimitedReport.Entry;
import io.sluice.bench.HeapLimitedReport.Status;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The heap-limited section: a workflow at growing sizes over each channel setup, every run in a
 * child JVM of its own started with {@code -Xmx} set to the limit (a heap limit is fixed when a
 * JVM starts, so the variants cannot share the harness's JVM). The child is {@link HeapLimitedRun}
 * with this JVM's class path and options, less its heap options; it reports one result line.
 *
 * <p>Sizes run in ascending order, each in {@link HeapLimitedOptions#repeats} rounds in which the
 * channel setups alternate, the order rotating by one per round. A setup that ran out of memory,
 * failed or was killed is not run again. Before each run the free space of the scratch
 * directory's file store is checked against an estimate of what the run writes (scaled from the
 * same setup's last run, else a generous rule of thumb); a run that would not leave
 * {@link HeapLimitedOptions#spareBytes} free is skipped, and the report says so. Each run's directory is deleted by the child; a killed child's directory by this class.
 */
final class HeapLimitedBenchmark {
    /**
     * Bytes a mergesort run writes per token per merge pass when nothing has been measured yet:
     * about 30 bytes of excerpts per word and pass (A or B, plus half again through T, each word's
     * marker included) with room to spare.
     */
    static final long ESTIMATE_BYTES_PER_TOKEN_PASS = 40;

    private final BenchmarkOptions options;
    private final HeapLimitedOptions heap;
    private final PrintStream log;
    private final Map<String, Entry> previous = new HashMap<>();

    private HeapLimitedBenchmark(BenchmarkOptions options, PrintStream log) {
        this.options = options;
        this.heap = options.heapLimited();
        this.log = log;
    }

    static HeapLimitedReport run(BenchmarkOptions options, PrintStream log) throws IOException, InterruptedException {
        return new HeapLimitedBenchmark(options, log).run();
    }

    private HeapLimitedReport run() throws IOException, InterruptedException {
        long start = System.nanoTime();
        Path scratch = options.scratchDirectory();
        Files.createDirectories(scratch);
        long freeAtStart = Files.getFileStore(scratch).getUsableSpace();
        log.printf(Locale.ROOT, "heap-limited: %s at %s words over %s, -Xmx%s, one child JVM per run; %s free on %s%n",
                heap.workflow(), heap.sizes(), heap.channels(), heap.heap(), Format.bytes(freeAtStart), scratch);
        List<Entry> entries = new ArrayList<>();
        List<String> channels = heap.channels();
        int round = 0;
        for (long tokens : heap.sizes()) {
            for (int r = 0; r < heap.repeats(); r++, round++) {
                for (int i = 0; i < channels.size(); i++) {
                    String setup = channels.get((i + round) % channels.size());
                    Entry e = runOrSkip(setup, tokens);
                    entries.add(e);
                    if (e.status() != Status.SKIPPED) {
                        // A skipped run keeps what the last run found: a failure goes on stopping the setup.
                        previous.put(setup, e);
                    }
                    log.printf(Locale.ROOT, "heap-limited %-11s %,12d words%s: %-16s %9.1f s  %,10.0f tok/s  heap peak %s  disk %s%s%n",
                            setup, tokens, heap.repeats() > 1 ? " (run " + (r + 1) + "/" + heap.repeats() + ")" : "",
                            e.status().label, Measurement.seconds(e.wall()),
                            e.status() == Status.OK ? e.tokensPerSecond() : 0.0, Format.bytes(e.heapPeak()),
                            Format.bytes(Math.max(0, e.diskAllocatedBytes())),
                            e.status() == Status.OK ? "" : "  " + e.message());
                }
            }
        }
        return new HeapLimitedReport(heap, entries, Duration.ofNanos(System.nanoTime() - start), freeAtStart);
    }

    private Entry runOrSkip(String setup, long tokens) throws IOException, InterruptedException {
        Entry before = previous.get(setup);
        if (before != null && before.status() == Status.OOM) {
            return skipped(setup, tokens, "ran out of memory at " + Format.count(before.tokens()) + " words");
        }
        if (before != null && before.status() == Status.FAILED) {
            return skipped(setup, tokens, "failed at " + Format.count(before.tokens()) + " words");
        }
        if (before != null && before.status() == Status.TIMEOUT) {
            return skipped(setup, tokens, "took too long at " + Format.count(before.tokens()) + " words");
        }
        long needed = estimateDisk(setup, tokens);
        long free = Files.getFileStore(options.scratchDirectory()).getUsableSpace();
        if (free - needed < heap.spareBytes()) {
            return skipped(setup, tokens, "not enough disk: it needs about " + Format.bytes(needed) + ", "
                    + Format.bytes(free) + " free, and " + Format.bytes(heap.spareBytes()) + " must stay free");
        }
        return runChild(setup, tokens);
    }

    private Entry skipped(String setup, long tokens, String why) {
        return new Entry(setup, tokens, Status.SKIPPED, Duration.ZERO, Duration.ZERO, -1, -1, 0, why);
    }

    /**
     * What a run will write: the same setup's last run scaled by n log n, with half again for
     * safety; else {@link #ESTIMATE_BYTES_PER_TOKEN_PASS} per token and merge pass. Memory channels
     * write only the sink's file.
     */
    long estimateDisk(String setup, long tokens) {
        Entry before = previous.get(setup);
        long measured = before == null ? -1 : Math.max(before.diskBytes(), before.diskAllocatedBytes());
        if (before != null && before.status() == Status.OK && measured > 0) {
            double scale = (tokens * log2(tokens)) / (before.tokens() * log2(before.tokens()));
            return (long) (measured * scale * 1.5);
        }
        if (setup.startsWith("memory")) {
            return tokens * 16;
        }
        return (long) (tokens * Math.max(1, log2(tokens)) * ESTIMATE_BYTES_PER_TOKEN_PASS);
    }

    private static double log2(long n) {
        return Math.log(Math.max(2, n)) / Math.log(2);
    }

    private Entry runChild(String setup, long tokens) throws IOException, InterruptedException {
        Path runScratch = Files.createTempDirectory(options.scratchDirectory(), "sluice-heap-child-");
        Path stdout = runScratch.resolve("stdout.txt");
        Path stderr = runScratch.resolve("stderr.txt");
        List<String> command = childCommand(setup, tokens, runScratch.resolve("runs"));
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
        try {
            // The child stops its own run at the timeout; give it a minute more to report.
            boolean ended = p.waitFor(heap.timeout().toSeconds() + 60, TimeUnit.SECONDS);
            Duration elapsed = Duration.ofNanos(System.nanoTime() - t0);
            if (!ended) {
                p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
                return new Entry(setup, tokens, Status.TIMEOUT, elapsed, Duration.ZERO, -1, -1, 0,
                        "the child JVM was killed after " + Format.duration(elapsed));
            }
            Map<String, String> result = null;
            for (String line : Files.readAllLines(stdout, StandardCharsets.UTF_8)) {
                Map<String, String> fields = HeapLimitedRun.parse(line);
                if (fields != null) {
                    result = fields;
                }
            }
            if (result == null) {
                return new Entry(setup, tokens, crashStatus(stderr), elapsed, Duration.ZERO, -1, -1, 0,
                        "the child JVM exited with status " + p.exitValue() + " without a result; its last error output: "
                                + lastLines(stderr));
            }
            return entry(setup, tokens, result);
        } finally {
            if (p.isAlive()) {
                p.destroyForcibly();
            }
            WorkflowBenchmark.deleteRecursively(runScratch);
        }
    }

    private static Status crashStatus(Path stderr) throws IOException {
        return Files.exists(stderr) && Files.readString(stderr, StandardCharsets.UTF_8).contains("OutOfMemoryError")
                ? Status.OOM : Status.FAILED;
    }

    private static String lastLines(Path file) throws IOException {
        if (!Files.exists(file)) {
            return "(none)";
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                .filter(l -> !l.contains(" INFO ")).toList();
        return Failures.oneLine(String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size())));
    }

    private static Entry entry(String setup, long tokens, Map<String, String> r) {
        Status status = switch (r.getOrDefault("outcome", "FAILED")) {
            case "OK" -> Status.OK;
            case "OOM" -> Status.OOM;
            case "WRONG" -> Status.WRONG;
            default -> Status.FAILED;
        };
        return new Entry(setup, tokens, status, Duration.ofNanos(number(r, "wall-ns")), Duration.ofNanos(number(r, "cpu-ns")),
                number(r, "disk"), number(r, "disk-allocated"), number(r, "heap-peak"), r.getOrDefault("message", ""));
    }

    private static long number(Map<String, String> r, String key) {
        try {
            return Long.parseLong(r.getOrDefault(key, "-1"));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** This JVM's java, its options less heap sizes (and debugger agents), the limit, its class path. */
    List<String> childCommand(String setup, long tokens, Path scratch) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.startsWith("-Xmx") || arg.startsWith("-Xms") || arg.startsWith("-XX:MaxHeapSize")
                    || arg.startsWith("-XX:InitialHeapSize") || arg.startsWith("-agentlib:jdwp")
                    || arg.startsWith("-XX:MaxRAM")) {
                continue;
            }
            command.add(arg);
        }
        command.add("-Xmx" + heap.heap());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(HeapLimitedRun.class.getName());
        command.add(heap.workflow());
        command.add(heap.director());
        command.add(setup);
        command.add(Long.toString(tokens));
        command.add(Long.toString(options.seed()));
        command.add(scratch.toString());
        command.add(Long.toString(heap.timeout().toSeconds()));
        return command;
    }
}
