package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code sluice prov lineage|export --channel-dir}: the tokens' values come from the run's channels wherever they are. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ProvChannelDirectoryTest {
    @TempDir
    Path dir;

    @Test
    void valuesAreReadFromTheChannelDirectoryGivenAndOneNotFoundIsSaidToBeSo() throws Exception {
        Sluice.run(dir, "run", "filter", "--tokens", "3000", "--work", "w").summary();
        List<String> result = Files.readAllLines(dir.resolve("w/result.txt"));
        Files.move(dir.resolve("w/channels"), dir.resolve("kept"));

        Sluice.Outcome without = Sluice.run(dir, "prov", "lineage", "w", "--line", "2");
        assertThat(without.code()).as(without.err()).isEqualTo(Main.OK);
        assertThat(without.out()).startsWith("filter.out#1: derived from")
                .contains("(values not shown: the value of filter.out#1 cannot be read: channel 'filter.out' kept its tokens on disk "
                        + "(fast-track channels), but its directory was not found at " + dir.resolve("w/channels/filter.out"));

        Sluice.Outcome with = Sluice.run(dir, "prov", "lineage", "w", "--line", "2", "--channel-dir", "kept");
        assertThat(with.out()).startsWith("filter.out#1 \"" + result.get(1) + "\": derived from").doesNotContain("values not shown");
        Sluice.Outcome dot = Sluice.run(dir, "prov", "export", "w", "--line", "2", "--format", "dot", "--channel-dir", "kept");
        assertThat(dot.out()).contains(result.get(1));
    }
}
