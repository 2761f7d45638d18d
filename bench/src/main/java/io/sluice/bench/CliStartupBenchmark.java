package io.sluice.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * How long the {@code sluice} command takes as a whole process, start-up included, for the
 * questions a scientist asks from the shell: {@code prov stats}, a one-token {@code prov lineage},
 * {@code channel info}, each against {@code sluice --version}, which does nothing but start. The
 * commands run in turn, the order rotating each round, after warm-up rounds (which also let the
 * launcher make its class-data archive); each is a process of its own started by the launcher as
 * a user would start it. The target: {@code prov stats} and the lineage under 0.5 s of wall time.
 *
 * <p>Run it with {@code bench/run-benchmarks.sh --cli}; options: {@code --launcher PATH} (default
 * {@code ./sluice}), {@code --rounds R} (20), {@code --warmup W} (3), {@code --tokens N} (100000,
 * the size of the filter run asked about), {@code --scratch DIR} (java.io.tmpdir; the run's
 * directory, a few MiB, is deleted at the end), {@code --output DIR} (writes
 * {@code benchmarks-cli.md} there).
 */
public final class CliStartupBenchmark {
    /** The most {@code prov stats} and a one-token lineage may take, start-up included. */
    static final double TARGET_SECONDS = 0.5;

    private CliStartupBenchmark() {}

    /**
     * A command's times.
     *
     * @param name what it is, for the report
     * @param args its arguments after the launcher
     * @param seconds the wall time of each measured run
     */
    record Timed(String name, List<String> args, double[] seconds) {
        double median() {
            double[] s = seconds.clone();
            Arrays.sort(s);
            return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
        }

        double min() {
            return Arrays.stream(seconds).min().orElse(Double.NaN);
        }

        double max() {
            return Arrays.stream(seconds).max().orElse(Double.NaN);
        }
    }

    public static void main(String[] args) throws Exception {
        BenchArgs options = BenchArgs.parse(args, "--launcher PATH, --rounds R, --warmup W, --tokens N, --scratch DIR, --output DIR");
        Path launcher = options.getPath("--launcher", Path.of("sluice"));
        int rounds = options.getInt("--rounds", 20);
        int warmup = options.getInt("--warmup", 3);
        long tokens = options.getLong("--tokens", 100_000);
        Path scratch = options.getPath("--scratch", Path.of(System.getProperty("java.io.tmpdir")));
        Path output = options.getPath("--output", null);
        Files.createDirectories(scratch);
        Path dir = Files.createTempDirectory(scratch, "sluice-cli-bench");
        List<Timed> timed;
        try {
            Path work = dir.resolve("w");
            run(launcher.toAbsolutePath(), List.of("run", "filter", "--tokens", Long.toString(tokens), "--work", work.toString()));
            Map<String, List<String>> commands = new LinkedHashMap<>();
            commands.put("sluice --version", List.of("--version"));
            commands.put("sluice prov stats", List.of("prov", "stats", work.toString()));
            commands.put("sluice prov lineage --line 1", List.of("prov", "lineage", work.toString(), "--line", "1"));
            commands.put("sluice channel info", List.of("channel", "info", work.resolve("channels/filter.out").toString()));
            timed = measure(launcher.toAbsolutePath(), commands, rounds, warmup);
        } finally {
            WorkflowBenchmark.deleteRecursively(dir);
        }
        String report = report(timed, tokens, rounds, warmup);
        System.out.println(report);
        if (output != null) {
            Files.createDirectories(output);
            Files.writeString(output.resolve("benchmarks-cli.md"), report, StandardCharsets.UTF_8);
        }
    }

    /** Runs every command once a round, in an order that rotates by one each round, after {@code warmup} unmeasured rounds. */
    static List<Timed> measure(Path launcher, Map<String, List<String>> commands, int rounds, int warmup) throws Exception {
        List<String> names = new ArrayList<>(commands.keySet());
        Map<String, double[]> seconds = new LinkedHashMap<>();
        names.forEach(n -> seconds.put(n, new double[rounds]));
        for (int round = -warmup; round < rounds; round++) {
            for (int k = 0; k < names.size(); k++) {
                String name = names.get(Math.floorMod(k + round, names.size()));
                double s = run(launcher, commands.get(name));
                if (round >= 0) {
                    seconds.get(name)[round] = s;
                }
            }
        }
        return names.stream().map(n -> new Timed(n, commands.get(n), seconds.get(n))).toList();
    }

    /** Runs the launcher with {@code args} as a process of its own; returns its wall time in seconds. */
    private static double run(Path launcher, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(launcher.toString());
        command.addAll(args);
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IOException(String.join(" ", command) + " took longer than 5 minutes");
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " exited with " + p.exitValue());
        }
        return seconds;
    }

    static String report(List<Timed> timed, long tokens, int rounds, int warmup) {
        StringBuilder s = new StringBuilder("# Sluice benchmarks: the command's start-up\n\n");
        s.append("<!-- Generated by bench/run-benchmarks.sh --cli (io.sluice.bench.CliStartupBenchmark). Do not edit. -->\n\n");
        s.append(String.format(Locale.ROOT, "How long `sluice` takes as a whole process, start-up included, for questions asked from the%n"
                + "shell about a %,d-word `filter` run, each against `sluice --version`, which only starts. %d measured%n"
                + "rounds after %d warm-up rounds; in each round every command runs once, as a process of its own started%n"
                + "by the launcher, the order rotating each round. Target: `prov stats` and a one-token lineage under%n"
                + "%.1f s of wall time.%n%n", tokens, rounds, warmup, TARGET_SECONDS));
        s.append("| command | median wall (s) | min | max | vs --version | target |\n");
        s.append("| --- | ---: | ---: | ---: | ---: | --- |\n");
        double base = timed.get(0).median();
        for (Timed t : timed) {
            boolean targeted = t.name().contains("prov stats") || t.name().contains("lineage");
            s.append(String.format(Locale.ROOT, "| `%s` | %.3f | %.3f | %.3f | %.2f× | %s |%n", t.name(), t.median(), t.min(), t.max(),
                    t.median() / base, targeted ? (t.median() < TARGET_SECONDS ? "**met**" : "not met") : ""));
        }
        s.append("\n## Machine\n\n");
        MachineInfo.collect().facts().forEach((k, v) -> s.append("- ").append(k).append(": ").append(v).append('\n'));
        return s.toString();
    }
}
