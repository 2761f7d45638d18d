package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.samples.WordSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each sample workflow, run through the command under each director, gives the JDK's answer. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SampleRunTest {
    private static final Pattern SUMMARY = Pattern.compile("(?<workflow>[\\w-]+): (?<tokens>\\d+) tokens in \\d+\\.\\d\\d s "
            + "\\(\\d+ tokens/s\\), peak channel depth (?<depth>\\d+) \\((?<channel>[\\w.-]+)\\), "
            + "director (?<director>\\w+), channels (?<channels>[\\w-]+), result (?<result>.+)");

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource({
        "filter, data", "filter, demand",
        "passthrough, data", "passthrough, demand",
        "mergesort, data", "mergesort, demand",
        "insertion-sort, data", "insertion-sort, demand",
    })
    void sampleGivesTheJdkResult(String workflow, String director) {
        long tokens = 777;
        long seed = 5;
        Path work = dir.resolve("work");
        String summary = Sluice.run(dir, "run", workflow, "--director", director, "--tokens", "" + tokens,
                "--seed", "" + seed, "--work", work.toString()).summary();

        Matcher m = SUMMARY.matcher(summary);
        assertThat(m.matches()).as(summary).isTrue();
        assertThat(m.group("workflow")).isEqualTo(workflow);
        assertThat(m.group("tokens")).isEqualTo("" + tokens);
        assertThat(Long.parseLong(m.group("depth"))).isPositive();
        assertThat(m.group("director")).isEqualTo(director);
        assertThat(m.group("channels")).as("the default policy").isEqualTo("fast-track");
        assertThat(m.group("result")).isEqualTo(work.resolve("result.txt").toString());
        assertThat(Sluice.lines(work.resolve("result.txt"))).isEqualTo(expected(workflow, WordSource.generatedWords(tokens, seed)));
    }

    @Test
    void passthroughWithBusyWorkPassesEveryWord() {
        Sluice.run(dir, "run", "passthrough", "--tokens", "300", "--busy", "1000", "--work", "w").summary();
        assertThat(Sluice.lines(dir.resolve("w/result.txt"))).isEqualTo(WordSource.generatedWords(300, 1));
    }

    @Test
    void defaultWorkDirectoryIsUnderTheCurrentDirectory() {
        String summary = Sluice.run(dir, "run", "filter", "--tokens", "200").summary();
        assertThat(summary).startsWith("filter: 200 tokens in ")
                .endsWith(", result " + Path.of("sluice-work", "filter", "result.txt"));
        assertThat(dir.resolve("sluice-work/filter/result.txt")).isRegularFile();
    }

    @Test
    void summaryNamesTheDeepestChannel() {
        String summary = Sluice.run(dir, "run", "mergesort", "--tokens", "1000", "--work", "w").summary();
        // Split puts a marker between words; A holds every word and every marker at once.
        assertThat(summary).contains("peak channel depth 2000 (mergesort.a)");
    }

    @Test
    void summaryGivesTheCapacitiesOfABoundedDeepestChannel() {
        String summary = Sluice.run(dir, "run", "filter", "--tokens", "300", "--channels", "memory", "--work", "w").summary();
        assertThat(summary).containsPattern("peak channel depth \\d+ \\([\\w.-]+, capacity 1024 tokens and 16 MiB\\), ");
    }

    @Test
    void directorsGiveByteIdenticalResults() throws Exception {
        Sluice.run(dir, "run", "mergesort", "--tokens", "3000", "--seed", "9", "--director", "data", "--work", "data").summary();
        Sluice.run(dir, "run", "mergesort", "--tokens", "3000", "--seed", "9", "--director", "demand", "--work", "demand").summary();
        assertThat(Files.mismatch(dir.resolve("data/result.txt"), dir.resolve("demand/result.txt"))).isEqualTo(-1L);
    }

    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource({
        "mergesort, data", "mergesort, demand",
        "insertion-sort, data", "insertion-sort, demand",
        "filter, data", "passthrough, demand",
    })
    void inputFileGivesTheJdkResult(String workflow, String director) throws Exception {
        List<String> words = List.of("pear", "Apple", "apple", "zoo", "Zebra", "äpfel", "Äpfel", "éclair", "ß", "strasse",
                "日本", "中文", "cat", "car", "cat", "Cat", "ça", "a", "", "z z", "😀", "\uFFFF", "apple", "c");
        Path input = dir.resolve("words.txt");
        Files.write(input, words);
        Sluice.run(dir, "run", workflow, "--director", director, "--input", "words.txt", "--work", "w").summary();
        assertThat(Sluice.lines(dir.resolve("w/result.txt"))).isEqualTo(expected(workflow, words));
    }

    @Test
    void zeroTokensGiveAnEmptyResult() {
        String summary = Sluice.run(dir, "run", "mergesort", "--tokens", "0", "--work", "w").summary();
        assertThat(summary).startsWith("mergesort: 0 tokens in ");
        assertThat(Sluice.lines(dir.resolve("w/result.txt"))).isEmpty();
    }

    /** What the workflow must produce from {@code words}, computed by the JDK. */
    private static List<String> expected(String workflow, List<String> words) {
        List<String> result = new ArrayList<>(words);
        switch (workflow) {
            case "filter" -> result.removeIf(w -> !w.startsWith("c"));
            case "passthrough" -> { }
            case "mergesort", "insertion-sort" -> Collections.sort(result);
            default -> throw new IllegalArgumentException(workflow);
        }
        return result;
    }
}
