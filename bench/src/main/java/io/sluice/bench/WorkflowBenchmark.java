package io.sluice.bench;

import io.sluice.channel.ChannelStats;
import io.sluice.run.RunConfig;
import io.sluice.run.RunFailedException;
import io.sluice.run.RunResult;
import io.sluice.workflow.Workflow;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The workflow macro-benchmark: runs sample workflows end to end under each director and channel
 * setup, and writes {@code benchmarks.md} (tables), {@code benchmarks.png} (chart) and
 * {@code benchmarks-rounds.csv} (every measured run, round by round).
 *
 * <p><b>Method.</b> The machines this runs on are shared and noisy, so absolute times drift; what
 * can be trusted is a comparison of variants measured close together in time. All variants run in
 * one JVM: first {@code --warmup} rounds (not reported), then {@code --rounds} measured rounds. In
 * every round each variant runs once, in turn (round-robin), and the order rotates by one each
 * round so no variant always follows the same other one. A workflow may have more rounds of either
 * kind ({@code --workflow-warmup}, {@code --workflow-rounds}): its extra warm-up rounds come first,
 * its extra measured rounds last, and all variants of one workflow run in the same rounds. Before
 * each run the harness calls {@link System#gc()}, so garbage of one run is not collected on the
 * next one's time. Each run gets
 * a new work directory under {@code --scratch}; its size is measured when the run has ended (that
 * is the disk the run wrote) and it is then deleted.
 *
 * <p>For each variant the report gives the median, min and max source words per second of wall
 * time, and the ratio of its median to the median of its workflow's baseline (data-driven over
 * memory channels) from the same harness run.
 *
 * <p><b>Threading.</b> Everything runs on the calling thread, except what the directors start.
 * {@link #main} exits the JVM with status 1 on failure; {@link #run} throws instead.
 */
public final class WorkflowBenchmark {
    /** The template of {@code benchmarks.md}, on the class path. */
    static final String TEMPLATE = "benchmarks.md.template";
    static final String MARKDOWN = "benchmarks.md";
    static final String CHART = "benchmarks.png";
    /** Every measured run, one row each, beside the page that summarises them. */
    static final String ROUNDS = "benchmarks-rounds.csv";

    private final BenchmarkOptions options;
    private final PrintStream log;
    private final OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();

    private WorkflowBenchmark(BenchmarkOptions options, PrintStream log) {
        this.options = options;
        this.log = log;
    }

    /** Parses the arguments (see {@code --help}), runs the benchmark and writes the report. */
    public static void main(String[] args) {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        BenchmarkOptions options;
        try {
            options = BenchmarkOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.print(BenchmarkOptions.USAGE);
            System.exit(2);
            return;
        }
        if (options == null) {
            System.out.print(BenchmarkOptions.USAGE);
            return;
        }
        try {
            run(options, System.out);
        } catch (Exception e) {
            System.err.println("benchmark failed: " + e);
            e.printStackTrace();
            System.exit(1);
        }
    }

    /**
     * Runs the benchmark and writes {@code benchmarks.md}, {@code benchmarks.png} and
     * {@code benchmarks-rounds.csv} to the output directory.
     *
     * @param log where progress goes, one line per run
     * @return the markdown file written
     * @throws BenchmarkException if a run fails; it names the variant and round
     */
    static Path run(BenchmarkOptions options, PrintStream log) throws IOException, InterruptedException {
        return new WorkflowBenchmark(options, log).run();
    }

    private Path run() throws IOException, InterruptedException {
        long start = System.nanoTime();
        ZonedDateTime startedAt = ZonedDateTime.now();
        MachineInfo machine = MachineInfo.collect();
        List<Variant> variants = Variants.select(options.workflows(), options.directors(), options.channels());
        Files.createDirectories(options.scratchDirectory());
        int mostWarmups = variants.stream().mapToInt(this::warmupRounds).max().orElse(0);
        int mostRounds = variants.stream().mapToInt(this::rounds).max().orElse(0);
        log.printf(Locale.ROOT, "%d variants, %,d tokens, %d warm-up + %d measured rounds%n", variants.size(),
                options.tokens(), mostWarmups, mostRounds);

        Map<Variant, String> failures = new LinkedHashMap<>();
        int n = variants.size();
        for (int w = 1; w <= mostWarmups; w++) {
            for (int i = 0; i < n; i++) {
                Variant v = variants.get((i + w - 1) % n);
                // A workflow with fewer warm-up rounds takes the last ones, so that all warm up together at the end.
                if (!failures.containsKey(v) && w > mostWarmups - warmupRounds(v)) {
                    measureOrRecord(v, 0, "warm-up " + w + "/" + mostWarmups, failures);
                }
            }
        }
        Map<Variant, List<Measurement>> measured = new LinkedHashMap<>();
        variants.forEach(v -> measured.put(v, new ArrayList<>()));
        for (int r = 1; r <= mostRounds; r++) {
            for (int i = 0; i < n; i++) {
                Variant v = variants.get((i + r - 1) % n);
                if (!failures.containsKey(v) && r <= rounds(v)) {
                    Measurement m = measureOrRecord(v, r, "round " + r + "/" + mostRounds, failures);
                    if (m != null) {
                        measured.get(v).add(m);
                    }
                }
            }
        }
        failures.keySet().forEach(measured::remove);
        List<List<VariantSummary>> groups = summarise(variants, measured);
        Duration workflowsTook = Duration.ofNanos(System.nanoTime() - start);

        List<JmhResults.Row> jmh = null;
        Duration jmhTook = Duration.ZERO;
        if (options.jmh()) {
            long t = System.nanoTime();
            jmh = JmhResults.run(options.jmhIterationMillis(), log);
            jmhTook = Duration.ofNanos(System.nanoTime() - t);
        }
        HeapLimitedReport heap = null;
        if (options.heapLimited().enabled()) {
            heap = HeapLimitedBenchmark.run(options, log);
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        BenchmarkReport report = new BenchmarkReport(options, startedAt, took, machine, groups, os.getSystemLoadAverage(),
                failures.entrySet().stream().map(e -> new BenchmarkReport.Failure(e.getKey().name(), e.getValue())).toList(),
                workflowsTook, jmh, jmhTook, heap, CodecInfo.describe());
        Files.createDirectories(options.outputDirectory());
        Path chart = options.outputDirectory().resolve(CHART);
        BarChart.write(report, chart);
        Path rounds = options.outputDirectory().resolve(ROUNDS);
        Files.writeString(rounds, MarkdownReport.roundsCsv(report));
        Path markdown = options.outputDirectory().resolve(MARKDOWN);
        String text = MarkdownReport.render(report, CHART, ROUNDS);
        Files.writeString(markdown, text);
        log.println();
        log.println(MarkdownReport.tables(report, ROUNDS));
        log.printf(Locale.ROOT, "took %s; wrote %s, %s and %s%n", Format.duration(took), markdown, chart, rounds);
        return markdown;
    }

    private int rounds(Variant v) {
        return options.roundsFor(v.workflow().name());
    }

    private int warmupRounds(Variant v) {
        return options.warmupFor(v.workflow().name());
    }

    /**
     * Measures a variant once; if the run fails or its result is incomplete, records why in
     * {@code failures} (the variant is not run again) and returns null.
     */
    private Measurement measureOrRecord(Variant v, int round, String when, Map<Variant, String> failures)
            throws IOException, InterruptedException {
        try {
            Measurement m = measure(v, round);
            log(m, when);
            return m;
        } catch (BenchmarkException e) {
            failures.put(v, e.getMessage());
            log.printf(Locale.ROOT, "%-14s %-30s FAILED: %s%n", when, v.name(), e.getMessage());
            return null;
        }
    }

    /**
     * Runs a variant once in a new work directory, which it deletes.
     *
     * @throws BenchmarkException if the run failed, or completed without its whole result
     */
    private Measurement measure(Variant v, int round) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory(options.scratchDirectory(), "sluice-bench-");
        long tokens = options.tokensFor(v.workflow().name());
        try {
            Workflow workflow = v.workflow().build(tokens, options.seed());
            RunConfig config = v.channels().configure(dir)
                    .runId("bench-" + v.name().replace('/', '-') + "-" + round)
                    .timeout(options.runTimeout())
                    .build();
            System.gc();
            long cpu0 = processCpuNanos();
            long t0 = System.nanoTime();
            RunResult result;
            try {
                result = v.director().run(workflow, config);
            } catch (RunFailedException | RuntimeException e) {
                throw new BenchmarkException("the run failed: " + Failures.describe(e), e);
            }
            long wall = System.nanoTime() - t0;
            long cpu = processCpuNanos() - cpu0;
            long source = result.channel("source.out").map(ChannelStats::tokensWritten).orElse(tokens);
            if (source != tokens) {
                throw new BenchmarkException("the source wrote " + source + " tokens, expected " + tokens, null);
            }
            long expected = v.workflow().expected().of(tokens, options.seed());
            long output = result.channel(v.workflow().outputChannel()).map(ChannelStats::tokensWritten).orElse(-1L);
            if (output != expected) {
                throw new BenchmarkException("wrong result: the run completed, but its result channel '"
                        + v.workflow().outputChannel() + "' carried " + output + " tokens instead of " + expected
                        + " (channels: " + Failures.counts(result) + ")", null);
            }
            ChannelStats deepest = result.deepestChannel().orElse(new ChannelStats("-", 0, 0, 0));
            long disk = sizeOf(dir);
            long allocated = DiskUsage.allocated(dir);
            // Lineage is probed after the last round only: its queries between runs once changed
            // how fast the provenance runs after them went (note 14 of docs/benchmarks.md), which no
            // user's runs see.
            ProvenanceProbe.Result provenance = v.channels().provenance() && round == rounds(v)
                    ? ProvenanceProbe.measure(dir, result, v.workflow().outputChannel(), options.seed() + round) : null;
            return new Measurement(v, round, tokens, Duration.ofNanos(wall), Duration.ofNanos(Math.max(0, cpu)),
                    deepest.peakDepth(), deepest.channel(), disk, allocated, provenance);
        } finally {
            deleteRecursively(dir);
        }
    }

    private void log(Measurement m, String when) {
        log.printf(Locale.ROOT, "%-14s %-30s %9.3f s %,13.0f tok/s  cores %4.2f  peak %,11d (%s)  disk %s%n", when,
                m.variant().name(), Measurement.seconds(m.wall()), m.tokensPerSecond(), m.coresBusy(), m.peakDepth(),
                m.peakChannel(), Format.bytes(Math.max(0, m.diskAllocatedBytes())));
    }

    private static List<List<VariantSummary>> summarise(List<Variant> variants, Map<Variant, List<Measurement>> measured) {
        Map<String, List<Variant>> byWorkflow = new LinkedHashMap<>();
        for (Variant v : variants) {
            byWorkflow.computeIfAbsent(v.workflow().name(), k -> new ArrayList<>()).add(v);
        }
        List<List<VariantSummary>> groups = new ArrayList<>();
        for (List<Variant> all : byWorkflow.values()) {
            List<Variant> group = all.stream().filter(measured::containsKey).toList();
            if (group.isEmpty()) {
                continue;
            }
            Variant base = group.stream().filter(Variant::baseline).findFirst().orElse(group.get(0));
            VariantSummary baseline = new VariantSummary(base, measured.get(base), null);
            List<VariantSummary> summaries = new ArrayList<>();
            for (Variant v : group) {
                summaries.add(v == base ? baseline : new VariantSummary(v, measured.get(v), baseline));
            }
            groups.add(List.copyOf(summaries));
        }
        return List.copyOf(groups);
    }

    private long processCpuNanos() {
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            long t = sun.getProcessCpuTime();
            return t < 0 ? 0 : t;
        }
        return 0;
    }

    /** Bytes of the regular files under a directory. */
    static long sizeOf(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(p -> {
                try {
                    return Files.size(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).sum();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** A run that failed or produced the wrong number of tokens. */
    static final class BenchmarkException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BenchmarkException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
