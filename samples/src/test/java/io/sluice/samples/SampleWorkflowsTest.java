package io.sluice.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.memory.MemoryChannels;
import io.sluice.director.Directors;
import io.sluice.run.Director;
import io.sluice.run.RunConfig;
import io.sluice.run.RunResult;
import io.sluice.testing.NoLeakedThreads;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The paper's workflows give exactly what the JDK gives for the same input, under both directors. */
@ExtendWith(NoLeakedThreads.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SampleWorkflowsTest {
    /**
     * The directors that run any workflow. The SDF director runs only workflows whose actors keep
     * fixed token rates, which the samples' filter and sorts do not: it refuses them
     * ({@link #theSdfDirectorRefusesTheDynamicSamplesNamingWhy}).
     */
    static final List<String> DIRECTORS = List.of("data", "demand");

    @TempDir
    Path tmp;

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (String director : DIRECTORS) {
            for (int n : new int[] {0, 1, 2, 3, 7, 1000}) {
                for (String sample : SampleWorkflows.NAMES) {
                    cases.add(Arguments.of(sample, director, n));
                }
            }
            cases.add(Arguments.of("mergesort", director, 50_000));
            cases.add(Arguments.of("filter", director, 50_000));
        }
        return cases.stream();
    }

    /** What the JDK computes for a sample's input. */
    static List<String> expected(String sample, List<String> words) {
        return switch (sample) {
            case "filter" -> words.stream().filter(w -> w.startsWith("c")).toList();
            case "passthrough" -> words;
            default -> {
                List<String> sorted = new ArrayList<>(words);
                Collections.sort(sorted);
                yield sorted;
            }
        };
    }

    static RunResult run(String sample, String director, WordSource source, Path work) throws Exception {
        Director d = Directors.named(director);
        return d.run(SampleWorkflows.named(sample, source, 10), RunConfig.builder()
                .channels(MemoryChannels.factory()).workDirectory(work).build());
    }

    @ParameterizedTest(name = "{0} of {2} words under {1}")
    @MethodSource("cases")
    void resultEqualsTheJdks(String sample, String director, int n) throws Exception {
        Path work = tmp.resolve("work");
        RunResult result = run(sample, director, WordSource.generated(n, 42), work);
        List<String> words = WordSource.generatedWords(n, 42);
        assertThat(Files.readAllLines(work.resolve("result.txt"))).isEqualTo(expected(sample, words));
        assertThat(result.channel("source.out").orElseThrow().tokensWritten()).isEqualTo(n);
    }

    @Test
    void aWordFileIsSortedExactlyAsTheJdkSortsIt() throws Exception {
        List<String> words = List.of("pear", "Apple", "apple", "", "zebra", "Äpfel", "émigré", "apple", "10", "9", "a b",
                "\tx", "日本", "😀", "ß", "pear");
        Path input = tmp.resolve("words.txt");
        Files.write(input, words, StandardCharsets.UTF_8);
        List<String> expected = expected("mergesort", words);
        for (String director : DIRECTORS) {
            for (String sample : List.of("mergesort", "insertion-sort")) {
                Path work = tmp.resolve(director + "-" + sample);
                run(sample, director, WordSource.fromFile(input), work);
                assertThat(Files.readAllLines(work.resolve("result.txt"), StandardCharsets.UTF_8))
                        .as(sample + " under " + director).isEqualTo(expected);
            }
        }
    }

    @Test
    void mergesortGivesByteIdenticalResultsUnderBothDirectors() throws Exception {
        run("mergesort", "data", WordSource.generated(20_000, 7), tmp.resolve("data"));
        run("mergesort", "demand", WordSource.generated(20_000, 7), tmp.resolve("demand"));
        assertThat(Files.readAllBytes(tmp.resolve("demand/result.txt"))).isEqualTo(Files.readAllBytes(tmp.resolve("data/result.txt")));
    }

    @Test
    void mergesortKeepsItsSublistsInItsOwnChannels() throws Exception {
        RunResult result = run("mergesort", "data", WordSource.generated(1024, 3), tmp.resolve("w"));
        // 1024 words and 1023 split markers arrive; A first holds 1024 sublists (words plus markers).
        assertThat(result.channel("split.out").orElseThrow().tokensWritten()).isEqualTo(2047);
        assertThat(result.channel("mergesort.a").orElseThrow().peakDepth()).isEqualTo(2048);
        assertThat(result.channel("mergesort.t").orElseThrow().tokensWritten()).isPositive();
        assertThat(result.channel("mergesort.out").orElseThrow().tokensWritten()).isEqualTo(1024);
    }

    @Test
    void insertionSortKeepsTheSortedListOnItsLoop() throws Exception {
        int n = 300;
        RunResult result = run("insertion-sort", "demand", WordSource.generated(n, 5), tmp.resolve("w"));
        assertThat(result.channel("isort.loop").orElseThrow().peakDepth()).isEqualTo(n);
        // Inserting word k spins the k sorted words through the loop and adds one: n(n+1)/2 puts.
        assertThat(result.channel("isort.loop").orElseThrow().tokensWritten()).isEqualTo((long) n * (n + 1) / 2);
    }

    @Test
    void theFilterIsLazyUnderTheDemandDrivenDirector() throws Exception {
        RunResult result = run("filter", "demand", WordSource.generated(10_000, 9), tmp.resolve("w"));
        assertThat(result.channels()).allSatisfy(c -> assertThat(c.peakDepth()).isLessThanOrEqualTo(1));
    }

    @Test
    void generatedWordsAreDeterministic() {
        assertThat(WordSource.generatedWords(100, 1)).isEqualTo(WordSource.generatedWords(100, 1))
                .isNotEqualTo(WordSource.generatedWords(100, 2))
                .allSatisfy(w -> assertThat(w).matches("[a-z]{3,10}"));
    }

    @Test
    void theSdfDirectorRefusesTheDynamicSamplesNamingWhy() {
        assertThatThrownBy(() -> run("filter", "sdf", WordSource.generated(100, 1), tmp.resolve("f")))
                .hasMessageContaining("actor 'filter' put to port 'out' 0 tokens")
                .hasMessageContaining("it cannot run under the SDF director");
        assertThatThrownBy(() -> run("mergesort", "sdf", WordSource.generated(100, 1), tmp.resolve("m")))
                .hasMessageContaining("an iteration of workflow 'mergesort' cannot complete");
    }
}
