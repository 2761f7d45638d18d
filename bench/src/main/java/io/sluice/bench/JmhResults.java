package io.sluice.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs {@link PersistentChannelBenchmark} and {@link RawChronicleBenchmark} through JMH's API for
 * the report, and turns the results into rows. The JMH settings are the annotations' (one fork,
 * 2 warm-up and 3 measured iterations) except the length of an iteration.
 */
final class JmhResults {
    /** The {@code variant} of the raw Chronicle rows. */
    static final String RAW_BYTES = "raw Chronicle (bytes)";
    static final String RAW_STRING = "raw Chronicle (writeUtf8/readUtf8)";

    private JmhResults() {}

    /**
     * One JMH result.
     *
     * @param method {@code single} (one put + take) or {@code batch} (per token of a batch)
     * @param variant a channel policy, or {@link #RAW_BYTES} / {@link #RAW_STRING}
     * @param payloadBytes the token's size
     * @param nanos average ns per put + take (append + read)
     * @param error JMH's 99.9 % confidence half-width, NaN if it could not tell (one iteration)
     */
    record Row(String method, String variant, int payloadBytes, double nanos, double error) {}

    /** Runs the benchmarks in forked JVMs, as the annotations say, with iterations of {@code iterationMillis}. */
    static List<Row> run(long iterationMillis, PrintStream log) {
        log.printf(Locale.ROOT, "JMH: %s and %s, %d ms iterations%n", PersistentChannelBenchmark.class.getSimpleName(),
                RawChronicleBenchmark.class.getSimpleName(), iterationMillis);
        return run(options(iterationMillis), log);
    }

    /**
     * Runs the benchmarks in this JVM (no fork), one short measured iteration each and no
     * warm-up: the smoke test that keeps them from rotting, not a measurement.
     */
    static List<Row> smoke(long iterationMillis, PrintStream log) {
        return run(options(iterationMillis).forks(0).warmupIterations(0).measurementIterations(1), log);
    }

    private static ChainedOptionsBuilder options(long iterationMillis) {
        ChainedOptionsBuilder o = new OptionsBuilder()
                .include("\\." + PersistentChannelBenchmark.class.getSimpleName() + "\\.")
                .include("\\." + RawChronicleBenchmark.class.getSimpleName() + "\\.")
                .warmupTime(TimeValue.milliseconds(iterationMillis))
                .measurementTime(TimeValue.milliseconds(iterationMillis))
                .shouldFailOnError(true);
        String scratch = System.getProperty(ChannelBenchmarkFiles.SCRATCH_PROPERTY);
        if (scratch != null) {
            o = o.jvmArgsAppend("-D" + ChannelBenchmarkFiles.SCRATCH_PROPERTY + "=" + scratch);
        }
        return o;
    }

    private static List<Row> run(ChainedOptionsBuilder options, PrintStream log) {
        Collection<RunResult> results;
        try {
            results = new Runner(options.build(), OutputFormatFactory.createFormatInstance(log, VerboseMode.NORMAL)).run();
        } catch (RunnerException e) {
            throw new IllegalStateException("JMH failed: " + e.getMessage(), e);
        }
        List<Row> rows = new ArrayList<>();
        for (RunResult r : results) {
            String label = r.getParams().getBenchmark();
            String method = label.substring(label.lastIndexOf('.') + 1);
            int payload = Integer.parseInt(r.getParams().getParam("payloadBytes"));
            String variant;
            if (label.contains(RawChronicleBenchmark.class.getSimpleName())) {
                variant = method.contains("String") ? RAW_STRING : RAW_BYTES;
            } else {
                variant = r.getParams().getParam("policy");
            }
            double score = r.getPrimaryResult().getScore();
            double error = r.getPrimaryResult().getScoreError();
            rows.add(new Row(method.endsWith("Batch") ? "batch" : "single", variant, payload, score, error));
        }
        rows.sort(Comparator.comparing(Row::method).reversed().thenComparingInt(Row::payloadBytes)
                .thenComparingInt(row -> order(row.variant())));
        return rows;
    }

    private static int order(String variant) {
        return switch (variant) {
            case "memory" -> 0;
            case "direct" -> 1;
            case "cached" -> 2;
            case "fast-track" -> 3;
            case RAW_BYTES -> 4;
            default -> 5;
        };
    }

    /** The row of a variant, or null. */
    static Row find(List<Row> rows, String method, String variant, int payloadBytes) {
        return rows.stream().filter(r -> r.method().equals(method) && r.variant().equals(variant)
                && r.payloadBytes() == payloadBytes).findFirst().orElse(null);
    }
}
