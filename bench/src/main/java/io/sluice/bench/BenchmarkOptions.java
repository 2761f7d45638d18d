package io.sluice.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The options of {@link WorkflowBenchmark}, parsed by hand from {@code --name value} pairs (the
 * bench module does not depend on picocli).
 *
 * @param tokens words the source of every workflow emits, unless {@code workflowTokens} says otherwise
 * @param rounds measured rounds; each runs every variant once, unless {@code workflowRounds} says otherwise
 * @param warmupRounds rounds run first and not reported, unless {@code workflowWarmup} says otherwise
 * @param seed seed of the generated words
 * @param outputDirectory where {@code benchmarks.md}, {@code benchmarks.png} and
 *     {@code benchmarks-rounds.csv} are written
 * @param scratchDirectory where each run's work directory is created (and deleted)
 * @param workflows names of the workflows to run, see {@link Variants#WORKFLOWS}
 * @param directors names of the directors to run them under
 * @param channels names of the channel setups to run them over, see {@link Variants#channels}
 * @param runTimeout how long one run may take before it fails
 * @param workflowTokens source words per run of the named workflows, overriding {@code tokens}
 * @param workflowRounds measured rounds of the named workflows, overriding {@code rounds}: a
 *     workflow whose runs are short can have many more rounds, and so a narrower interval, at little cost
 * @param workflowWarmup warm-up rounds of the named workflows, overriding {@code warmupRounds}
 * @param heapLimited the heap-limited section: sizes to run in child JVMs, empty to skip it
 * @param jmh whether to run the JMH micro-benchmarks and report them
 * @param jmhIterationMillis how long each JMH warm-up and measurement iteration lasts
 */
record BenchmarkOptions(long tokens, int rounds, int warmupRounds, long seed, Path outputDirectory,
        Path scratchDirectory, List<String> workflows, List<String> directors, List<String> channels,
        Duration runTimeout, Map<String, Long> workflowTokens, Map<String, Integer> workflowRounds,
        Map<String, Integer> workflowWarmup, HeapLimitedOptions heapLimited, boolean jmh, long jmhIterationMillis) {

    static final long DEFAULT_TOKENS = 1_000_000;
    static final int DEFAULT_ROUNDS = 3;
    static final int DEFAULT_WARMUP_ROUNDS = 1;
    static final long DEFAULT_SEED = 42;
    static final Duration DEFAULT_RUN_TIMEOUT = Duration.ofMinutes(30);
    /**
     * Per-workflow sizes by default. Insertion sort moves about n²/2 tokens, so 5,000 words are a
     * run of seconds; mergesort at a million words takes half a minute or more per persistent
     * run, and its large sizes are the heap-limited section's business.
     */
    static final Map<String, Long> DEFAULT_WORKFLOW_TOKENS = orderedMap("mergesort", 200_000L, "insertion-sort", 5_000L);
    static final long DEFAULT_JMH_ITERATION_MILLIS = 1000;

    static final String USAGE = """
            Usage: WorkflowBenchmark [options]
              Runs every variant (workflow x director x channels) in one JVM: warm-up rounds, then
              measured rounds in which the variants alternate. Writes benchmarks.md,
              benchmarks.png and benchmarks-rounds.csv to the output directory.
            Options:
              --tokens N            source words per run (default 1000000; 1_000_000 and 1e6 work too)
              --workflow-tokens w=N,...  source words per run of the named workflows, overriding --tokens
                                    (default mergesort=200000,insertion-sort=5000)
              --rounds R            measured rounds (default 3)
              --warmup R            warm-up rounds (default 1)
              --workflow-rounds w=R,...  measured rounds of the named workflows, overriding --rounds
              --workflow-warmup w=R,...  warm-up rounds of the named workflows, overriding --warmup
              --seed S              seed of the generated words (default 42)
              --output DIR          where benchmarks.md, .png and -rounds.csv go (default docs)
              --scratch DIR         where runs' work directories are made and deleted (default: java.io.tmpdir)
              --workflows a,b       workflows to run (default: filter,mergesort,insertion-sort)
              --directors a,b       directors (default: data,demand)
              --channels a,b        channel setups (default: memory,direct,cached,fast-track,
                                    fast-track+prov; any setup with +prov records provenance;
                                    raw-chronicle, the limit of direct, String tokens only,
                                    runs after direct in the data-driven filter unasked)
              --run-timeout-s S     a run taking longer fails (default 1800)
              --jmh on|off          run the JMH micro-benchmarks too (default on; about 5 minutes)
              --jmh-iteration-ms M  length of each JMH iteration (default 1000)
            Heap-limited section (off unless one of these is given; one child JVM per run):
              --heap-limited        run it with the default sizes 1000000,5000000,10000000
              --heap-limited-sizes a,b  run it with these sizes
              --heap-limit SIZE     -Xmx of the child JVMs (default 256m)
              --heap-limited-workflow W  the workflow (default mergesort)
              --heap-limited-director D  its director (default data)
              --heap-limited-channels a,b  channel setups (default: memory,direct,cached,fast-track,
                                    fast-track+prov; any setup with +prov records provenance)
              --heap-limited-timeout-s S  a child run taking longer is killed (default 1800)
              --heap-limited-spare-gib G  disk to leave free beyond a run's estimated need (default 5)
              --heap-limited-repeats R  runs of each size and setup; the table shows their median
                                    time (default 1)
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
        workflowTokens = checked("--workflow-tokens", workflowTokens, 1);
        workflowRounds = checked("--workflow-rounds", workflowRounds, 1);
        workflowWarmup = checked("--workflow-warmup", workflowWarmup, 0);
        Objects.requireNonNull(heapLimited, "heapLimited");
        if (jmhIterationMillis < 1) {
            throw new IllegalArgumentException("--jmh-iteration-ms must be positive, was " + jmhIterationMillis);
        }
    }

    /** Source words per run of the named workflow. */
    long tokensFor(String workflow) {
        return workflowTokens.getOrDefault(workflow, tokens);
    }

    /** Measured rounds of the named workflow. */
    int roundsFor(String workflow) {
        return workflowRounds.getOrDefault(workflow, rounds);
    }

    /** Warm-up rounds of the named workflow. */
    int warmupFor(String workflow) {
        return workflowWarmup.getOrDefault(workflow, warmupRounds);
    }

    /** A copy of {@code perWorkflow}, in its order, each key a workflow and each value at least {@code least}. */
    private static <N extends Number> Map<String, N> checked(String option, Map<String, N> perWorkflow, long least) {
        perWorkflow.forEach((w, n) -> {
            if (!Variants.WORKFLOWS.containsKey(w)) {
                throw new IllegalArgumentException(option + " names an unknown workflow '" + w + "'; known: "
                        + String.join(", ", Variants.WORKFLOWS.keySet()));
            }
            if (n.longValue() < least) {
                throw new IllegalArgumentException(option + " " + w + " must be at least " + least + ", was " + n);
            }
        });
        return Collections.unmodifiableMap(new LinkedHashMap<>(perWorkflow));
    }

    /** The defaults. */
    static BenchmarkOptions defaults() {
        return new BenchmarkOptions(DEFAULT_TOKENS, DEFAULT_ROUNDS, DEFAULT_WARMUP_ROUNDS, DEFAULT_SEED, Path.of("docs"),
                Path.of(System.getProperty("java.io.tmpdir")), Variants.DEFAULT_WORKFLOWS,
                List.of("data", "demand"), Variants.DEFAULT_CHANNELS, DEFAULT_RUN_TIMEOUT,
                DEFAULT_WORKFLOW_TOKENS, Map.of(), Map.of(), HeapLimitedOptions.OFF, true, DEFAULT_JMH_ITERATION_MILLIS);
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
        Map<String, Long> workflowTokens = new LinkedHashMap<>(o.workflowTokens);
        Map<String, Integer> workflowRounds = new LinkedHashMap<>(o.workflowRounds);
        Map<String, Integer> workflowWarmup = new LinkedHashMap<>(o.workflowWarmup);
        HeapLimitedOptions heap = o.heapLimited;
        boolean jmh = o.jmh;
        long jmhMillis = o.jmhIterationMillis;
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
            if (name.equals("--heap-limited") && value == null) {
                heap = heap.withSizes(HeapLimitedOptions.DEFAULT_SIZES);
                continue;
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
                case "--workflow-tokens" -> perWorkflow(name, value).forEach(workflowTokens::put);
                case "--workflow-rounds" -> perWorkflow(name, value).forEach((w, n) -> workflowRounds.put(w, Math.toIntExact(n)));
                case "--workflow-warmup" -> perWorkflow(name, value).forEach((w, n) -> workflowWarmup.put(w, Math.toIntExact(n)));
                case "--jmh" -> jmh = switch (value) {
                    case "on", "true", "yes" -> true;
                    case "off", "false", "no" -> false;
                    default -> throw new IllegalArgumentException("--jmh needs on or off, got '" + value + "'");
                };
                case "--jmh-iteration-ms" -> jmhMillis = parseLong(name, value);
                case "--heap-limited-sizes" -> {
                    String option = name;
                    heap = heap.withSizes(list(value).stream().map(v -> parseLong(option, v)).toList());
                }
                case "--heap-limit" -> heap = heap.withHeap(value);
                case "--heap-limited-workflow" -> heap = heap.withWorkflow(value);
                case "--heap-limited-director" -> heap = heap.withDirector(value);
                case "--heap-limited-channels" -> heap = heap.withChannels(list(value));
                case "--heap-limited-timeout-s" -> heap = heap.withTimeout(Duration.ofSeconds(parseLong(name, value)));
                case "--heap-limited-spare-gib" -> heap = heap.withSpareBytes(parseLong(name, value) << 30);
                case "--heap-limited-repeats" -> heap = heap.withRepeats(Math.toIntExact(parseLong(name, value)));
                default -> throw new IllegalArgumentException("unknown option '" + arg + "'\n" + USAGE);
            }
        }
        return new BenchmarkOptions(tokens, rounds, warmup, seed, output, scratch, workflows, directors, channels,
                timeout, workflowTokens, workflowRounds, workflowWarmup, heap, jmh, jmhMillis);
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
        if (!workflowTokens.equals(d.workflowTokens)) {
            a.addAll(List.of("--workflow-tokens", perWorkflow(workflowTokens)));
        }
        if (!workflowRounds.equals(d.workflowRounds)) {
            a.addAll(List.of("--workflow-rounds", perWorkflow(workflowRounds)));
        }
        if (!workflowWarmup.equals(d.workflowWarmup)) {
            a.addAll(List.of("--workflow-warmup", perWorkflow(workflowWarmup)));
        }
        if (jmh != d.jmh) {
            a.addAll(List.of("--jmh", jmh ? "on" : "off"));
        }
        if (jmhIterationMillis != d.jmhIterationMillis) {
            a.addAll(List.of("--jmh-iteration-ms", Long.toString(jmhIterationMillis)));
        }
        a.addAll(heapLimited.reproducingArguments());
        return a;
    }

    static long parseLong(String option, String value) {
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

    private static <V> Map<String, V> orderedMap(Object... keysAndValues) {
        Map<String, V> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            @SuppressWarnings("unchecked")
            V v = (V) keysAndValues[i + 1];
            m.put((String) keysAndValues[i], v);
        }
        return Collections.unmodifiableMap(m);
    }

    /** The {@code workflow=N} items of {@code value}, in order. */
    private static Map<String, Long> perWorkflow(String option, String value) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (String item : list(value)) {
            int at = item.indexOf('=');
            if (at <= 0) {
                throw new IllegalArgumentException(option + " needs workflow=N items, got '" + item + "'");
            }
            m.put(item.substring(0, at).trim(), parseLong(option, item.substring(at + 1)));
        }
        return m;
    }

    /** {@code perWorkflow} as {@code workflow=N} items, as {@link #perWorkflow(String, String)} reads them. */
    private static String perWorkflow(Map<String, ? extends Number> perWorkflow) {
        return perWorkflow.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(","));
    }

    private static List<String> list(String value) {
        List<String> items = Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
        if (items.isEmpty()) {
            throw new IllegalArgumentException("empty list '" + value + "'");
        }
        return items;
    }
}
