package io.sluice.bench;

import io.sluice.channel.ChannelFactory;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.local.PersistentChannels;
import io.sluice.channel.memory.MemoryChannels;
import io.sluice.director.Directors;
import io.sluice.run.RunConfig;
import io.sluice.run.RunResult;
import io.sluice.samples.RecordWorkflows;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The filter workflow over records end to end (issue 41's end-to-end benchmark): source → filter
 * on the field {@code word} → sink ({@link RecordWorkflows}), its tokens records of a word and a
 * number, run by the data-driven director over memory and fast-track channels. On each kind of
 * channel three kinds of token are compared: {@code PlainWordCount}, a plain Java record stored by
 * the existing codecs (Jackson Smile), the baseline; {@code WordCount}, the same fields as a record
 * class with a format, stored as a self-describing record (its format once per channel, each
 * record as a fingerprint and its Avro bytes); and generic {@code RecordValue}s of that format.
 *
 * <p>Each round runs every variant once, the order rotating by one each round, after warm-up
 * rounds, in one JVM; a run's work directory (under {@code --scratch}) is measured with
 * {@code du} and deleted after it. The page gives each variant's median rate and, round by round,
 * its time against its channels' baseline's.
 *
 * <p>Run it with {@code bench/run-benchmarks.sh --records-e2e}; options: {@code --records N}
 * (source records per run, 1000000), {@code --rounds R} (5), {@code --warmup W} (2),
 * {@code --scratch DIR} (java.io.tmpdir), {@code --output DIR}: replaces the end-to-end section of
 * {@code benchmarks-records.md} there (or adds it), leaving the rest of the page as it is.
 */
public final class RecordsWorkflowBenchmark {
    /** This benchmark's section of {@code benchmarks-records.md}. */
    static final PageSection SECTION = new PageSection("records-e2e", "--records-e2e");
    static final String PAGE = "benchmarks-records.md";
    private static final long SEED = 41;

    private RecordsWorkflowBenchmark() {}

    /** A variant: a kind of token over a kind of channel; the plain objects are each channel kind's baseline. */
    record Variant(RecordWorkflows.Kind kind, ChannelPolicy policy) {
        String name() {
            String what = switch (kind) {
                case PLAIN -> "Java objects (PlainWordCount, Smile)";
                case RECORDS -> "records (WordCount class, Avro)";
                case GENERIC -> "generic records (RecordValue, Avro)";
            };
            return what + " on " + policy.id();
        }

        ChannelFactory channels(Path work) {
            return policy == ChannelPolicy.MEMORY ? MemoryChannels.factory()
                    : PersistentChannels.builder(work.resolve("channels")).policy(policy).build();
        }
    }

    static List<Variant> variants() {
        List<Variant> variants = new ArrayList<>();
        for (ChannelPolicy policy : List.of(ChannelPolicy.MEMORY, ChannelPolicy.FAST_TRACK)) {
            for (RecordWorkflows.Kind kind : List.of(RecordWorkflows.Kind.PLAIN, RecordWorkflows.Kind.RECORDS,
                    RecordWorkflows.Kind.GENERIC)) {
                variants.add(new Variant(kind, policy));
            }
        }
        return variants;
    }

    public static void main(String[] args) throws Exception {
        BenchArgs options = BenchArgs.parse(args, "--records N, --rounds R, --warmup W, --scratch DIR, --output DIR");
        long records = options.getLong("--records", 1_000_000);
        int rounds = options.getInt("--rounds", 5);
        int warmup = options.getInt("--warmup", 2);
        Path scratch = options.getPath("--scratch", Path.of(System.getProperty("java.io.tmpdir")));
        Path output = options.getPath("--output", null);
        String section = section(records, rounds, warmup, scratch);
        System.out.print(section);
        if (output != null) {
            SECTION.writeInto(output.resolve(PAGE), section);
        }
    }

    /** Measures the variants and writes the section. */
    static String section(long records, int rounds, int warmup, Path scratch) throws Exception {
        List<Variant> variants = variants();
        long expected = RecordWorkflows.expectedWords(records, SEED).size();
        double[][] seconds = new double[variants.size()][rounds];
        long[] disk = new long[variants.size()];
        double load = java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        Files.createDirectories(scratch);
        for (int round = -warmup; round < rounds; round++) {
            for (int k = 0; k < variants.size(); k++) {
                int v = Math.floorMod(k + round, variants.size());
                Variant variant = variants.get(v);
                Path work = Files.createTempDirectory(scratch, "records-e2e");
                try {
                    System.gc();
                    long start = System.nanoTime();
                    RunResult result = Directors.dataDriven().run(RecordWorkflows.filter(variant.kind(), records, SEED),
                            RunConfig.builder().channels(variant.channels(work)).workDirectory(work).build());
                    double s = (System.nanoTime() - start) / 1e9;
                    long filtered = result.channel(RecordWorkflows.FILTERED).orElseThrow().tokensWritten();
                    if (filtered != expected) {
                        throw new IllegalStateException(variant.name() + " passed on " + filtered + " records, not " + expected);
                    }
                    System.err.printf(Locale.ROOT, "%s %d: %.3f s%n", variant.name(), round, s);
                    if (round >= 0) {
                        seconds[v][round] = s;
                        if (variant.policy().persistent()) {
                            disk[v] = DiskUsage.allocated(work.resolve("channels"));
                        }
                    }
                } finally {
                    WorkflowBenchmark.deleteRecursively(work);
                }
            }
        }
        return page(variants, seconds, disk, records, expected, rounds, warmup, load);
    }

    private static String page(List<Variant> variants, double[][] seconds, long[] disk, long records, long expected, int rounds,
            int warmup, double load) {
        StringBuilder page = new StringBuilder("## End to end: the filter workflow over records\n\n");
        page.append("Generated by `bench/run-benchmarks.sh --records-e2e` (`io.sluice.bench.RecordsWorkflowBenchmark`).\n\n");
        page.append(String.format(Locale.ROOT, "The filter workflow (`RecordWorkflows`: source → filter on the field `word`,"
                + " keeping words that start with \"c\" → sink writing a line per record) over %,d records of a word and a number"
                + " (%,d pass the filter), run by the data-driven director over memory channels and fast-track channels. On each"
                + " kind of channel, the same workflow over plain Java objects (`PlainWordCount`, which persistent channels store"
                + " with the existing codec for a record class, Jackson Smile) is the baseline; over records (`WordCount`, the same"
                + " fields in a record class with a format: a self-describing Avro record, its format stored once per channel, each"
                + " record as its format's fingerprint and its Avro bytes); and over generic records (`RecordValue`s of that format)."
                + " Each round runs every variant once, the order rotating; %d rounds after %d of warm-up, in one JVM. *vs baseline*"
                + " is the median over rounds of the baseline's time divided by the variant's in the same round (above 1 is faster);"
                + " *disk* is what `du` counts under the run's channels (Chronicle grows its files in large chunks). On memory"
                + " channels nothing is encoded: the three differ only in the objects the source makes and the sink prints (a"
                + " generic record builds its fields by name and prints as JSON), and in how noisy the machine was. On fast-track channels a reader that keeps up takes each token"
                + " from memory too, and the encoding is done by the channel's flusher thread.%n%n",
                records, expected, rounds, warmup));
        page.append(String.format(Locale.ROOT, "The machine was shared: other builds and tests ran on its two cores at the same"
                + " time (load average %.2f when this started), so absolute rates drift from run to run; the ratios, measured"
                + " in the same rounds, are what to compare.%n%n", load));
        page.append("| variant | median time | records/s | vs baseline | disk |\n| --- | ---: | ---: | ---: | ---: |\n");
        for (int v = 0; v < variants.size(); v++) {
            int baseline = baselineOf(variants, v);
            double[] ratio = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                ratio[r] = seconds[baseline][r] / seconds[v][r];
            }
            double median = VariantSummary.median(seconds[v]);
            page.append(String.format(Locale.ROOT, "| %s | %.3f s | %,d | %.2f× | %s |%n", variants.get(v).name(), median,
                    Math.round(records / median), VariantSummary.median(ratio),
                    variants.get(v).policy().persistent() ? String.format(Locale.ROOT, "%.1f MiB", disk[v] / 1048576.0) : "—"));
        }
        page.append("\n### Machine\n\n");
        MachineInfo.collect().facts().forEach((k, val) -> page.append("- ").append(k).append(": ").append(val).append('\n'));
        return page.toString();
    }

    /** The plain-objects variant on the same channels as variant {@code v}. */
    private static int baselineOf(List<Variant> variants, int v) {
        for (int b = 0; b < variants.size(); b++) {
            if (variants.get(b).policy() == variants.get(v).policy() && variants.get(b).kind() == RecordWorkflows.Kind.PLAIN) {
                return b;
            }
        }
        throw new IllegalStateException("no baseline for " + variants.get(v).name());
    }
}
