package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code sluice prov}: what a user asks of the provenance a sample run recorded. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ProvCommandTest {
    @TempDir
    Path dir;

    @Test
    void aRunIsListedWithItsActorsFiringsAndTheLineageOfAResultLine() throws Exception {
        Sluice.run(dir, "run", "filter", "--tokens", "3000", "--work", "w").summary();
        List<String> result = Files.readAllLines(dir.resolve("w/result.txt"));

        assertThat(Sluice.run(dir, "prov", "runs", "w").summary())
                .matches("w: filter, data-driven, fast-track channels, COMPLETED, started \\S+, [0-9.]+ s \\(run \\S+\\)");

        Sluice.Outcome stats = Sluice.run(dir, "prov", "stats", "w");
        assertThat(stats.code()).isEqualTo(Main.OK);
        assertThat(stats.out().lines().toList()).hasSize(4);
        assertThat(stats.out()).containsPattern("source +3,001 +0 +3,000 ")
                .containsPattern("filter +3,001 +3,000 +" + String.format("%,d", result.size()) + " ");

        Sluice.Outcome firings = Sluice.run(dir, "prov", "firings", "w", "--actor", "filter", "--from", "10", "--count", "2");
        assertThat(firings.out().lines().toList()).hasSize(2).allMatch(l -> l.startsWith("filter#1"))
                .anyMatch(l -> l.contains("consumed in=source.out[10,11)"));

        // Line 2 of result.txt: the second word kept by the filter, and the source word it came from.
        Sluice.Outcome lineage = Sluice.run(dir, "prov", "lineage", "w", "--line", "2");
        assertThat(lineage.code()).as(lineage.err()).isEqualTo(Main.OK);
        List<String> lines = lineage.out().lines().toList();
        assertThat(lines.get(0)).isEqualTo("filter.out#1 \"" + result.get(1) + "\": derived from (depth 3)");
        assertThat(lines.get(1)).startsWith("  1. filter#");
        assertThat(lines.get(2)).matches("     took in=source\\.out\\[\\d+,\\d+\\): \"" + result.get(1) + "\"");
        assertThat(lines.get(3)).startsWith("    2. source#");

        Sluice.Outcome forward = Sluice.run(dir, "prov", "lineage", "w", "source.out#0", "--forward", "--depth", "1");
        assertThat(forward.out()).startsWith("source.out#0 ").contains("1. filter#0 (via source.out#0)");
    }

    @Test
    void aStoreThatIsNotCompleteIsSaidToBeSoWithItsPossibleCauses() throws Exception {
        Sluice.run(dir, "run", "filter", "--tokens", "1000", "--work", "w").summary();
        // What a process killed while it wrote the last index, or a full disk, leaves: no completion marker.
        Files.delete(dir.resolve("w/provenance/index/complete"));

        Sluice.Outcome stats = Sluice.run(dir, "prov", "stats", "w");
        assertThat(stats.code()).isEqualTo(Main.OK);
        assertThat(stats.out()).containsPattern("source +1,001 +0 +1,000 ")
                .contains("(the provenance is not complete: " + ProvCommand.INCOMPLETE + "; its last firings may be missing)");
    }

    @Test
    void questionsAboutWhatIsNotThereAreAnsweredWithoutAStackTrace() {
        Sluice.run(dir, "run", "filter", "--tokens", "100", "--work", "w", "--channels", "memory").summary();
        Sluice.run(dir, "prov", "stats", "nowhere").isFailure("sluice: ");
        Sluice.run(dir, "prov", "firings", "w", "--actor", "nobody").isFailure("sluice: run ");
        Sluice.run(dir, "prov", "lineage", "w", "source.out#100000").isFailure("sluice: no token source.out#100000 was recorded");
        Sluice.run(dir, "prov", "lineage", "w", "source.out").isUsageError();
        Sluice.run(dir, "prov", "lineage", "w").isUsageError();

        Sluice.Outcome memory = Sluice.run(dir, "prov", "lineage", "w", "source.out#3", "--forward");
        assertThat(memory.code()).isEqualTo(Main.OK);
        assertThat(memory.out()).contains("1. filter#3").contains("(values not shown: the value of source.out#3 was not persisted");

        Sluice.run(dir, "run", "filter", "--tokens", "100", "--work", "w2", "--no-provenance").summary();
        Sluice.run(dir, "prov", "stats", "w2").isFailure("sluice: ");
        assertThat(dir.resolve("w2/provenance")).doesNotExist();
    }

    @Test
    void exportsARunAsProvJsonAndALineageAsProvNAndDot() throws Exception {
        Sluice.run(dir, "run", "filter", "--tokens", "500", "--work", "w").summary();

        Sluice.Outcome json = Sluice.run(dir, "prov", "export", "w", "--output", "run.json");
        assertThat(json.code()).as(json.err()).isEqualTo(Main.OK);
        var doc = tools.jackson.databind.json.JsonMapper.builder().build().readTree(dir.resolve("run.json").toFile());
        assertThat(doc.get("agent").propertyNames()).containsExactly("run:a-source", "run:a-filter", "run:a-sink");
        assertThat(doc.get("wasGeneratedBy").size()).as("every token of source.out and filter.out")
                .isEqualTo(500 + Files.readAllLines(dir.resolve("w/result.txt")).size());

        Sluice.Outcome provN = Sluice.run(dir, "prov", "export", "w", "--line", "1", "--format", "prov-n");
        assertThat(provN.code()).as(provN.err()).isEqualTo(Main.OK);
        assertThat(provN.out()).startsWith("document\n").contains("wasGeneratedBy(run:t-filter.out-0, run:f-filter-")
                .endsWith("endDocument\n");

        Sluice.Outcome dot = Sluice.run(dir, "prov", "export", "w", "filter.out#0", "--format", "dot", "-o", "l.dot");
        assertThat(dot.code()).as(dot.err()).isEqualTo(Main.OK);
        assertThat(Files.readString(dir.resolve("l.dot"))).startsWith("digraph lineage {").contains("[shape=box");

        Sluice.run(dir, "prov", "export", "w", "--format", "dot").isUsageError();
        Sluice.run(dir, "prov", "export", "w", "--format", "xml").isUsageError();
    }
}
