package io.sluice.bench;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.Port;
import io.sluice.director.Directors;
import io.sluice.run.Director;
import io.sluice.run.RunConfig;
import io.sluice.run.RunListener;
import io.sluice.run.RunSnapshot;
import io.sluice.samples.PassThrough;
import io.sluice.samples.WordSource;
import io.sluice.workflow.ActorRegistry;
import io.sluice.workflow.Parameters;
import io.sluice.workflow.Workflow;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The SDF director against the data- and demand-driven ones, in one JVM over memory channels:
 * a pipeline of fine-grained actors of the standard library (Ramp, Scale, Expression, a counting
 * sink), where a firing does almost nothing and a thread per actor costs most, and the
 * passthrough sample, whose actors do a little more. Each round runs every director once, and the
 * data-driven and SDF directors once more with their runs watched closely (sampled every 1 ms, a
 * snapshot to a listener every 10 ms: the cost of the event API), the order rotating; the report
 * gives each setup's median time and, pair by pair within rounds, its ratio to the data-driven
 * director. Nothing is written to disk but the report.
 *
 * <p>Run it with {@code bench/run-benchmarks.sh --sdf}; options: {@code --tokens N} (1000000),
 * {@code --rounds R} (7), {@code --warmup W} (2), {@code --output DIR} (writes
 * {@code benchmarks-sdf.md} there).
 */
public final class SdfBenchmark {
    private SdfBenchmark() {}

    /** A sink that counts what it takes: the cheapest possible end of a pipeline. */
    static final class Count implements Actor {
        final InputPort<Object> in = Port.input("input", Object.class);
        long count;

        @Override
        public List<Port<?>> ports() {
            return List.of(in);
        }

        @Override
        public void fire(FiringContext context) {
            context.take(in);
            count++;
        }
    }

    /** Ramp → Scale → Expression → Count, each a standard library actor but the sink; {@code tokens} firings each. */
    static Workflow fineGrained(long tokens) {
        ActorRegistry registry = ActorRegistry.discover(SdfBenchmark.class.getClassLoader());
        return Workflow.builder("fine-grained")
                .actor("ramp", create(registry, "ramp", Map.of("init", 0, "step", 1, "firingCountLimit", tokens)))
                .actor("scale", create(registry, "scale", Map.of("factor", 3)))
                .actor("expr", create(registry, "expression", Map.of("expression", "x * 2 + 1", "inputs", List.of("x"))))
                .actor("sink", new Count())
                .connect("ramp.output", "scale.input")
                .connect("scale.output", "expr.x")
                .connect("expr.output", "sink.input")
                .build();
    }

    private static Actor create(ActorRegistry registry, String type, Map<String, ?> parameters) {
        try {
            return registry.factory(type).orElseThrow(() -> new IllegalStateException("no actor type " + type)).create(Parameters.of(parameters));
        } catch (Exception e) {
            throw new IllegalStateException("cannot create a " + type + ": " + e, e);
        }
    }

    /** The passthrough sample without its file sink: words → passthrough → Count. */
    static Workflow passthrough(long tokens) {
        return Workflow.builder("passthrough")
                .actor("source", WordSource.generated(tokens, 42))
                .actor("passthrough", new PassThrough(0))
                .actor("sink", new Count())
                .connect("source", WordSource.OUT, "passthrough", PassThrough.IN)
                .connect("passthrough.out", "sink.input")
                .build();
    }

