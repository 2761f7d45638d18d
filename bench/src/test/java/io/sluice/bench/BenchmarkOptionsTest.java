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
        assertThat(o.workflows()).containsExactly("filter", "mergesort");
        assertThat(o.directors()).containsExactly("data", "demand");
        assertThat(o.channels()).containsExactly("memory");
        assertThat(o.outputDirectory()).isEqualTo(Path.of("docs"));
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
    void reproducingArgumentsNameTokensRoundsAndWhatDiffersFromTheDefaults() {
        assertThat(BenchmarkOptions.parse("--output", "/x", "--tokens", "10").reproducingArguments())
                .containsExactly("--tokens", "10", "--rounds", "3");
        assertThat(BenchmarkOptions.parse("--directors", "demand", "--seed", "7").reproducingArguments())
                .isEqualTo(List.of("--tokens", "1000000", "--rounds", "3", "--seed", "7", "--directors", "demand"));
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
}
