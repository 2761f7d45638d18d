package io.sluice.bench;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.channel.ChannelSpec;
import io.sluice.director.Directors;
import io.sluice.provenance.ProvenanceRecorder;
import io.sluice.run.Director;
import io.sluice.run.RunConfig;
import io.sluice.samples.PassThrough;
import io.sluice.samples.PrefixFilter;
import io.sluice.samples.WordSource;
import io.sluice.workflow.Workflow;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Sluice's memory channels against the queues a Java programmer would join threads with, in one
 * JVM: source → filter (words starting with "c") → sink, and the same with 8 pass-through actors
 * between source and filter (so that every word passes each of them), a thread per stage. The variants: the data-driven director over memory
 * channels unbounded, bounded to 1024 tokens only, and bounded to 1024 tokens and 16 MiB (a run's
 * default: the words never reach the byte bound, so the two differ by the cost of sizing each
 * token and checking the bytes), the demand-driven director (a
 * filter puts no fixed number of tokens, so the SDF director cannot run it) over the single-threaded
 * channels it opens and over channels for any thread ({@link AnyThreadChannels}), and a hand-written
 * pipeline of threads joined by {@code ArrayBlockingQueue(1024)}, each taking what its queue
 * holds in one {@code drainTo}. Every variant reads the same words from
 * one array made before the rounds, so that generating them costs none of them anything. Each
 * round runs every variant once, the order rotating; the report gives each one's median rate and,
 * pair by pair within rounds, its time against the hand-written pipeline's.
 *
 * <p>Run it with {@code bench/run-benchmarks.sh --pipeline}; options: {@code --words N}
 * (5000000), {@code --rounds R} (7), {@code --warmup W} (3), {@code --output DIR} (writes
 * {@code benchmarks-pipeline.md} there), {@code --variants KEY,...} (only those variants and the
 * hand-written baseline, printed and not written: {@code unbounded}, {@code tokens}, {@code default},
 * {@code demand}, {@code demand-any-thread}, {@code demand-prov}, {@code data-prov}). Nothing is written to disk but the report.
 */
public final class PipelineBenchmark {
    static final int QUEUE_CAPACITY = 1024;
    private static final Object END = new Object();

    private PipelineBenchmark() {}

    /** Puts the words of an array, one per firing. */
    static final class ArraySource implements Actor {
        static final OutputPort<String> OUT = Port.output("out", String.class);
        private final String[] words;
        private int next;

        ArraySource(String[] words) {
            this.words = words;
        }

        @Override
        public List<Port<?>> ports() {
            return List.of(OUT);
        }

        @Override
        public void fire(FiringContext context) {
            if (next == words.length) {
                context.finish();
                return;
            }
            context.put(OUT, words[next++]);
        }
    }

    /** Counts what it takes. */
    static final class Count implements Actor {
        static final InputPort<String> IN = Port.input("in", String.class);
        long count;

        @Override
        public List<Port<?>> ports() {
            return List.of(IN);
        }

        @Override
        public void fire(FiringContext context) {
            context.take(IN);
            count++;
        }
    }

    /** Source → {@code passes} pass-through actors → filter → counting sink: every word passes every pass-through. */
    static Workflow workflow(String[] words, int passes, Count sink) {
        Workflow.Builder b = Workflow.builder("pipeline").actor("source", new ArraySource(words));
        String last = "source.out";
        for (int i = 0; i < passes; i++) {
            b.actor("pass" + i, new PassThrough(0)).connect(last, "pass" + i + ".in");
            last = "pass" + i + ".out";
        }
        return b.actor("filter", new PrefixFilter("c")).connect(last, "filter.in")
                .actor("sink", sink).connect("filter.out", "sink.in").build();
    }

    /** A way to run the pipeline: returns the words that reached the sink. */
    interface Variant {
        /** A short name for {@code --variants}. */
        String key();

        String name();

        long run(String[] words, int passes) throws Exception;
    }

    /**
     * The pipeline as a Sluice workflow under {@code director}, memory channels within {@code capacity} and
     * {@code capacityBytes}; opened for any thread even where the director would open them single-threaded if
     * {@code anyThread} ({@link AnyThreadChannels}).
     */
    record SluiceVariant(String key, String name, Director director, int capacity, long capacityBytes, boolean anyThread)
            implements Variant {
        SluiceVariant(String key, String name, Director director, int capacity, long capacityBytes) {
            this(key, name, director, capacity, capacityBytes, false);
        }

        @Override
        public long run(String[] words, int passes) throws Exception {
            Count sink = new Count();
            RunConfig.Builder config = RunConfig.builder().memoryCapacity(capacity).memoryCapacityBytes(capacityBytes);
            if (anyThread) {
                config.channels(AnyThreadChannels.INSTANCE);
            }
            director.run(workflow(words, passes, sink), config.build());
            return sink.count;
        }
    }

