package io.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the workflow harness in-process on tiny inputs, every channel setup included, so that it
 * cannot rot unnoticed. It checks what the harness reports, not how fast or how correct the
 * channels are: a variant that fails (a type with no codec) or completes with a wrong result is
 * listed as such.
 */
class WorkflowBenchmarkTest {

    @BeforeAll
    static void headless() {
        System.setProperty("java.awt.headless", "true");
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void writesTablesForEveryWorkflowAndAChart(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("docs");
        Path scratch = tmp.resolve("scratch");
        BenchmarkOptions options = BenchmarkOptions.parse("--tokens", "2000", "--workflow-tokens",
                "mergesort=1000,insertion-sort=50", "--rounds", "1", "--jmh", "off", "--output", out.toString(),
                "--scratch", scratch.toString());
        ByteArrayOutputStream log = new ByteArrayOutputStream();

        Path markdown = WorkflowBenchmark.run(options, new PrintStream(log, true, StandardCharsets.UTF_8));

        assertThat(markdown).isEqualTo(out.resolve("benchmarks.md"));
        String text = Files.readString(markdown);
        assertThat(text)
                .contains("```sh\nbench/run-benchmarks.sh --tokens 2000 --rounds 1 --workflow-tokens "
                        + "mergesort=1000,insertion-sort=50 --jmh off\n```")
                .contains("| cores (available to the JVM) |", "| max heap |", "| JVM |")
                .contains("### filter (2,000 words)", "### mergesort (1,000 words)", "### insertion-sort (50 words)")
                .contains("| variant | median words/s | min | max | vs baseline | per-round ratio |")
                .contains("| `filter/data/memory` (baseline) | ", "| `filter/demand/memory` | ")
                .contains("| `filter/data/direct` | ", "| `filter/data/raw-chronicle` | ", "| `filter/data/fast-track` | ")
                .doesNotContain("filter/demand/raw-chronicle", "mergesort/data/raw-chronicle")
                .contains("| `mergesort/data/memory` (baseline) | ", "| `mergesort/demand/memory` | ")
                .contains("| `insertion-sort/data/memory` (baseline) | ", "| `insertion-sort/demand/direct` | ")
                .contains("(`mergesort.a`)")
                .contains("](benchmarks.png)")
                .contains("## Targets (issues 3 and 4)", "`fast-track` ≥ 0.8× memory", "`direct` ≥ 0.5× memory")
                .containsPattern("\\| … the limit of `direct`: raw Chronicle, .* \\| raw Chronicle [0-9.]+× memory \\(per round "
                        + "[0-9.]+×–[0-9.]+×; too few rounds for an interval\\); `direct` [0-9.]+× raw Chronicle \\(per round .*\\) \\| – \\|")
                .contains("recording provenance at most 5% slower (≥ 0.95× without) | ")
                .contains("## Provenance", "| variant | words/s vs without provenance | bytes per firing |")
                .containsPattern("\\| `filter/data/fast-track\\+prov` \\| [0-9.]+× of `filter/data/fast-track` \\| [0-9.]+ \\| [0-9,]+ "
                        + "\\| [0-9.]+ ms \\| [0-9.]+ ms \\|")
                .contains("`io.sluice.samples.SortItem`: ")
                .contains("## Heap-limited mergesort", "Not run by this command")
                .contains("## Micro-benchmarks (JMH)")
                .doesNotContain("{{");
        // Under demand-driven scheduling the filter's source fires only when asked: depth 1.
        assertThat(text).containsPattern("\\| `filter/demand/memory` \\|.*\\| 1 \\(`source\\.out`\\) \\|");
        // Every variant is either in a table or listed with what happened to it.
        for (String w : new String[] {"filter", "mergesort", "insertion-sort"}) {
            for (String d : new String[] {"data", "demand"}) {
                for (String c : new String[] {"memory", "direct", "cached", "fast-track", "fast-track\\+prov"}) {
                    assertThat(text).containsPattern("\\| `" + w + "/" + d + "/" + c + "`( \\(baseline\\))? \\|");
                }
            }
        }

        BufferedImage chart = ImageIO.read(out.resolve("benchmarks.png").toFile());
        assertThat(chart).isNotNull();
        assertThat(chart.getWidth()).isGreaterThan(500);

        assertThat(log.toString(StandardCharsets.UTF_8)).contains("round 1/1", "filter/demand/memory", "disk");
        try (Stream<Path> left = Files.list(scratch)) {
            assertThat(left).as("run directories are deleted").isEmpty();
        }
        assertThat(Thread.getAllStackTraces().keySet()).as("no run thread is left")
                .noneMatch(t -> t.getName().startsWith("sluice-") && t.isAlive());
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aWorkflowWithMoreRoundsIsMeasuredInThemAndTheReportSaysSo(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("docs");
        BenchmarkOptions options = BenchmarkOptions.parse("--tokens", "500", "--workflow-tokens", "insertion-sort=20",
                "--workflows", "filter,insertion-sort", "--directors", "data", "--channels", "memory,fast-track",
                "--rounds", "1", "--warmup", "0", "--workflow-rounds", "filter=3", "--workflow-warmup", "filter=2",
                "--jmh", "off", "--output", out.toString(), "--scratch", tmp.resolve("scratch").toString());
        ByteArrayOutputStream log = new ByteArrayOutputStream();

        String text = Files.readString(WorkflowBenchmark.run(options, new PrintStream(log, true, StandardCharsets.UTF_8)));

        String runs = log.toString(StandardCharsets.UTF_8);
        assertThat(runs.lines().filter(l -> l.startsWith("warm-up 2/2"))).hasSize(2);
        assertThat(runs.lines().filter(l -> l.startsWith("warm-up"))).allMatch(l -> l.contains("filter/"));
        assertThat(runs.lines().filter(l -> l.startsWith("round 3/3"))).hasSize(2).allMatch(l -> l.contains("filter/"));
        assertThat(runs.lines().filter(l -> l.startsWith("round 1/3"))).hasSize(4);
        assertThat(text).contains("0 warm-up rounds (filter 2), then 1 measured round (filter 3)");
        int filter = text.indexOf("### filter");
        int sort = text.indexOf("### insertion-sort");
        assertThat(text.substring(filter, sort)).contains("the rows of `filter` in [benchmarks-rounds.csv](benchmarks-rounds.csv) "
                + "(3 measured rounds; ");
        assertThat(text.substring(sort)).contains("the rows of `insertion-sort` in [benchmarks-rounds.csv](benchmarks-rounds.csv) "
                + "(1 measured round; ");
        List<String> rows = Files.readAllLines(out.resolve("benchmarks-rounds.csv"));
        assertThat(rows.get(0)).isEqualTo("workflow,words,variant,round,words_per_second,cores_busy,starved");
        assertThat(rows.stream().filter(r -> r.startsWith("filter,500,filter/data/fast-track,")).map(r -> r.split(",")[3]))
                .containsExactly("1", "2", "3");
        assertThat(rows.stream().filter(r -> r.startsWith("insertion-sort,20,insertion-sort/data/memory,"))).hasSize(1);
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void heapLimitedSectionRunsChildJvmsAndReportsOutOfMemoryCleanly(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("docs");
        Path scratch = tmp.resolve("scratch");
        // Memory mergesort runs out of 24 MiB at about 275,000 words and needs about 48 MiB for 400,000
        // (measured); no disk needs to stay free, since memory channels write only the result.
        BenchmarkOptions options = BenchmarkOptions.parse("--tokens", "500", "--workflows", "filter", "--directors", "data",
                "--channels", "memory", "--rounds", "1", "--warmup", "0", "--jmh", "off",
                "--heap-limited-sizes", "1000000,2000000", "--heap-limit", "24m", "--heap-limited-channels", "memory",
                "--heap-limited-spare-gib", "0",
                "--heap-limited-timeout-s", "120", "--output", out.toString(), "--scratch", scratch.toString());
        ByteArrayOutputStream log = new ByteArrayOutputStream();

        String text = Files.readString(WorkflowBenchmark.run(options, new PrintStream(log, true, StandardCharsets.UTF_8)));

        // Asserted on the section alone, so that a failure shows its table rather than the whole page.
        int from = text.indexOf("## Heap-limited mergesort");
        assertThat(from).as("the page has a heap-limited section").isNotNegative();
        String section = text.substring(from, text.indexOf("## Micro-benchmarks", from));
        assertThat(section).contains("each run in its own JVM with `-Xmx24m`")
                .contains("| `memory` | 1,000,000 | **OutOfMemoryError** |")
                .contains("| `memory` | 2,000,000 | **not run** |", "ran out of memory at 1,000,000 words");
        assertThat(text).contains("`memory` runs out of memory | OutOfMemoryError at 1,000,000 words | **met** |");
        try (Stream<Path> left = Files.list(scratch)) {
            assertThat(left).as("child run directories are deleted").isEmpty();
        }
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aHeapLimitedChildRunReportsItsRunOnOneLine(@TempDir Path tmp) {
        var fields = HeapLimitedRun.run("filter", "data", "direct", 3000, 42, tmp, java.time.Duration.ofMinutes(1));
        assertThat(fields).containsEntry("outcome", "OK").containsKeys("wall-ns", "cpu-ns", "disk", "disk-allocated",
                "heap-peak");
        assertThat(Long.parseLong(fields.get("disk"))).isPositive();
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        HeapLimitedRun.print(fields, new PrintStream(line, true, StandardCharsets.UTF_8));
        assertThat(HeapLimitedRun.parse(line.toString(StandardCharsets.UTF_8).strip())).isEqualTo(fields);
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void jmhBenchmarksRunInProcessForEveryPolicyAndRawChronicle() {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        var rows = JmhResults.smoke(30, new PrintStream(log, true, StandardCharsets.UTF_8));
        for (String method : new String[] {"single", "batch"}) {
            for (int payload : new int[] {16, 1024}) {
                for (String v : new String[] {"memory", "direct", "cached", "fast-track", JmhResults.RAW_BYTES,
                    JmhResults.RAW_STRING}) {
                    assertThat(JmhResults.find(rows, method, v, payload)).as(method + " " + v + " " + payload).isNotNull()
                            .satisfies(r -> assertThat(r.nanos()).isPositive());
                }
            }
        }
    }
}
