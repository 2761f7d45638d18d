package io.sluice.bench;

import io.sluice.bench.Variant.ChannelSetup;
import io.sluice.bench.Variant.WorkflowCase;
import io.sluice.channel.ChannelStats;
import io.sluice.director.Directors;
import io.sluice.run.Director;
import io.sluice.run.RunConfig;
import io.sluice.run.RunFailedException;
import io.sluice.run.RunResult;
import io.sluice.workflow.Workflow;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
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
            ChannelSetup setup = Variants.CHANNELS.get(channelsName);
            if (workflowCase == null || setup == null) {
                throw new IllegalArgumentException("unknown workflow or channel setup: " + workflowName + ", " + channelsName);
            }
            Director director = Directors.named(directorName);
            Files.createDirectories(scratch);
            dir = Files.createTempDirectory(scratch, "sluice-heap-");
            Workflow workflow = workflowCase.build(tokens, seed);
            RunConfig config = setup.configure(dir)
                    .runId("heap-" + workflowName + "-" + channelsName + "-" + tokens).timeout(timeout).build();
            heap.start();
            t0 = System.nanoTime();
            cpu0 = cpuNanos();
            RunResult result = director.run(workflow, config);
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
            out.put("outcome", (Failures.outOfMemory(e) ? Outcome.OOM : Outcome.FAILED).name());
            out.put("message", Failures.describe(e));
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

    /** Samples the heap in use every 50 ms on a daemon thread and keeps the largest value. */
    private static final class HeapSampler {
        private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        private volatile boolean stop;
        private volatile long peak;
        private Thread thread;

        void start() {
            thread = new Thread(() -> {
                while (!stop) {
                    sample();
                    try {
                        Thread.sleep(50);
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
