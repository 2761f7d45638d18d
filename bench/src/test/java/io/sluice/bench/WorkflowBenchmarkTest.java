package io.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Runs the workflow harness in-process on tiny inputs, so that it cannot rot unnoticed. */
class WorkflowBenchmarkTest {

    @BeforeAll
    static void headless() {
        System.setProperty("java.awt.headless", "true");
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void writesTablesForEveryWorkflowAndAChart(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("docs");
        Path scratch = tmp.resolve("scratch");
        BenchmarkOptions options = BenchmarkOptions.parse("--tokens", "2000", "--rounds", "1", "--output", out.toString(),
                "--scratch", scratch.toString());
        ByteArrayOutputStream log = new ByteArrayOutputStream();

        Path markdown = WorkflowBenchmark.run(options, new PrintStream(log, true, StandardCharsets.UTF_8));

        assertThat(markdown).isEqualTo(out.resolve("benchmarks.md"));
        String text = Files.readString(markdown);
        assertThat(text)
                .contains("```sh\nbench/run-benchmarks.sh --tokens 2000 --rounds 1\n```")
                .contains("| cores (available to the JVM) |", "| max heap |", "| JVM |")
                .contains("### filter", "### mergesort")
                .contains("| variant | median words/s | min | max | vs baseline | per-round ratio |")
                .contains("| `filter/data/memory` (baseline) | ", "| `filter/demand/memory` | ")
                .contains("| `mergesort/data/memory` (baseline) | ", "| `mergesort/demand/memory` | ")
                .contains("(`mergesort.a`)")
                .contains("](benchmarks.png)")
                .contains("## Micro-benchmarks (JMH)")
                .doesNotContain("{{");
        // Under demand-driven scheduling the filter's source fires only when asked: depth 1.
        assertThat(text).containsPattern("\\| `filter/demand/memory` \\|.*\\| 1 \\(`source\\.out`\\) \\|");

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
}
