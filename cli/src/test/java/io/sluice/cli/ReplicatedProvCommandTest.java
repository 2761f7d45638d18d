package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code sluice prov} on a run with a replicated actor: firings and lineages name the copy. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ReplicatedProvCommandTest {
    @TempDir
    Path dir;

    @Test
    void firingsAndLineagesSayWhichCopyTookAndPutTheTokens() throws Exception {
        Files.writeString(dir.resolve("bwords.json"), """
                {"name": "bwords", "actors": [
                  {"name": "words", "type": "word-source", "params": {"tokens": 3000, "seed": 5}},
                  {"name": "keep", "type": "prefix-filter", "params": {"prefix": "b"}, "replicas": 3},
                  {"name": "sink", "type": "line-sink"}],
                 "channels": [{"from": "words.out", "to": "keep.in"}, {"from": "keep.out", "to": "sink.in"}]}
                """);
        Sluice.run(dir, "run", "bwords.json", "--work", "w", "--channels", "direct").summary();
        List<String> result = Files.readAllLines(dir.resolve("w/result.txt"));
        assertThat(result).isNotEmpty();

        Sluice.Outcome firings = Sluice.run(dir, "prov", "firings", "w", "--actor", "keep", "--count", "1");
        assertThat(firings.code()).as(firings.err()).isEqualTo(Main.OK);
        List<String> lines = firings.out().lines().toList();
        assertThat(lines.get(0)).startsWith("keep#0 ").contains("consumed in=words.out[0,96)");
        assertThat(lines.subList(1, lines.size())).hasSize(3).allMatch(l -> l.matches("  copy [0-2]: took in=words\\.out\\[\\d+,\\d+\\).*"));
        assertThat(lines.get(1)).startsWith("  copy 0: took in=words.out[0,");

        Sluice.Outcome lineage = Sluice.run(dir, "prov", "lineage", "w", "--line", "1", "--depth", "1");
        assertThat(lineage.code()).as(lineage.err()).isEqualTo(Main.OK);
        assertThat(lineage.out()).containsPattern("\\n     by copy [0-2]: took in=words\\.out\\[\\d+,\\d+\\) put out=keep\\.out\\[\\d+,\\d+\\)");
    }
}
