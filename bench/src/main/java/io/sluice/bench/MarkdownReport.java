package io.sluice.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Renders {@code benchmarks.md} from a hand-written template ({@value WorkflowBenchmark#TEMPLATE}
 * on the class path, i.e. {@code bench/src/main/resources/io/sluice/bench/}) in which each
 * {@code {{name}}} placeholder is replaced by a generated section.
 *
 * <p>To add a section (e.g. persistent policies, heap limits, JMH results): generate it in
 * {@link #sections} and put its placeholder in the template. A placeholder with no section, or a
 * section with no placeholder, is an error, so the two cannot drift apart silently.
 */
final class MarkdownReport {
    /**
     * Below this many cores busy a run is marked as starved. In the workflows measured so far some
     * actor can always run, under either director, so the JVM should keep at least one core busy;
     * much less means other processes kept it off the CPU.
     */
    static final double STARVED_CORES = 0.8;
    /** Per-round ratios within this distance of 1 count as no difference. */
    static final double EVEN = 0.05;
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([a-z0-9-]+)}}");

    private MarkdownReport() {}

    /** The report: the template with every section filled in. */
    static String render(BenchmarkReport report, String chartFile) {
        return fill(template(), sections(report, chartFile));
    }

    /** The generated sections by placeholder name. */
    static Map<String, String> sections(BenchmarkReport report, String chartFile) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("command", command(report));
        s.put("run", run(report));
        s.put("machine", machine(report));
        s.put("summary", summary(report));
        s.put("workflow-tables", tables(report));
        s.put("chart", "![Median source words per second per variant; whiskers span min to max](" + chartFile + ")");
        return s;
    }

    /**
     * Replaces every {@code {{name}}} in the template by its section.
     *
     * @throws IllegalStateException if a placeholder has no section or a section no placeholder
     */
    static String fill(String template, Map<String, String> sections) {
        Matcher m = PLACEHOLDER.matcher(template);
        StringBuilder out = new StringBuilder();
        Set<String> used = new LinkedHashSet<>();
        while (m.find()) {
            String name = m.group(1);
            String section = sections.get(name);
            if (section == null) {
                throw new IllegalStateException("the benchmarks template has placeholder {{" + name
                        + "}} but the harness generates no such section; it generates " + sections.keySet());
            }
            used.add(name);
            m.appendReplacement(out, Matcher.quoteReplacement(section.strip()));
        }
        m.appendTail(out);
        Set<String> unused = new LinkedHashSet<>(sections.keySet());
        unused.removeAll(used);
        if (!unused.isEmpty()) {
            throw new IllegalStateException("the benchmarks template has no placeholder for the sections " + unused);
        }
        return out.toString();
    }

    static String template() {
        try (InputStream in = MarkdownReport.class.getResourceAsStream(WorkflowBenchmark.TEMPLATE)) {
            if (in == null) {
                throw new IllegalStateException("resource " + WorkflowBenchmark.TEMPLATE + " is missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String command(BenchmarkReport r) {
        return "```sh\nbench/run-benchmarks.sh " + String.join(" ", r.options().reproducingArguments()) + "\n```";
    }

    private static String run(BenchmarkReport r) {
        BenchmarkOptions o = r.options();
        StringBuilder b = new StringBuilder();
        b.append("- date: ").append(r.startedAt().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z", Locale.ROOT)))
                .append('\n');
        b.append(String.format(Locale.ROOT, "- %,d source words per run, seed %d; %d warm-up round%s, then %d measured "
                + "round%s%n", o.tokens(), o.seed(), o.warmupRounds(), o.warmupRounds() == 1 ? "" : "s", o.rounds(),
                o.rounds() == 1 ? "" : "s"));
        b.append("- the harness took ").append(Format.duration(r.took())).append(" (warm-up included, build excluded)");
        if (r.loadAverageAtEnd() >= 0) {
            b.append(String.format(Locale.ROOT, "; load average at the end: %.2f", r.loadAverageAtEnd()));
        }
        b.append('\n');
        return b.toString();
    }

    private static String machine(BenchmarkReport r) {
        StringBuilder b = new StringBuilder("| | |\n| --- | --- |\n");
        r.machine().facts().forEach((k, v) -> b.append("| ").append(k).append(" | ")
                .append(k.equals("JVM options") ? "`" + v + "`" : cell(v)).append(" |\n"));
        return b.toString();
    }

    /** One generated sentence per variant compared with its baseline. */
    private static String summary(BenchmarkReport r) {
        List<String> lines = new ArrayList<>();
        for (List<VariantSummary> group : r.groups()) {
            for (VariantSummary s : group) {
                if (s.baseline() == null) {
                    continue;
                }
                double[] paired = s.pairedRatios();
                double lo = java.util.Arrays.stream(paired).min().orElse(1);
                double hi = java.util.Arrays.stream(paired).max().orElse(1);
                String verdict;
                if (paired.length < 2) {
                    verdict = "one round only, so no verdict";
                } else if (lo > 1 + EVEN) {
                    verdict = "more than " + percent(EVEN) + " faster in every round";
                } else if (hi < 1 - EVEN) {
                    verdict = "more than " + percent(EVEN) + " slower in every round";
                } else {
                    verdict = "no consistent difference of more than " + percent(EVEN);
                }
                long starved = Stream.concat(s.runs().stream(), s.baseline().runs().stream())
                        .filter(m -> m.coresBusy() < STARVED_CORES).count();
                if (starved > 0) {
                    verdict += "; " + starved + " of these runs " + (starved == 1 ? "was" : "were")
                            + " starved of CPU (⚠ below)";
                }
                lines.add(String.format(Locale.ROOT, "- `%s` ran at **%s** the speed of `%s` (per round %s–%s; %s).",
                        s.variant().name(), Format.ratio(s.ratio()), s.baseline().variant().name(), Format.ratio(lo),
                        Format.ratio(hi), verdict));
            }
        }
        return lines.isEmpty() ? "- (no variant to compare with a baseline)" : String.join("\n", lines);
    }

    /** A table per workflow, and the runs round by round. */
    static String tables(BenchmarkReport r) {
        StringBuilder b = new StringBuilder();
        for (List<VariantSummary> group : r.groups()) {
            String workflow = group.get(0).variant().workflow().name();
            b.append(String.format(Locale.ROOT, "### %s%n%n", workflow));
            b.append("| variant | median words/s | min | max | vs baseline | per-round ratio | median time "
                    + "| cores busy | peak depth (channel) | disk written |\n");
            b.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |\n");
            for (VariantSummary s : group) {
                double[] paired = s.pairedRatios();
                String range = s.baseline() == null ? "baseline"
                        : Format.ratio(java.util.Arrays.stream(paired).min().orElse(1)) + "–"
                                + Format.ratio(java.util.Arrays.stream(paired).max().orElse(1));
                Measurement deepest = s.deepest();
                b.append("| `").append(s.variant().name()).append('`').append(s.baseline() == null ? " (baseline)" : "")
                        .append(" | ").append(Format.count(s.medianTokensPerSecond()))
                        .append(" | ").append(Format.count(s.minTokensPerSecond()))
                        .append(" | ").append(Format.count(s.maxTokensPerSecond()))
                        .append(" | ").append(Format.ratio(s.ratio()))
                        .append(" | ").append(range)
                        .append(" | ").append(String.format(Locale.ROOT, "%.3f s", s.medianWallSeconds()))
                        .append(" | ").append(String.format(Locale.ROOT, "%.2f", s.medianCoresBusy()))
                        .append(" | ").append(Format.count(deepest.peakDepth())).append(" (`").append(deepest.peakChannel())
                        .append("`)")
                        .append(" | ").append(Format.bytes(s.maxDiskBytes()))
                        .append(" |\n");
            }
            b.append('\n');
            b.append("Words/s per round, with cores busy in brackets (runs alternate within a round; ⚠ marks a run "
                    + "in which the JVM kept fewer than " + STARVED_CORES + " cores busy: some actor could always run, "
                    + "so other load kept it off the CPU):\n\n");
            int rounds = group.get(0).runs().size();
            b.append("| variant |");
            for (int i = 1; i <= rounds; i++) {
                b.append(" round ").append(i).append(" |");
            }
            b.append("\n| --- |").append(" ---: |".repeat(rounds)).append('\n');
            for (VariantSummary s : group) {
                b.append("| `").append(s.variant().name()).append("` |");
                for (Measurement m : s.runs()) {
                    b.append(' ').append(Format.count(m.tokensPerSecond()))
                            .append(String.format(Locale.ROOT, " (%.2f)", m.coresBusy()))
                            .append(m.coresBusy() < STARVED_CORES ? " ⚠" : "").append(" |");
                }
                b.append('\n');
            }
            b.append('\n');
        }
        return b.toString();
    }

    private static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.0f %%", fraction * 100);
    }

    private static String cell(String s) {
        return s.replace("|", "\\|");
    }
}
