package io.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class BenchmarkOptionsTest {

    @Test
    void defaultsAreAMillionTokensThreeRoundsBothDirectors() {
        BenchmarkOptions o = BenchmarkOptions.parse();
        assertThat(o.tokens()).isEqualTo(1_000_000);
        assertThat(o.rounds()).isEqualTo(3);
        assertThat(o.warmupRounds()).isEqualTo(1);
        assertThat(o.workflows()).containsExactly("filter", "mergesort", "insertion-sort");
        assertThat(o.directors()).containsExactly("data", "demand");
        assertThat(o.channels()).containsExactly("memory", "direct", "cached", "fast-track", "fast-track+prov");
        assertThat(o.outputDirectory()).isEqualTo(Path.of("docs"));
        assertThat(o.tokensFor("filter")).isEqualTo(1_000_000);
        assertThat(o.tokensFor("mergesort")).isEqualTo(200_000);
        assertThat(o.tokensFor("insertion-sort")).isEqualTo(5_000);
        assertThat(o.jmh()).isTrue();
        assertThat(o.heapLimited().enabled()).isFalse();
    }

    @Test
    void parsesNumbersWithSeparatorsAndExponentsAndNameEqualsValue() {
        assertThat(BenchmarkOptions.parse("--tokens", "1_000_000").tokens()).isEqualTo(1_000_000);
        assertThat(BenchmarkOptions.parse("--tokens", "2e6").tokens()).isEqualTo(2_000_000);
        assertThat(BenchmarkOptions.parse("--tokens=5000", "--rounds=5").rounds()).isEqualTo(5);
        assertThat(BenchmarkOptions.parse("--workflows", "mergesort, filter").workflows())
                .containsExactly("mergesort", "filter");
    }

    @Test
    void perWorkflowTokensJmhAndTheHeapLimitedSection() {
        BenchmarkOptions o = BenchmarkOptions.parse("--workflow-tokens", "filter=5e6, insertion-sort=100", "--jmh", "off",
                "--heap-limited");
        assertThat(o.tokensFor("filter")).isEqualTo(5_000_000);
        assertThat(o.tokensFor("insertion-sort")).isEqualTo(100);
        assertThat(o.tokensFor("mergesort")).isEqualTo(200_000);
        assertThat(o.jmh()).isFalse();
        assertThat(o.heapLimited().sizes()).containsExactly(1_000_000L, 5_000_000L, 10_000_000L);
        assertThat(o.heapLimited().heap()).isEqualTo("256m");
        assertThat(o.reproducingArguments()).containsSubsequence("--jmh", "off", "--heap-limited");

        HeapLimitedOptions h = BenchmarkOptions.parse("--heap-limited-sizes", "3000,1000", "--heap-limit", "64m",
                "--heap-limited-channels", "memory,direct").heapLimited();
        assertThat(h.sizes()).containsExactly(1000L, 3000L);
        assertThat(h.channels()).containsExactly("memory", "direct");
        assertThat(h.reproducingArguments()).containsExactly("--heap-limited-sizes", "1000,3000", "--heap-limit", "64m",
                "--heap-limited-channels", "memory,direct");
        assertThatThrownBy(() -> BenchmarkOptions.parse("--heap-limit", "lots")).hasMessageContaining("--heap-limit");
        assertThat(h.repeats()).isEqualTo(1);
        HeapLimitedOptions repeated = BenchmarkOptions.parse("--heap-limited", "--heap-limited-repeats", "3").heapLimited();
        assertThat(repeated.repeats()).isEqualTo(3);
        assertThat(repeated.reproducingArguments()).containsExactly("--heap-limited", "--heap-limited-repeats", "3");
        assertThatThrownBy(() -> BenchmarkOptions.parse("--heap-limited-repeats", "0")).hasMessageContaining("--heap-limited-repeats");
        assertThatThrownBy(() -> BenchmarkOptions.parse("--workflow-tokens", "filter")).hasMessageContaining("workflow=N");
    }

    @Test
    void helpGivesNull() {
        assertThat(BenchmarkOptions.parse("--tokens", "5", "--help")).isNull();
    }

    @Test
    void rejectsBadArgumentsByName() {
        assertThatThrownBy(() -> BenchmarkOptions.parse("--bogus", "1")).hasMessageContaining("--bogus");
        assertThatThrownBy(() -> BenchmarkOptions.parse("--tokens", "lots")).hasMessageContaining("--tokens");
        assertThatThrownBy(() -> BenchmarkOptions.parse("--rounds", "0")).hasMessageContaining("--rounds");
        assertThatThrownBy(() -> BenchmarkOptions.parse("--rounds")).hasMessageContaining("needs a value");
    }

    @Test
    void perWorkflowRoundsAndWarmUpOverrideTheirDefaults() {
        BenchmarkOptions o = BenchmarkOptions.parse("--rounds", "10", "--warmup", "3", "--workflow-rounds", "filter=40",
                "--workflow-warmup", "filter=60, mergesort=0");
        assertThat(o.roundsFor("filter")).isEqualTo(40);
        assertThat(o.roundsFor("mergesort")).isEqualTo(10);
        assertThat(o.warmupFor("filter")).isEqualTo(60);
        assertThat(o.warmupFor("mergesort")).isZero();
        assertThat(o.warmupFor("insertion-sort")).isEqualTo(3);
        assertThat(o.reproducingArguments()).containsSubsequence("--workflow-rounds", "filter=40", "--workflow-warmup",
                "filter=60,mergesort=0");
        assertThat(BenchmarkOptions.parse(o.reproducingArguments().toArray(String[]::new))).isEqualTo(o);

        assertThatThrownBy(() -> BenchmarkOptions.parse("--workflow-rounds", "filter=0"))
                .hasMessage("--workflow-rounds filter must be at least 1, was 0");
        assertThatThrownBy(() -> BenchmarkOptions.parse("--workflow-warmup", "filter=-1"))
                .hasMessageContaining("--workflow-warmup");
        assertThatThrownBy(() -> BenchmarkOptions.parse("--workflow-rounds", "filter"))
                .hasMessage("--workflow-rounds needs workflow=N items, got 'filter'");
        assertThatThrownBy(() -> BenchmarkOptions.parse("--workflow-warmup", "filtre=40"))
                .hasMessageStartingWith("--workflow-warmup names an unknown workflow 'filtre'; known: filter, ");
        assertThatThrownBy(() -> BenchmarkOptions.parse("--workflow-tokens", "sort=40"))
                .hasMessageContaining("--workflow-tokens names an unknown workflow 'sort'");
    }

    @Test
    void reproducingArgumentsNameTokensRoundsAndWhatDiffersFromTheDefaults() {
        assertThat(BenchmarkOptions.parse("--output", "/x", "--tokens", "10").reproducingArguments())
                .containsExactly("--tokens", "10", "--rounds", "3");
        assertThat(BenchmarkOptions.parse("--directors", "demand", "--seed", "7").reproducingArguments())
                .isEqualTo(List.of("--tokens", "1000000", "--rounds", "3", "--seed", "7", "--directors", "demand"));
        assertThat(BenchmarkOptions.parse("--workflow-tokens", "mergesort=1000").reproducingArguments())
                .containsSubsequence("--workflow-tokens", "mergesort=1000,insertion-sort=5000");
    }

    @Test
    void variantsHaveADataDrivenMemoryBaselinePerWorkflow() {
        List<Variant> variants = Variants.select(List.of("filter", "mergesort"), List.of("data", "demand"),
                List.of("memory"));
        assertThat(variants).extracting(Variant::name).containsExactly("filter/data/memory", "filter/demand/memory",
                "mergesort/data/memory", "mergesort/demand/memory");
        assertThat(variants).filteredOn(Variant::baseline).extracting(Variant::name)
                .containsExactly("filter/data/memory", "mergesort/data/memory");
        // Without the data-driven director, the first variant of each workflow is its baseline.
        assertThat(Variants.select(List.of("filter"), List.of("demand"), List.of("memory")))
                .allMatch(Variant::baseline);
        assertThatThrownBy(() -> Variants.select(List.of("nope"), List.of("data"), List.of("memory")))
                .hasMessageContaining("unknown workflow 'nope'");
    }

    @Test
    void rawChronicleRunsRightAfterDirectWhereDirectsTargetIsMeasuredAndWhereverItIsNamed() {
        assertThat(Variants.select(List.of("filter", "insertion-sort"), List.of("data", "demand"),
                List.of("memory", "direct", "fast-track"))).extracting(Variant::name).containsExactly(
                        "filter/data/memory", "filter/data/direct", "filter/data/raw-chronicle", "filter/data/fast-track",
                        "filter/demand/memory", "filter/demand/direct", "filter/demand/fast-track",
                        "insertion-sort/data/memory", "insertion-sort/data/direct", "insertion-sort/data/fast-track",
                        "insertion-sort/demand/memory", "insertion-sort/demand/direct", "insertion-sort/demand/fast-track");
        assertThat(Variants.select(List.of("filter"), List.of("data"), List.of("memory", "fast-track")))
                .extracting(Variant::name).doesNotContain("filter/data/raw-chronicle");
        assertThat(Variants.select(List.of("insertion-sort"), List.of("demand"), List.of("raw-chronicle", "direct")))
                .extracting(Variant::name).containsExactly("insertion-sort/demand/raw-chronicle", "insertion-sort/demand/direct");
        assertThatThrownBy(() -> Variants.channels("raw"))
                .hasMessageContaining("unknown channels 'raw'").hasMessageContaining("raw-chronicle");
    }
}
