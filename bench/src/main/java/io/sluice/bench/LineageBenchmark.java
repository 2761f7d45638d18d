package io.sluice.bench;

import io.sluice.bench.Variant.ChannelSetup;
import io.sluice.bench.Variant.WorkflowCase;
import io.sluice.director.Directors;
import io.sluice.run.RunResult;
import io.sluice.workflow.Workflow;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/**
 * The lineage benchmark of a large run: the filter workflow runs once in this JVM, data-driven over
 * fast-track channels with its provenance recorded (as {@code sluice run filter} runs it), then
 * {@link ProvenanceProbe} times backward lineage queries of random tokens of its result, to depth
 * 1 and 3. The target is a depth-3 lineage in under 50 ms at ten million words. Run it with
 * {@code bench/run-benchmarks.sh --lineage}; options: {@code --tokens N} (default 10000000),
 * {@code --seed S} (42), {@code --scratch DIR} (java.io.tmpdir; the run's channels and provenance,
 * about 150 MiB at ten million words, are deleted at the end), {@code --output DIR} (writes
 * {@code benchmarks-lineage.md} there).
 */
public final class LineageBenchmark {
    /** The most a depth-3 backward lineage may take at ten million words. */
    static final Duration TARGET = Duration.ofMillis(50);
    private static final String WORKFLOW = "filter";
    private static final String CHANNELS = "fast-track+prov";

    private LineageBenchmark() {}

    /**
     * What one run gave.
     *
     * @param run how long the run took
     * @param diskBytes disk blocks the run's work directory held (channels and provenance)
     */
    record Outcome(long tokens, long seed, Duration run, long diskBytes, String outputChannel, ProvenanceProbe.Result probe) {}

    public static void main(String[] args) throws Exception {
        BenchArgs options = BenchArgs.parse(args, "--tokens N, --seed S, --scratch DIR, --output DIR");
        long tokens = options.getLong("--tokens", 10_000_000);
        long seed = options.getLong("--seed", 42);
        Path scratch = options.getPath("--scratch", Path.of(System.getProperty("java.io.tmpdir")));
        Path output = options.getPath("--output", null);
        Files.createDirectories(scratch);
        Path dir = Files.createTempDirectory(scratch, "sluice-lineage-bench");
        Outcome outcome;
        try {
            outcome = run(tokens, seed, dir);
        } finally {
            WorkflowBenchmark.deleteRecursively(dir);
        }
        String report = report(outcome);
        System.out.println(report);
        if (output != null) {
            Files.createDirectories(output);
            Files.writeString(output.resolve("benchmarks-lineage.md"), report, StandardCharsets.UTF_8);
        }
    }

    /** Runs the workflow in {@code dir}, which it leaves for the caller to delete, and probes its provenance. */
    static Outcome run(long tokens, long seed, Path dir) throws Exception {
        WorkflowCase workflowCase = Variants.WORKFLOWS.get(WORKFLOW);
        ChannelSetup setup = Variants.channels(CHANNELS);
        Workflow workflow = workflowCase.build(tokens, seed);
        long t0 = System.nanoTime();
        RunResult result = Directors.dataDriven().run(workflow, setup.configure(dir).runId("lineage-benchmark").build());
        Duration run = Duration.ofNanos(System.nanoTime() - t0);
        long disk = DiskUsage.allocated(dir);
        ProvenanceProbe.Result probe = ProvenanceProbe.measure(dir, result, workflowCase.outputChannel(), seed);
        return new Outcome(tokens, seed, run, disk, workflowCase.outputChannel(), probe);
    }

    static String report(Outcome o) {
        ProvenanceProbe.Result p = o.probe();
        boolean met = p.lineage3Nanos() >= 0 && p.lineage3Nanos() < TARGET.toNanos();
        StringBuilder b = new StringBuilder("# Lineage benchmark\n\n");
        b.append(String.format(Locale.ROOT, "`%s` over %,d words (seed %d), data-driven, fast-track channels, provenance recorded, "
                + "run once; then the backward lineage of random tokens of `%s`, to depth 1 and 3, each query timed on its own "
                + "after as many untimed ones (%d of each depth at most, within %d s). The target is a depth-3 lineage in under "
                + "%d ms at ten million words. Regenerate with `bench/run-benchmarks.sh --lineage --tokens %d`.%n%n",
                WORKFLOW, o.tokens(), o.seed(), o.outputChannel(), ProvenanceProbe.QUERIES,
                ProvenanceProbe.BUDGET_NANOS / 1_000_000_000L, TARGET.toMillis(), o.tokens()));
        b.append("| words | firings recorded | run time | provenance on disk (per firing) | lineage, depth 1 (median) "
                + "| lineage, depth 3 (median) | queries timed per depth | depth 3 under " + TARGET.toMillis() + " ms |\n");
        b.append("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n");
        b.append(String.format(Locale.ROOT, "| %,d | %,d | %.2f s | %s (%.1f bytes) | %s | %s | %d | %s |%n", o.tokens(),
                p.firings(), o.run().toNanos() / 1e9, Format.bytes(p.bytes()), p.bytesPerFiring(), millis(p.lineage1Nanos()),
                millis(p.lineage3Nanos()), p.queries(), met ? "**met**" : "**not met**"));
        b.append(String.format(Locale.ROOT, "%nThe run's work directory (channels and provenance) held %s on disk; it is deleted "
                + "after the queries.%n", Format.bytes(o.diskBytes())));
        b.append("\nMachine: ").append(Runtime.getRuntime().availableProcessors()).append(" processors, ")
                .append(System.getProperty("java.vm.name")).append(' ').append(System.getProperty("java.version")).append(".\n");
        return b.toString();
    }

    private static String millis(long nanos) {
        return nanos < 0 ? "–" : String.format(Locale.ROOT, "%.3f ms", nanos / 1e6);
    }
}