    /** The pipeline under {@code director} with the run's default bounds, recording provenance into a temporary work directory. */
    record ProvenanceVariant(String key, String name, Director director) implements Variant {
        @Override
        public long run(String[] words, int passes) throws Exception {
            Count sink = new Count();
            Path work = Files.createTempDirectory("sluice-pipeline-prov-");
            try {
                director.run(workflow(words, passes, sink),
                        RunConfig.builder().workDirectory(work).listener(ProvenanceRecorder.create()).build());
            } finally {
                WorkflowBenchmark.deleteRecursively(work);
            }
            return sink.count;
        }
    }

    /** Threads joined by {@code ArrayBlockingQueue}s, each draining its queue in batches. */
    record HandWritten(String key, String name) implements Variant {
        @Override
        public long run(String[] words, int passes) throws Exception {
            List<BlockingQueue<Object>> queues = new ArrayList<>();
            for (int i = 0; i < passes + 2; i++) {
                queues.add(new ArrayBlockingQueue<>(QUEUE_CAPACITY));
            }
            long[] counted = new long[1];
            List<Thread> threads = new ArrayList<>();
            threads.add(new Thread(() -> {
                try {
                    BlockingQueue<Object> out = queues.get(0);
                    for (String w : words) {
                        out.put(w);
                    }
                    out.put(END);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "hand-source"));
            for (int s = 0; s <= passes; s++) {
                BlockingQueue<Object> in = queues.get(s);
                BlockingQueue<Object> out = queues.get(s + 1);
                boolean filter = s == passes; // the pass-throughs first, as in the workflow
                threads.add(new Thread(() -> stage(in, out, filter), "hand-stage"));
            }
            threads.add(new Thread(() -> counted[0] = sink(queues.get(passes + 1)), "hand-sink"));
            threads.forEach(Thread::start);
            for (Thread t : threads) {
                t.join();
            }
            return counted[0];
        }

        private static void stage(BlockingQueue<Object> in, BlockingQueue<Object> out, boolean filter) {
            List<Object> batch = new ArrayList<>(QUEUE_CAPACITY);
            try {
                while (true) {
                    batch.clear();
                    if (in.drainTo(batch, QUEUE_CAPACITY) == 0) {
                        batch.add(in.take());
                    }
                    for (Object x : batch) {
                        if (x == END) {
                            out.put(END);
                            return;
                        }
                        if (!filter || ((String) x).startsWith("c")) {
                            out.put(x);
                        }
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private static long sink(BlockingQueue<Object> in) {
            List<Object> batch = new ArrayList<>(QUEUE_CAPACITY);
            long n = 0;
            try {
                while (true) {
                    batch.clear();
                    if (in.drainTo(batch, QUEUE_CAPACITY) == 0) {
                        batch.add(in.take());
                    }
                    for (Object x : batch) {
                        if (x == END) {
                            return n;
                        }
                        n++;
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return n;
            }
        }
    }

    static List<Variant> variants() {
        return List.of(new HandWritten(HAND, "hand-written, ArrayBlockingQueue(1024) + drainTo"),
                new SluiceVariant("unbounded", "data-driven, memory channels unbounded", Directors.dataDriven(), ChannelSpec.UNBOUNDED,
                        ChannelSpec.UNBOUNDED_BYTES),
                new SluiceVariant(TOKENS_ONLY, "data-driven, memory channels of 1024 tokens, no byte bound", Directors.dataDriven(),
                        QUEUE_CAPACITY, ChannelSpec.UNBOUNDED_BYTES),
                new SluiceVariant(DEFAULT_BOUNDS, "data-driven, memory channels of 1024 tokens and 16 MiB (the default)",
                        Directors.dataDriven(), QUEUE_CAPACITY, RunConfig.DEFAULT_MEMORY_CAPACITY_BYTES),
                new SluiceVariant(DEMAND, "demand-driven", Directors.demandDriven(), QUEUE_CAPACITY,
                        RunConfig.DEFAULT_MEMORY_CAPACITY_BYTES),
                new SluiceVariant(DEMAND_ANY_THREAD, "demand-driven, memory channels for any thread", Directors.demandDriven(),
                        QUEUE_CAPACITY, RunConfig.DEFAULT_MEMORY_CAPACITY_BYTES, true),
                new ProvenanceVariant(DEMAND_PROVENANCE, "demand-driven, provenance", Directors.demandDriven()),
                new ProvenanceVariant(DATA_PROVENANCE, "data-driven, provenance (the default bounds)", Directors.dataDriven()));
    }

    /** The variants of {@link #variants()} whose keys {@code keys} lists, hand-written first (the baseline). */
    static List<Variant> variants(List<String> keys) {
        List<Variant> all = variants();
        for (String k : keys) {
            if (all.stream().noneMatch(v -> v.key().equals(k))) {
                throw new IllegalArgumentException("--variants: no variant '" + k + "'; known: "
                        + all.stream().map(Variant::key).toList());
            }
        }
        return all.stream().filter(v -> v.key().equals(HAND) || keys.contains(v.key())).toList();
    }

    public static void main(String[] args) throws Exception {
        BenchArgs options = BenchArgs.parse(args, "--words N, --rounds R, --warmup W, --output DIR, --variants KEY[,KEY...]");
        long words = options.getLong("--words", 5_000_000);
        int rounds = options.getInt("--rounds", 7);
        int warmup = options.getInt("--warmup", 3);
        Path output = options.getPath("--output", null);
        List<Variant> variants = options.get("--variants", v -> variants(List.of(v.split(","))), variants());
        if (output != null && variants.size() != variants().size()) {
            System.err.println("--variants measures only some variants: the report is printed, not written to " + output);
            output = null;
        }
        String report = report(WordSource.generatedWords(words, 1).toArray(String[]::new), rounds, warmup, variants);
        System.out.print(report);
        if (output != null) {
            Files.createDirectories(output);
            Files.writeString(output.resolve("benchmarks-pipeline.md"), report, StandardCharsets.UTF_8);
        }
    }

    /** Measures every variant on both pipelines and writes the page. */
    static String report(String[] words, int rounds, int warmup) throws Exception {
        return report(words, rounds, warmup, variants());
    }

    /** Measures {@code variants} (the hand-written one first) on both pipelines and writes the page. */
    static String report(String[] words, int rounds, int warmup, List<Variant> variants) throws Exception {
        StringBuilder page = new StringBuilder("# Pipeline benchmark: memory channels against hand-written queues\n\n");
        page.append("Generated by `bench/run-benchmarks.sh --pipeline` (`io.sluice.bench.PipelineBenchmark`).\n\n");
        page.append(String.format(Locale.ROOT, "%,d words flow from a source through a filter (words starting with \"c\") to a"
                + " counting sink, and through the same with 8 pass-through actors between source and filter, which every word"
                + " passes; a thread per stage"
                + " except under the demand-driven director, which runs them on one. Every variant reads the same words from"
                + " one array. Each round runs every variant once, the order rotating; %d rounds after %d of warm-up. *vs hand-written*"
                + " is the median over rounds of the hand-written pipeline's time divided by the variant's in the same round"
                + " (above 1 is faster); *CPU* the same with the CPU time the whole JVM used meanwhile (all threads, GC and"
                + " compiler included), which other processes on the machine disturb less than the wall time. Nothing is written"
                + " to disk.%n%n", words.length, rounds, warmup));
        double[][][] byPipeline = new double[2][][];
        for (int passes : new int[] {0, 8}) {
            Times times = measure(variants, words, passes, rounds, warmup);
            double[][] seconds = times.wall();
            byPipeline[passes == 0 ? 0 : 1] = seconds;
            page.append(String.format(Locale.ROOT, "## %d stages%n%n", passes + 3));
            page.append("| variant | median time | words/s | vs hand-written (median of round ratios) | median CPU time |"
                    + " CPU vs hand-written |\n| --- | ---: | ---: | ---: | ---: | ---: |\n");
            for (int v = 0; v < variants.size(); v++) {
                double median = VariantSummary.median(seconds[v]);
                page.append(String.format(Locale.ROOT, "| %s | %.3f s | %,d | %.2f× | %.3f s | %.2f× |%n", variants.get(v).name(), median,
                        Math.round(words.length / median), medianRatio(seconds, 0, v, rounds), VariantSummary.median(times.cpu()[v]),
                        medianRatio(times.cpu(), 0, v, rounds)));
            }
            page.append('\n');
        }
        page.append(comparisons(variants, byPipeline, words, rounds));
        page.append("## Machine\n\n");
        MachineInfo.collect().facts().forEach((k, v) -> page.append("- ").append(k).append(": ").append(v).append('\n'));
        return page.toString();
    }

    /** Keys of the variants the comparisons below pair. */
    private static final String HAND = "hand";
    private static final String TOKENS_ONLY = "tokens";
    private static final String DEFAULT_BOUNDS = "default";
    private static final String DEMAND = "demand";
    private static final String DEMAND_ANY_THREAD = "demand-any-thread";
    private static final String DEMAND_PROVENANCE = "demand-prov";
    private static final String DATA_PROVENANCE = "data-prov";

    /**
     * The pairs measured in the same rounds: what the byte bound costs, the demand-driven
     * director's cost per token per hop against the data-driven one's (the time the 8 extra
     * stages add, over the words they pass), and what provenance costs under each director.
     */
    static String comparisons(List<Variant> variants, double[][][] seconds, String[] words, int rounds) {
        long kept = words.length; // every word passes the 8 pass-through stages
        StringBuilder b = new StringBuilder("## Pairs measured in the same rounds\n\n");
        b.append("Medians over rounds of the ratio of the two variants' times in the same round (above 1: the first is faster).\n\n");
        b.append("| pair | 3 stages | 11 stages |\n| --- | ---: | ---: |\n");
        pair(b, "1024 tokens and 16 MiB (default) against 1024 tokens only", variants, seconds, TOKENS_ONLY, DEFAULT_BOUNDS, rounds);
        pair(b, "demand-driven, single-threaded channels (the default) against channels for any thread", variants, seconds,
                DEMAND_ANY_THREAD, DEMAND, rounds);
        pair(b, "demand-driven, provenance against without", variants, seconds, DEMAND, DEMAND_PROVENANCE, rounds);
        pair(b, "data-driven, provenance against without (default bounds)", variants, seconds, DEFAULT_BOUNDS, DATA_PROVENANCE, rounds);
        int dataDriven = indexOf(variants, DEFAULT_BOUNDS);
        int demandDriven = indexOf(variants, DEMAND);
        if (dataDriven < 0 || demandDriven < 0) {
            return b.append('\n').toString();
        }
        double[] data = new double[rounds];
        double[] demand = new double[rounds];
        double[] ratio = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            data[r] = (seconds[1][dataDriven][r] - seconds[0][dataDriven][r]) / (8.0 * kept) * 1e9;
            demand[r] = (seconds[1][demandDriven][r] - seconds[0][demandDriven][r]) / (8.0 * kept) * 1e9;
            ratio[r] = demand[r] / data[r];
        }
        b.append(String.format(Locale.ROOT, "%nPer token per hop (what the 8 pass-through stages add, over the %,d words they pass):"
                + " data-driven %.1f ns, demand-driven %.1f ns (medians over rounds); demand-driven against data-driven %.2f×"
                + " (median of the rounds' ratios; the issue's target is at most 1.5×).%n%n", kept, VariantSummary.median(data),
                VariantSummary.median(demand), VariantSummary.median(ratio)));
        return b.toString();
    }

    /** A row of the pairs' table, if both variants were measured. */
    private static void pair(StringBuilder b, String what, List<Variant> variants, double[][][] seconds, String first, String second,
            int rounds) {
        int a = indexOf(variants, first);
        int c = indexOf(variants, second);
        if (a >= 0 && c >= 0) {
            b.append(String.format(Locale.ROOT, "| %s | %.3f× | %.3f× |%n", what, medianRatio(seconds[0], a, c, rounds),
                    medianRatio(seconds[1], a, c, rounds)));
        }
    }

    private static int indexOf(List<Variant> variants, String key) {
        for (int i = 0; i < variants.size(); i++) {
            if (variants.get(i).key().equals(key)) {
                return i;
            }
        }
        return -1;
    }

    /** The median over rounds of variant {@code a}'s time over variant {@code b}'s. */
    private static double medianRatio(double[][] seconds, int a, int b, int rounds) {
        double[] ratios = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            ratios[r] = seconds[a][r] / seconds[b][r];
        }
        return VariantSummary.median(ratios);
    }

    /** Per variant, the seconds of each measured round: wall time, and the CPU time of the whole process meanwhile. */
    record Times(double[][] wall, double[][] cpu) {}

    /** Per variant, the times of each measured round; checks that every variant passed every word the filter keeps. */
    static Times measure(List<Variant> variants, String[] words, int passes, int rounds, int warmup) throws Exception {
        long expected = 0;
        for (String w : words) {
            if (w.startsWith("c")) {
                expected++;
            }
        }
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        double[][] seconds = new double[variants.size()][rounds];
        double[][] cpu = new double[variants.size()][rounds];
        for (int round = -warmup; round < rounds; round++) {
            for (int k = 0; k < variants.size(); k++) {
                int v = Math.floorMod(k + round, variants.size());
                long cpuStart = os.getProcessCpuTime();
                long start = System.nanoTime();
                long got = variants.get(v).run(words, passes);
                double s = (System.nanoTime() - start) / 1e9;
                double c = (os.getProcessCpuTime() - cpuStart) / 1e9;
                if (got != expected) {
                    throw new IllegalStateException(variants.get(v).name() + " passed " + got + " words, not " + expected);
                }
                if (round >= 0) {
                    seconds[v][round] = s;
                    cpu[v][round] = c;
                }
            }
        }
        return new Times(seconds, cpu);
    }
}
