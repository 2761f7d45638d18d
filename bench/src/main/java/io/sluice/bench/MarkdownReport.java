package io.sluice.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
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
    /** The system property naming a template file to use instead of the built-in one. */
    static final String TEMPLATE_PROPERTY = "sluice.bench.template";
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([a-z0-9-]+)}}");

    private MarkdownReport() {}

    /**
     * The report: the template with every section filled in. It links the chart {@code chartFile}
     * and the runs round by round, {@code roundsFile} ({@link #roundsCsv}), both beside it.
     */
    static String render(BenchmarkReport report, String chartFile, String roundsFile) {
        return fill(template(), sections(report, chartFile, roundsFile));
    }

    /** The generated sections by placeholder name. */
    static Map<String, String> sections(BenchmarkReport report, String chartFile, String roundsFile) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("command", command(report));
        s.put("run", run(report));
        s.put("machine", machine(report));
        s.put("summary", summary(report));
        s.put("workflow-tables", tables(report, roundsFile));
        s.put("chart", "![Median source words per second per variant; whiskers span min to max](" + chartFile + ")");
        s.put("targets", targets(report));
        s.put("failures", failures(report));
        s.put("codecs", report.codecs().stream().map(c -> "- " + c).collect(Collectors.joining("\n")));
        s.put("jmh", jmh(report));
        s.put("heap-limited", heapLimited(report));
        s.put("provenance", provenance(report));
        s.put("timings", timings(report));
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

    /**
     * The template: the file named by the system property {@value #TEMPLATE_PROPERTY} if set (to
     * edit the prose and see it without rebuilding the jar, even while a long run is under way),
     * else the one on the class path.
     */
    static String template() {
        String file = System.getProperty(TEMPLATE_PROPERTY);
        if (file != null) {
            try {
                return java.nio.file.Files.readString(java.nio.file.Path.of(file), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the template " + file + " named by -D" + TEMPLATE_PROPERTY, e);
            }
        }
        try (InputStream in = MarkdownReport.class.getResourceAsStream(WorkflowBenchmark.TEMPLATE)) {
            if (in == null) {
                throw new IllegalStateException("resource " + WorkflowBenchmark.TEMPLATE + " is missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** "10 measured rounds", with the workflows that had another number: "10 measured rounds (filter 40)". */
    static String measuredRounds(BenchmarkOptions o) {
        return rounds(o, o.rounds(), o.workflowRounds(), "measured");
    }

    private static String rounds(BenchmarkOptions o, int rounds, Map<String, Integer> perWorkflow, String kind) {
        String others = o.workflows().stream().filter(w -> perWorkflow.getOrDefault(w, rounds) != rounds)
                .map(w -> w + " " + perWorkflow.get(w)).collect(Collectors.joining(", "));
        return rounds + " " + kind + " round" + (rounds == 1 ? "" : "s") + (others.isEmpty() ? "" : " (" + others + ")");
    }

    private static String command(BenchmarkReport r) {
        return "```sh\nbench/run-benchmarks.sh " + String.join(" ", r.options().reproducingArguments()) + "\n```";
    }

    private static String run(BenchmarkReport r) {
        BenchmarkOptions o = r.options();
        StringBuilder b = new StringBuilder();
        b.append("- date: ").append(r.startedAt().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z", Locale.ROOT)))
                .append('\n');
        String sizes = o.workflows().stream().map(w -> w + " " + Format.count(o.tokensFor(w)))
                .collect(Collectors.joining(", "));
        b.append(String.format(Locale.ROOT, "- source words per run: %s; seed %d; %s, then %s%n", sizes, o.seed(),
                rounds(o, o.warmupRounds(), o.workflowWarmup(), "warm-up"), measuredRounds(o)));
        b.append("- the harness took ").append(Format.duration(r.took())).append(" (warm-up included, build excluded: ")
                .append(r.jmh() == null ? "no JMH" : "JMH " + Format.duration(r.jmhTook())).append(", ")
                .append(r.heapLimited() == null ? "no heap-limited section" : "heap-limited section "
                        + Format.duration(r.heapLimited().took())).append(")");
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

    /** One row per variant compared with its baseline: its speed, the range of its per-round ratios, a verdict. */
    static String summary(BenchmarkReport r) {
        StringBuilder b = new StringBuilder("| variant | baseline | speed vs baseline | per-round ratio | verdict |\n"
                + "| --- | --- | ---: | ---: | --- |\n");
        int rows = 0;
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
                            + " starved of CPU (`starved` in the rounds' CSV)";
                }
                b.append("| `").append(s.variant().name()).append("` | `").append(s.baseline().variant().name())
                        .append("` | **").append(Format.ratio(s.ratio())).append("** | ").append(Format.ratio(lo)).append('–')
                        .append(Format.ratio(hi)).append(" | ").append(verdict).append(" |\n");
                rows++;
            }
        }
        return rows == 0 ? "No variant to compare with a baseline." : b.toString();
    }

    /**
     * A table per workflow, each followed by where its runs are round by round ({@code roundsFile},
     * written from {@link #roundsCsv}).
     */
    static String tables(BenchmarkReport r, String roundsFile) {
        StringBuilder b = new StringBuilder();
        for (List<VariantSummary> group : r.groups()) {
            String workflow = group.get(0).variant().workflow().name();
            b.append(String.format(Locale.ROOT, "### %s (%s words)%n%n", workflow, Format.count(group.get(0).runs().get(0).tokens())));
            b.append("| variant | median words/s | min | max | vs baseline | per-round ratio | median time "
                    + "| cores busy | peak depth (channel) | disk written (allocated) | disk (apparent) |\n");
            b.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |\n");
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
                        .append(" | ").append(s.maxDiskAllocatedBytes() >= 0 ? Format.bytes(s.maxDiskAllocatedBytes()) : "–")
                        .append(" | ").append(Format.bytes(s.maxDiskBytes()))
                        .append(" |\n");
            }
            b.append('\n');
            int rounds = group.stream().mapToInt(s -> s.runs().size()).max().orElse(0);
            long starved = group.stream().flatMap(s -> s.runs().stream()).filter(m -> m.coresBusy() < STARVED_CORES).count();
            b.append("Every run of these variants, round by round (words/s and cores busy): the rows of `").append(workflow)
                    .append("` in [").append(roundsFile).append("](").append(roundsFile).append(") (").append(rounds)
                    .append(rounds == 1 ? " measured round; " : " measured rounds; ")
                    .append(starved == 0 ? "no run" : starved + (starved == 1 ? " run" : " runs")).append(" kept fewer than ")
                    .append(STARVED_CORES).append(" cores busy").append(starved == 0 ? "" : ", marked `starved` there")
                    .append(").\n\n");
        }
        return b.toString();
    }

    /**
     * Every measured run, one row each, in the order of the tables: the per-round data that the
     * page summarises, as CSV (a header, then {@code workflow,words,variant,round,words_per_second,
     * cores_busy,starved}; words/s rounded to a whole number, cores busy to two decimals,
     * {@code starved} true for a run that kept fewer than {@value #STARVED_CORES} cores busy).
     */
    static String roundsCsv(BenchmarkReport r) {
        StringBuilder b = new StringBuilder("workflow,words,variant,round,words_per_second,cores_busy,starved\n");
        for (List<VariantSummary> group : r.groups()) {
            for (VariantSummary s : group) {
                for (Measurement m : s.runs()) {
                    b.append(s.variant().workflow().name()).append(',').append(m.tokens()).append(',').append(s.variant().name())
                            .append(',').append(m.round()).append(',')
                            .append(String.format(Locale.ROOT, "%.0f,%.2f,", m.tokensPerSecond(), m.coresBusy()))
                            .append(m.coresBusy() < STARVED_CORES).append('\n');
                }
            }
        }
        return b.toString();
    }

    /** The targets of issue 3, each with what this run measured. */
    static String targets(BenchmarkReport r) {
        StringBuilder b = new StringBuilder("| target | measured | met? |\n| --- | --- | --- |\n");
        long filterTokens = r.options().tokensFor("filter");
        for (String[] t : new String[][] {{"fast-track", "0.8"}, {"direct", "0.5"}}) {
            double want = Double.parseDouble(t[1]);
            String target = String.format(Locale.ROOT, "filter, data-driven, %s words: `%s` ≥ %s× memory", Format.count(filterTokens),
                    t[0], t[1]);
            b.append("| ").append(target).append(" | ");
            VariantSummary s = againstFilterMemory(r, t[0]);
            if (s == null) {
                String failure = failureOf(r, "filter/data/" + t[0]);
                b.append(failure != null ? "failed: " + cell(failure) : "not measured").append(" | ")
                        .append(failure != null ? "no" : "–").append(" |\n");
                continue;
            }
            b.append(Format.ratio(s.ratio())).append(pairedVerdict(s.pairedRatios(), want)).append(" |\n");
        }
        b.append(directLimit(r));
        if (r.jmh() != null) {
            for (String method : List.of("single", "batch")) {
                for (int payload : new int[] {16, 1024}) {
                    JmhResults.Row direct = JmhResults.find(r.jmh(), method, "direct", payload);
                    JmhResults.Row raw = JmhResults.find(r.jmh(), method, JmhResults.RAW_BYTES, payload);
                    if (direct == null || raw == null) {
                        continue;
                    }
                    double ratio = direct.nanos() / raw.nanos();
                    b.append(String.format(Locale.ROOT, "| JMH `%s`, %s: `direct` put + take ≤ 2× raw Chronicle append + read "
                            + "| %.1f ns vs %.1f ns: %s | %s |%n", method.equals("single") ? "putThenTake" : "putThenTakeBatch",
                            Format.bytes(payload), direct.nanos(), raw.nanos(), Format.ratio(ratio), ratio <= 2 ? "**met**" : "**no**"));
                }
            }
        } else {
            b.append("| JMH: `direct` ≤ 2× raw Chronicle | not run (`--jmh off`) | – |\n");
        }
        b.append(provenanceTarget(r));
        HeapLimitedReport h = r.heapLimited();
        if (h == null) {
            b.append("| mergesort with -Xmx256m at 1M, 5M, 10M words: every persistent policy completes, time per word grows "
                    + "≤ 1.3×, memory channels run out of memory | not run by this command (see "
                    + "[Heap-limited mergesort](#heap-limited-mergesort)) | – |\n");
        } else {
            String sizes = h.options().sizes().stream().map(n -> Format.count(n)).collect(Collectors.joining(", "));
            for (String c : h.options().channels()) {
                if (c.equals("memory")) {
                    String oom = h.entries().stream().filter(e -> e.channels().equals(c) && e.status() == HeapLimitedReport.Status.OOM)
                            .map(e -> "OutOfMemoryError at " + Format.count(e.tokens()) + " words").findFirst()
                            .orElse("no OutOfMemoryError");
                    b.append("| ").append(h.options().workflow()).append(", -Xmx").append(h.options().heap())
                            .append(": `memory` runs out of memory | ").append(oom).append(" | ")
                            .append(oom.startsWith("Out") ? "**met**" : "**no**").append(" |\n");
                    continue;
                }
                List<HeapLimitedReport.Entry> mine = h.options().sizes().stream().flatMap(n -> h.entry(c, n).stream()).toList();
                boolean all = mine.size() == h.options().sizes().size()
                        && mine.stream().allMatch(e -> e.status() == HeapLimitedReport.Status.OK);
                String outcomes = mine.stream().map(e -> Format.count(e.tokens()) + ": " + e.status().label)
                        .collect(Collectors.joining("; "));
                b.append("| ").append(h.options().workflow()).append(", -Xmx").append(h.options().heap()).append(", ")
                        .append(sizes).append(" words: `").append(c).append("` completes at every size | ").append(outcomes)
                        .append(" | ").append(all ? "**met**" : "**no**").append(" |\n");
                var growth = h.growth(c);
                b.append("| … `").append(c).append("`: time per word grows ≤ 1.3× from the smallest to the largest size | ")
                        .append(growth.map(g -> Format.ratio(g)).orElse("not measured at both sizes")).append(" | ")
                        .append(growth.map(g -> g <= 1.3 ? "**met**" : "**no**").orElse("no")).append(" |\n");
            }
        }
        return b.toString();
    }

    /** Issue 4: recording provenance makes the filter at most 5% slower. */
    private static String provenanceTarget(BenchmarkReport r) {
        String prov = "filter/data/fast-track" + Variants.PROVENANCE_SUFFIX;
        String target = "filter, data-driven, `fast-track`: recording provenance at most 5% slower (≥ 0.95× without) | ";
        VariantSummary with = find(r, prov);
        VariantSummary without = find(r, "filter/data/fast-track");
        if (with == null || without == null) {
            String failure = failureOf(r, prov);
            return "| " + target + (failure != null ? "failed: " + cell(failure) + " | no" : "not measured | –") + " |\n";
        }
        double ratio = with.medianTokensPerSecond() / without.medianTokensPerSecond();
        return "| " + target + Format.ratio(ratio) + pairedVerdict(with.pairedRatios(without), 0.95) + " |\n";
    }

    /**
     * The rest of a measured cell and the verdict cell for a target of at least {@code want}, from
     * the per-round ratios: their range and the 95% interval of their median
     * ({@link MedianInterval}), which decides; with too few rounds for an interval, their median.
     */
    static String pairedVerdict(double[] paired, double want) {
        if (paired.length == 0) {
            return " (no round measured both) | –";
        }
        Optional<MedianInterval> interval = MedianInterval.of(paired);
        String spread = " (" + spread(paired, interval) + ") | ";
        if (interval.isEmpty()) {
            return spread + (VariantSummary.median(paired) >= want ? "**met**" : "**no**") + " in the median";
        }
        return spread + switch (interval.get().atLeast(want)) {
            case MET -> "**met**";
            case NOT_MET -> "**no**";
            case UNCLEAR -> "**unclear**";
        };
    }

    /** The range of per-round ratios and, if there are enough of them, their median's interval ({@code interval}). */
    private static String spread(double[] paired, Optional<MedianInterval> interval) {
        String range = "per round " + Format.ratio(Arrays.stream(paired).min().orElse(1)) + "–"
                + Format.ratio(Arrays.stream(paired).max().orElse(1));
        return interval.map(i -> String.format(Locale.ROOT, "%s; median %s, %.0f%% interval %s–%s", range,
                Format.ratio(VariantSummary.median(paired)), 100 * i.coverage(), Format.ratio(i.low()), Format.ratio(i.high())))
                .orElse(range + "; too few rounds for an interval");
    }

    /**
     * Beside the {@code direct} target, its limit ({@link RawChronicleChannel}) if it ran: how fast
     * raw Chronicle went against memory channels, and {@code direct} against raw Chronicle, each
     * from the rounds in which both ran. Not a target, so no verdict; empty if either did not run.
     */
    private static String directLimit(BenchmarkReport r) {
        VariantSummary raw = againstFilterMemory(r, RawChronicleChannels.NAME);
        VariantSummary direct = find(r, "filter/data/direct");
        if (raw == null || direct == null) {
            return "";
        }
        double[] rawVsMemory = raw.pairedRatios();
        double[] directVsRaw = direct.pairedRatios(raw);
        if (directVsRaw.length == 0) {
            return "";
        }
        return "| … the limit of `direct`: raw Chronicle, one excerpt per token and no Sluice code (`raw-chronicle`), in "
                + "the same rounds | raw Chronicle " + Format.ratio(raw.ratio()) + " memory (" + spread(rawVsMemory,
                MedianInterval.of(rawVsMemory)) + "); `direct` " + Format.ratio(VariantSummary.median(directVsRaw))
                + " raw Chronicle (" + spread(directVsRaw, MedianInterval.of(directVsRaw)) + ") | – |\n";
    }

    /** The data-driven filter over {@code channels}, if it was measured against the data-driven filter over memory channels; else null. */
    private static VariantSummary againstFilterMemory(BenchmarkReport r, String channels) {
        VariantSummary s = find(r, "filter/data/" + channels);
        return s != null && s.baseline() != null && s.baseline().variant().name().equals("filter/data/memory") ? s : null;
    }

    /** Per variant that recorded provenance: its cost against the same variant without, its size, its lineage queries. */
    static String provenance(BenchmarkReport r) {
        StringBuilder b = new StringBuilder();
        for (VariantSummary s : r.groups().stream().flatMap(List::stream).toList()) {
            if (!s.variant().channels().provenance()) {
                continue;
            }
            if (b.length() == 0) {
                b.append("| variant | words/s vs without provenance | bytes per firing | firings | lineage, depth 1 | lineage, depth 3 |\n")
                        .append("| --- | ---: | ---: | ---: | ---: | ---: |\n");
            }
            String plain = s.variant().name().substring(0, s.variant().name().length() - Variants.PROVENANCE_SUFFIX.length());
            VariantSummary without = find(r, plain);
            ProvenanceProbe.Result p = s.runs().stream().map(Measurement::provenance).filter(java.util.Objects::nonNull)
                    .reduce((a, c) -> c).orElse(null);
            b.append("| `").append(s.variant().name()).append("` | ")
                    .append(without == null ? "–" : Format.ratio(s.medianTokensPerSecond() / without.medianTokensPerSecond()) + " of `"
                            + plain + "`")
                    .append(" | ").append(p == null ? "–" : String.format(Locale.ROOT, "%.1f", p.bytesPerFiring()))
                    .append(" | ").append(p == null ? "–" : Format.count(p.firings()))
                    .append(" | ").append(p == null || p.lineage1Nanos() < 0 ? "–" : String.format(Locale.ROOT, "%.3f ms", p.lineage1Nanos() / 1e6))
                    .append(" | ").append(p == null || p.lineage3Nanos() < 0 ? "–" : String.format(Locale.ROOT, "%.3f ms", p.lineage3Nanos() / 1e6))
                    .append(" |\n");
        }
        return b.length() == 0 ? "Not run by this command (no `" + Variants.PROVENANCE_SUFFIX.substring(1) + "` channel setup selected)."
                : b.toString();
    }

    private static VariantSummary find(BenchmarkReport r, String variant) {
        return r.groups().stream().flatMap(List::stream).filter(s -> s.variant().name().equals(variant)).findFirst()
                .orElse(null);
    }

    private static String failureOf(BenchmarkReport r, String variant) {
        return r.failures().stream().filter(f -> f.variant().equals(variant)).map(BenchmarkReport.Failure::reason)
                .findFirst().orElse(null);
    }

    private static String failures(BenchmarkReport r) {
        if (r.failures().isEmpty()) {
            return "Every variant completed with its whole result in every run.";
        }
        StringBuilder b = new StringBuilder("These variants did not give a measurement (a variant that fails once is not "
                + "run again, and none of its runs is reported):\n\n| variant | what happened |\n| --- | --- |\n");
        r.failures().forEach(f -> b.append("| `").append(f.variant()).append("` | ").append(cell(f.reason())).append(" |\n"));
        return b.toString();
    }

    static String jmh(BenchmarkReport r) {
        if (r.jmh() == null) {
            return "Not run by this command (`--jmh off`).";
        }
        StringBuilder b = new StringBuilder();
        b.append("Average time per put + take (per append + read for raw Chronicle), ± JMH's 99.9 % confidence "
                + "half-width; *vs memory* and *vs raw* are ratios of times, so lower is better (JMH took ")
                .append(Format.duration(r.jmhTook())).append(").\n\n");
        for (String method : List.of("single", "batch")) {
            b.append(method.equals("single") ? "**`putThenTake`**: one token put, then taken back\n\n"
                    : "**`putThenTakeBatch`**: " + PersistentChannelBenchmark.BATCH + " tokens put, then taken; per token\n\n");
            b.append("| variant | token | ns per put + take | vs memory | vs raw Chronicle (bytes) |\n");
            b.append("| --- | ---: | ---: | ---: | ---: |\n");
            for (JmhResults.Row row : r.jmh()) {
                if (!row.method().equals(method)) {
                    continue;
                }
                JmhResults.Row memory = JmhResults.find(r.jmh(), method, "memory", row.payloadBytes());
                JmhResults.Row raw = JmhResults.find(r.jmh(), method, JmhResults.RAW_BYTES, row.payloadBytes());
                b.append("| ").append(row.variant().startsWith("raw") ? row.variant() : "`" + row.variant() + "`")
                        .append(" | ").append(Format.bytes(row.payloadBytes()))
                        .append(" | ").append(String.format(Locale.ROOT, "%.1f", row.nanos()))
                        .append(Double.isNaN(row.error()) ? "" : String.format(Locale.ROOT, " ± %.1f", row.error()))
                        .append(" | ").append(memory == null ? "–" : Format.ratio(row.nanos() / memory.nanos()))
                        .append(" | ").append(raw == null ? "–" : Format.ratio(row.nanos() / raw.nanos()))
                        .append(" |\n");
            }
            b.append('\n');
        }
        return b.toString();
    }

    static String heapLimited(BenchmarkReport r) {
        HeapLimitedReport h = r.heapLimited();
        if (h == null) {
            return "Not run by this command. Run it with `bench/run-benchmarks.sh --heap-limited` (see above).";
        }
        return heapLimitedTable(h);
    }

    /** The heap-limited section's table, one row per channel setup and size, with the line above it. */
    static String heapLimitedTable(HeapLimitedReport h) {
        HeapLimitedOptions o = h.options();
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "`%s`, %s-driven, each run in its own JVM with `-Xmx%s`; %s free on the "
                + "scratch file system at the start; the section took %s.%n%n", o.workflow(), o.director(), o.heap(),
                Format.bytes(h.freeDiskAtStart()), Format.duration(h.took())));
        b.append("| channels | words | outcome | time | words/s | ns per word | vs smallest size | heap peak | disk written "
                + "(allocated) | disk (apparent) | notes |\n");
        b.append("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n");
        for (String c : o.channels()) {
            HeapLimitedReport.Entry first = null;
            for (long n : o.sizes()) {
                HeapLimitedReport.Entry e = h.entry(c, n).orElse(null);
                if (e == null) {
                    continue;
                }
                boolean ok = e.status() == HeapLimitedReport.Status.OK;
                if (ok && first == null) {
                    first = e;
                }
                boolean ran = e.status() != HeapLimitedReport.Status.SKIPPED;
                b.append("| `").append(c).append("` | ").append(Format.count(n)).append(" | ")
                        .append(ok ? "completed" : "**" + e.status().label + "**").append(" | ")
                        .append(ran ? Format.duration(e.wall()) : "–").append(" | ")
                        .append(ok ? Format.count(e.tokensPerSecond()) : "–").append(" | ")
                        .append(ok ? String.format(Locale.ROOT, "%,.0f", e.nanosPerToken()) : "–").append(" | ")
                        .append(ok && first != null ? Format.ratio(e.nanosPerToken() / first.nanosPerToken()) : "–").append(" | ")
                        .append(ran && e.heapPeak() > 0 ? Format.bytes(e.heapPeak()) : "–").append(" | ")
                        .append(e.diskAllocatedBytes() >= 0 ? Format.bytes(e.diskAllocatedBytes()) : "–").append(" | ")
                        .append(e.diskBytes() >= 0 ? Format.bytes(e.diskBytes()) : "–").append(" | ")
                        .append(cell(runTimes(h.runs(c, n)) + e.message())).append(" |\n");
            }
        }
        return b.toString();
    }

    /** For repeated runs, the time of each that completed, in run order, before the row's message; else nothing. */
    private static String runTimes(List<HeapLimitedReport.Entry> runs) {
        if (runs.size() <= 1) {
            return "";
        }
        List<HeapLimitedReport.Entry> ok = runs.stream().filter(e -> e.status() == HeapLimitedReport.Status.OK).toList();
        if (ok.isEmpty()) {
            return "";
        }
        String times = ok.stream().map(e -> Format.duration(e.wall())).collect(Collectors.joining(", "));
        return ok.size() == runs.size() ? runs.size() + " runs: " + times + " (the median shown); "
                : ok.size() + " of " + runs.size() + " runs completed, in " + times + "; ";
    }

    private static String timings(BenchmarkReport r) {
        StringBuilder b = new StringBuilder();
        b.append("- workflow benchmarks: ").append(Format.duration(r.workflowsTook())).append('\n');
        b.append("- JMH: ").append(r.jmh() == null ? "not run" : Format.duration(r.jmhTook())).append('\n');
        b.append("- heap-limited section: ").append(r.heapLimited() == null ? "not run" : Format.duration(r.heapLimited().took()))
                .append('\n');
        return b.toString();
    }

    private static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.0f %%", fraction * 100);
    }

    private static String cell(String s) {
        return s.replace("|", "\\|");
    }
}
