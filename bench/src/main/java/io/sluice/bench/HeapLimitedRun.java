package io.sluice.bench;

import io.sluice.bench.Variant.ChannelSetup;
import io.sluice.bench.Variant.WorkflowCase;
import io.sluice.channel.ChannelStats;
import io.sluice.director.Directors;
import io.sluice.run.Director;
import io.sluice.run.Run;
import io.sluice.run.RunCancelledException;
import io.sluice.run.RunConfig;
import io.sluice.run.RunFailedException;
import io.sluice.run.RunResult;
import io.sluice.workflow.Workflow;
import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The child JVM of the heap-limited section: runs one workflow once, over one channel setup, and
 * prints one result line ({@value #PREFIX} followed by tab-separated {@code key=value} fields) on
 * standard output, whatever happened. Started by {@link HeapLimitedBenchmark} with a small
 * {@code -Xmx}; not meant to be run by hand, though it can be:
 *
 * <pre>
 * java -Xmx256m [Chronicle options] -cp bench/target/benchmarks.jar io.sluice.bench.HeapLimitedRun \
 *     mergesort data direct 1000000 42 /tmp 1800
 * </pre>
 *
 * <p>Arguments: workflow, director, channel setup, tokens, seed, scratch directory, timeout in
 * seconds. The run's work directory is made under the scratch directory and deleted at the end.
 * The JVM exits with status 0 when it printed a result, whatever the outcome, and 2 on bad
 * arguments.
 */
public final class HeapLimitedRun {
    /** Starts the result line. */
    static final String PREFIX = "SLUICE-HEAP-LIMITED-RESULT";

    /** How a child run ended. */
    enum Outcome {
        /** Completed with the whole result. */
        OK,
        /** Ran out of heap. */
        OOM,
        /** Completed, but its result was incomplete. */
        WRONG,
        /** Failed otherwise. */
        FAILED
    }

    private HeapLimitedRun() {}

    public static void main(String[] args) {
        if (args.length != 7) {
            System.err.println("usage: HeapLimitedRun workflow director channels tokens seed scratch-dir timeout-s");
            System.exit(2);
        }
        Map<String, String> result = run(args[0], args[1], args[2], Long.parseLong(args[3]), Long.parseLong(args[4]),
                Path.of(args[5]), Duration.ofSeconds(Long.parseLong(args[6])));
        print(result, System.out);
        System.out.flush();
        // Threads of a failed run may linger; the parent wants this JVM gone.
        System.exit(0);
    }

    /** Runs once and returns the result fields: outcome, wall-ns, cpu-ns, disk, heap-peak, message, ... */
    static Map<String, String> run(String workflowName, String directorName, String channelsName, long tokens, long seed,
            Path scratch, Duration timeout) {
        Map<String, String> out = new LinkedHashMap<>();
        HeapSampler heap = new HeapSampler();
        Path dir = null;
        long t0 = System.nanoTime();
        long cpu0 = cpuNanos();
        try {
            WorkflowCase workflowCase = Variants.WORKFLOWS.get(workflowName);
            if (workflowCase == null) {
                throw new IllegalArgumentException("unknown workflow: " + workflowName);
            }
            ChannelSetup setup = Variants.channels(channelsName);
            Director director = Directors.named(directorName);
            Files.createDirectories(scratch);
            dir = Files.createTempDirectory(scratch, "sluice-heap-");
            Workflow workflow = workflowCase.build(tokens, seed);
            RunConfig config = setup.configure(dir)
                    .runId("heap-" + workflowName + "-" + channelsName + "-" + tokens).timeout(timeout).build();
            t0 = System.nanoTime();
            cpu0 = cpuNanos();
            RunResult result = runOnce(director, workflow, config, heap);
            out.put("wall-ns", Long.toString(System.nanoTime() - t0));
            out.put("cpu-ns", Long.toString(cpuNanos() - cpu0));
            long expected = workflowCase.expected().of(tokens, seed);
            long output = result.channel(workflowCase.outputChannel()).map(ChannelStats::tokensWritten).orElse(-1L);
            if (output == expected) {
                out.put("outcome", Outcome.OK.name());
                out.put("message", Failures.deepest(result));
            } else {
                out.put("outcome", Outcome.WRONG.name());
                out.put("message", "the run completed, but '" + workflowCase.outputChannel() + "' carried " + output
                        + " tokens instead of " + expected + " (channels: " + Failures.counts(result) + ")");
            }
        } catch (Throwable e) {
            out.put("wall-ns", Long.toString(System.nanoTime() - t0));
            out.put("cpu-ns", Long.toString(cpuNanos() - cpu0));
            boolean thrashed = heap.thrashed() && e instanceof RunCancelledException;
            out.put("outcome", (Failures.outOfMemory(e) || thrashed ? Outcome.OOM : Outcome.FAILED).name());
            out.put("message", thrashed ? "out of memory: the collector spent over " + (int) (100 * HeapSampler.THRASH_SHARE)
                    + "% of " + HeapSampler.THRASH_WINDOW_MS / 1000 + " s collecting, and the run was cancelled; "
                    + Failures.describe(e) : Failures.describe(e));
            if (e instanceof RunFailedException rf && rf.result() != null) {
                out.put("source-tokens", Long.toString(rf.result().channel("source.out")
                        .map(ChannelStats::tokensWritten).orElse(-1L)));
            }
        } finally {
            heap.stop();
        }
        out.put("heap-peak", Long.toString(heap.peak()));
        out.put("heap-max", Long.toString(Runtime.getRuntime().maxMemory()));
        try {
            if (dir != null) {
                out.put("disk", Long.toString(WorkflowBenchmark.sizeOf(dir)));
                out.put("disk-allocated", Long.toString(DiskUsage.allocated(dir)));
                WorkflowBenchmark.deleteRecursively(dir);
            }
        } catch (Exception e) {
            out.put("cleanup", Failures.oneLine(e.toString()));
        }
        return out;
    }

    /**
     * Runs the workflow and closes the run. A method of its own so that, when the run fails, nothing
     * on the caller's stack keeps the run's channels reachable while the failure is reported: a run
     * that ran out of memory leaves the heap full until they are collected.
     */
    private static RunResult runOnce(Director director, Workflow workflow, RunConfig config, HeapSampler heap)
            throws RunFailedException, InterruptedException {
        try (Run run = director.start(workflow, config)) {
            heap.start(run);
            return run.await();
        }
    }

    static void print(Map<String, String> fields, PrintStream out) {
        StringBuilder b = new StringBuilder(PREFIX);
        fields.forEach((k, v) -> b.append('\t').append(k).append('=').append(v.replace('\t', ' ').replace('\n', ' ')));
        out.println(b);
    }

    /** The fields of a result line, or null if the line is not one. */
    static Map<String, String> parse(String line) {
        if (!line.startsWith(PREFIX + "\t")) {
            return null;
        }
        Map<String, String> fields = new LinkedHashMap<>();
        for (String part : line.substring(PREFIX.length() + 1).split("\t")) {
            int eq = part.indexOf('=');
            if (eq > 0) {
                fields.put(part.substring(0, eq), part.substring(eq + 1));
            }
        }
        return fields;
    }

    private static long cpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean sun) {
            return Math.max(0, sun.getProcessCpuTime());
        }
        return 0;
    }

    /**
     * Samples the heap in use every 50 ms on a daemon thread and keeps the largest value. It also
     * watches the time spent collecting: a heap too small for the live data does not always end
     * in an {@link OutOfMemoryError} (G1 collects again and again while the run crawls), so a run
     * whose JVM spent more than {@link #THRASH_SHARE} of the last {@link #THRASH_WINDOW_MS} in the
     * collector is cancelled and counted as out of memory, as the Parallel collector's overhead
     * limit would do.
     */
    private static final class HeapSampler {
        static final double THRASH_SHARE = 0.9;
        static final long THRASH_WINDOW_MS = 5_000;
        private static final int SAMPLE_MS = 50;
        private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        private final List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();
        private final long[] gcAt = new long[(int) (THRASH_WINDOW_MS / SAMPLE_MS)];
        private final long[] wallAt = new long[gcAt.length];
        private volatile boolean stop;
        private volatile boolean thrashed;
        private volatile long peak;
        private Thread thread;

        void start(Run run) {
            thread = new Thread(() -> {
                for (long i = 0; !stop; i++) {
                    try {
                        sample();
                        if (thrashing(i)) {
                            thrashed = true;
                            run.cancel();
                            return;
                        }
                    } catch (OutOfMemoryError e) {
                        // A sample allocates; with the heap full it is skipped, and the watch goes on.
                    }
                    try {
                        Thread.sleep(SAMPLE_MS);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "heap-sampler");
            thread.setDaemon(true);
            thread.start();
        }

        private void sample() {
            long used = memory.getHeapMemoryUsage().getUsed();
            if (used > peak) {
                peak = used;
            }
        }

        /** Whether the collector took more than the share of the window that ends now. */
        private boolean thrashing(long i) {
            long gc = 0;
            for (GarbageCollectorMXBean c : collectors) {
                gc += Math.max(0, c.getCollectionTime());
            }
            long wall = System.nanoTime() / 1_000_000;
            int slot = (int) (i % gcAt.length);
            boolean full = i >= gcAt.length;
            long gcBefore = gcAt[slot];
            long wallBefore = wallAt[slot];
            gcAt[slot] = gc;
            wallAt[slot] = wall;
            return full && wall > wallBefore && gc - gcBefore > THRASH_SHARE * (wall - wallBefore);
        }

        boolean thrashed() {
            return thrashed;
        }

        void stop() {
            stop = true;
            if (thread != null) {
                thread.interrupt();
            }
        }

        long peak() {
            return peak;
        }
    }
}
