package io.sluice.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The options of {@link WorkflowBenchmark}, parsed by hand from {@code --name value} pairs (the
 * bench module does not depend on picocli).
 *
 * @param tokens words the source of every workflow emits
 * @param rounds measured rounds; each runs every variant once
 * @param warmupRounds rounds run first and not reported
 * @param seed seed of the generated words
 * @param outputDirectory where {@code benchmarks.md} and {@code benchmarks.png} are written
 * @param scratchDirectory where each run's work directory is created (and deleted)
 * @param workflows names of the workflows to run, see {@link Variants#WORKFLOWS}
 * @param directors names of the directors to run them under
 * @param channels names of the channel setups to run them over, see {@link Variants#CHANNELS}
 * @param runTimeout how long one run may take before it fails
 */
record BenchmarkOptions(long tokens, int rounds, int warmupRounds, long seed, Path outputDirectory,
        Path scratchDirectory, List<String> workflows, List<String> directors, List<String> channels,
        Duration runTimeout) {

    static final long DEFAULT_TOKENS = 1_000_000;
    static final int DEFAULT_ROUNDS = 3;
    static final int DEFAULT_WARMUP_ROUNDS = 1;
    static final long DEFAULT_SEED = 42;
    static final Duration DEFAULT_RUN_TIMEOUT = Duration.ofMinutes(30);

    static final String USAGE = """
            Usage: WorkflowBenchmark [options]
              Runs every variant (workflow x director x channels) in one JVM: warm-up rounds, then
              measured rounds in which the variants alternate. Writes benchmarks.md and
              benchmarks.png to the output directory.
            Options:
              --tokens N            source words per run (default 1000000; 1_000_000 and 1e6 work too)
              --rounds R            measured rounds (default 3)
              --warmup R            warm-up rounds (default 1)
              --seed S              seed of the generated words (default 42)
              --output DIR          where benchmarks.md and benchmarks.png go (default docs)
              --scratch DIR         where runs' work directories are made and deleted (default: java.io.tmpdir)
              --workflows a,b       workflows to run (default: filter,mergesort)
              --directors a,b       directors (default: data,demand)
              --channels a,b        channel setups (default: memory)
              --run-timeout-s S     a run taking longer fails the benchmark (default 1800)
              --help                print this and exit
            """;

    BenchmarkOptions {
        if (tokens < 1) {
            throw new IllegalArgumentException("--tokens must be at least 1, was " + tokens);
        }
        if (rounds < 1) {
            throw new IllegalArgumentException("--rounds must be at least 1, was " + rounds);
        }
        if (warmupRounds < 0) {
            throw new IllegalArgumentException("--warmup must not be negative, was " + warmupRounds);
        }
        Objects.requireNonNull(outputDirectory, "outputDirectory");
        Objects.requireNonNull(scratchDirectory, "scratchDirectory");
        workflows = List.copyOf(workflows);
        directors = List.copyOf(directors);
        channels = List.copyOf(channels);
        if (runTimeout.isNegative() || runTimeout.isZero()) {
            throw new IllegalArgumentException("--run-timeout-s must be positive, was " + runTimeout.toSeconds());
        }
    }

    /** The defaults. */
    static BenchmarkOptions defaults() {
        return new BenchmarkOptions(DEFAULT_TOKENS, DEFAULT_ROUNDS, DEFAULT_WARMUP_ROUNDS, DEFAULT_SEED, Path.of("docs"),
                Path.of(System.getProperty("java.io.tmpdir")), List.copyOf(Variants.WORKFLOWS.keySet()),
                List.of("data", "demand"), List.copyOf(Variants.CHANNELS.keySet()), DEFAULT_RUN_TIMEOUT);
    }

    /**
     * Parses command-line arguments over the defaults.
     *
     * @return the options, or null if {@code --help} was asked for
     * @throws IllegalArgumentException naming the bad argument
     */
    static BenchmarkOptions parse(String... args) {
        BenchmarkOptions o = defaults();
        long tokens = o.tokens;
        int rounds = o.rounds;
        int warmup = o.warmupRounds;
        long seed = o.seed;
        Path output = o.outputDirectory;
        Path scratch = o.scratchDirectory;
        List<String> workflows = o.workflows;
        List<String> directors = o.directors;
        List<String> channels = o.channels;
        Duration timeout = o.runTimeout;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String name = arg;
            String value = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                name = arg.substring(0, eq);
                value = arg.substring(eq + 1);
            }
            if (name.equals("--help") || name.equals("-h")) {
                return null;
            }
            if (value == null) {
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("option " + name + " needs a value");
                }
                value = args[++i];
            }
            switch (name) {
                case "--tokens" -> tokens = parseLong(name, value);
                case "--rounds" -> rounds = Math.toIntExact(parseLong(name, value));
                case "--warmup" -> warmup = Math.toIntExact(parseLong(name, value));
                case "--seed" -> seed = parseLong(name, value);
                case "--output" -> output = Path.of(value);
                case "--scratch" -> scratch = Path.of(value);
                case "--workflows" -> workflows = list(value);
                case "--directors" -> directors = list(value);
                case "--channels" -> channels = list(value);
                case "--run-timeout-s" -> timeout = Duration.ofSeconds(parseLong(name, value));
                default -> throw new IllegalArgumentException("unknown option '" + arg + "'\n" + USAGE);
            }
        }
        return new BenchmarkOptions(tokens, rounds, warmup, seed, output, scratch, workflows, directors, channels,
                timeout);
    }

    /**
     * The arguments that reproduce these options through {@code bench/run-benchmarks.sh}: tokens
     * and rounds always, the others only where they differ from the defaults (output and scratch
     * directories are left out: they say where, not what).
     */
    List<String> reproducingArguments() {
        BenchmarkOptions d = defaults();
        List<String> a = new ArrayList<>(List.of("--tokens", Long.toString(tokens), "--rounds", Integer.toString(rounds)));
        if (warmupRounds != d.warmupRounds) {
            a.addAll(List.of("--warmup", Integer.toString(warmupRounds)));
        }
        if (seed != d.seed) {
            a.addAll(List.of("--seed", Long.toString(seed)));
        }
        if (!workflows.equals(d.workflows)) {
            a.addAll(List.of("--workflows", String.join(",", workflows)));
        }
        if (!directors.equals(d.directors)) {
            a.addAll(List.of("--directors", String.join(",", directors)));
        }
        if (!channels.equals(d.channels)) {
            a.addAll(List.of("--channels", String.join(",", channels)));
        }
        if (!runTimeout.equals(d.runTimeout)) {
            a.addAll(List.of("--run-timeout-s", Long.toString(runTimeout.toSeconds())));
        }
        return a;
    }

    private static long parseLong(String option, String value) {
        String v = value.replace("_", "").replace(",", "").trim();
        try {
            if (v.matches("\\d+(\\.\\d+)?[eE]\\d+")) {
                return new java.math.BigDecimal(v).longValueExact();
            }
            return Long.parseLong(v);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("option " + option + " needs a whole number, got '" + value + "'");
        }
    }

    private static List<String> list(String value) {
        List<String> items = Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
        if (items.isEmpty()) {
            throw new IllegalArgumentException("empty list '" + value + "'");
        }
        return items;
    }
}