    public static void main(String[] args) throws Exception {
        BenchArgs options = BenchArgs.parse(args, "--tokens N, --rounds R, --warmup W, --output DIR");
        long tokens = options.getLong("--tokens", 1_000_000);
        int rounds = options.getInt("--rounds", 7);
        int warmup = options.getInt("--warmup", 2);
        Path output = options.getPath("--output", null);
        long n = tokens;
        Map<String, Supplier<Workflow>> workflows = new LinkedHashMap<>();
        workflows.put("fine-grained: Ramp → Scale → Expression → count", () -> fineGrained(n));
        workflows.put("passthrough sample (words → passthrough → count)", () -> passthrough(n));
        List<Setup> directors = List.of(new Setup("data", Directors.dataDriven(), false), new Setup("demand", Directors.demandDriven(), false),
                new Setup("sdf", Directors.sdf(), false), new Setup("data, watched closely", Directors.dataDriven(), true),
                new Setup("sdf, watched closely", Directors.sdf(), true),
                new Setup("demand, channels for any thread", Directors.demandDriven(), false, true),
                new Setup("sdf, channels for any thread", Directors.sdf(), false, true));
        StringBuilder report = new StringBuilder();
        report.append("# SDF director benchmark\n\n");
        report.append("Generated by `bench/run-benchmarks.sh --sdf` (`io.sluice.bench.SdfBenchmark`).\n\n");
        report.append(String.format(Locale.ROOT, "Each workflow moves %,d tokens over memory channels, in one JVM. Each round runs every"
                + " director once, the order rotating by one each round; %d rounds after %d of warm-up. *vs data* is the median, over"
                + " rounds, of the director's time divided by the data-driven director's in the same round (below 1 is faster)."
                + " *CPU time* is the whole process's (every thread's, the collector's and the compiler's too) during the run:"
                + " a director that keeps several cores busy can take less time and more CPU. Nothing is written to disk.%n%n"
                + "Every run samples what its actors do every 10 ms and tells its listeners every second"
                + " ([events.md](events.md)); a run *watched closely* samples every 1 ms and gives a listener a snapshot every 10 ms,"
                + " whose total of tokens written the listener reads, as a GUI would: the cost of watching a run.%n%n"
                + "The demand-driven and SDF directors fire every actor on one thread and open their memory channels"
                + " single-threaded; *channels for any thread* runs them over memory channels opened as the data-driven"
                + " director's are, which wake readers on other threads: what single-threaded channels save.%n%n",
                tokens, rounds, warmup));
        for (Map.Entry<String, Supplier<Workflow>> w : workflows.entrySet()) {
            double[][][] measured = measure(w.getValue(), directors, rounds, warmup);
            double[][] seconds = measured[0];
            double[][] cpu = measured[1];
            report.append("## ").append(w.getKey()).append("\n\n");
            report.append("| director | median time | tokens/s | vs data (median of round ratios) | median CPU time | CPU vs data |\n"
                    + "| --- | ---: | ---: | ---: | ---: | ---: |\n");
            for (int d = 0; d < directors.size(); d++) {
                double median = VariantSummary.median(seconds[d]);
                double[] ratios = new double[rounds];
                double[] cpuRatios = new double[rounds];
                for (int r = 0; r < rounds; r++) {
                    ratios[r] = seconds[d][r] / seconds[0][r];
                    cpuRatios[r] = cpu[d][r] / cpu[0][r];
                }
                report.append(String.format(Locale.ROOT, "| %s | %.3f s | %,d | %.2f× | %.3f s | %.2f× |%n", directors.get(d).name, median,
                        Math.round(tokens / median), VariantSummary.median(ratios), VariantSummary.median(cpu[d]),
                        VariantSummary.median(cpuRatios)));
            }
            report.append('\n');
        }
        report.append("## Machine\n\n");
        MachineInfo.collect().facts().forEach((k, v) -> report.append("- ").append(k).append(": ").append(v).append('\n'));
        System.out.print(report);
        if (output != null) {
            Files.createDirectories(output);
            Files.writeString(output.resolve("benchmarks-sdf.md"), report.toString(), StandardCharsets.UTF_8);
        }
    }

    /** A director, whether its runs are watched closely, and whether its memory channels are opened for any thread ({@link AnyThreadChannels}). */
    record Setup(String name, Director director, boolean watchedClosely, boolean anyThread) {
        Setup(String name, Director director, boolean watchedClosely) {
            this(name, director, watchedClosely, false);
        }

        void run(Workflow w) throws Exception {
            RunConfig.Builder config = RunConfig.builder();
            if (anyThread) {
                config.channels(AnyThreadChannels.INSTANCE);
            }
            if (watchedClosely) {
                long[] seen = new long[1];
                config.sampleInterval(Duration.ofMillis(1)).progressInterval(Duration.ofMillis(10)).listener(new RunListener() {
                    @Override
                    public void progress(RunSnapshot snapshot) {
                        seen[0] = snapshot.tokensWritten();
                    }
                });
            }
            director.run(w, config.build());
        }
    }

    /**
     * Per director, the wall seconds ({@code [0]}) and the process's CPU seconds ({@code [1]}, every
     * thread's, the collector's and compiler's too) of each measured round.
     */
    static double[][][] measure(Supplier<Workflow> workflow, List<Setup> directors, int rounds, int warmup) throws Exception {
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        double[][][] seconds = new double[2][directors.size()][rounds];
        for (int round = -warmup; round < rounds; round++) {
            for (int k = 0; k < directors.size(); k++) {
                int d = Math.floorMod(k + round, directors.size());
                Workflow w = workflow.get();
                long cpu = os.getProcessCpuTime();
                long start = System.nanoTime();
                directors.get(d).run(w);
                double s = (System.nanoTime() - start) / 1e9;
                double c = (os.getProcessCpuTime() - cpu) / 1e9;
                if (round >= 0) {
                    seconds[0][d][round] = s;
                    seconds[1][d][round] = c;
                }
            }
        }
        return seconds;
    }
}
