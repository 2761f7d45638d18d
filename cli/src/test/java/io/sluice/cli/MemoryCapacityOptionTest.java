package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.channel.ChannelSpec;
import io.sluice.samples.WordSource;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code --memory-capacity} and {@code --memory-capacity-bytes}: the run's bounds of memory channels. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MemoryCapacityOptionTest {
    @TempDir
    Path dir;

    @Test
    void tinyBoundsInTokensAndBytesSortAlike() {
        // Mergesort deadlocks artificially under small bounds: Parks' rule grows them, and the result is the same.
        Sluice.run(dir, "run", "mergesort", "--tokens", "2000", "--channels", "memory", "--memory-capacity", "2",
                "--memory-capacity-bytes", "100", "--work", "w").summary();
        List<String> expected = new ArrayList<>(WordSource.generatedWords(2000, 1));
        Collections.sort(expected);
        assertThat(Sluice.lines(dir.resolve("w/result.txt"))).isEqualTo(expected);
    }

    @Test
    void sizesTakeUnitsAndUnbounded() {
        RunOptions.BytesConverter bytes = new RunOptions.BytesConverter();
        assertThat(bytes.convert("1048576")).isEqualTo(1L << 20);
        assertThat(bytes.convert("64KiB")).isEqualTo(64L << 10);
        assertThat(bytes.convert("16M")).isEqualTo(16L << 20);
        assertThat(bytes.convert("2 GiB")).isEqualTo(2L << 30);
        assertThat(bytes.convert("unbounded")).isEqualTo(ChannelSpec.UNBOUNDED_BYTES);
        assertThat(new RunOptions.TokensConverter().convert("unbounded")).isEqualTo(ChannelSpec.UNBOUNDED);
    }

    @Test
    void badBoundsAreUsageErrors() {
        assertThat(Sluice.run(dir, "run", "filter", "--memory-capacity-bytes", "0").isUsageError().err())
                .contains("'0' is not a size of at least 1 byte");
        assertThat(Sluice.run(dir, "run", "filter", "--memory-capacity-bytes", "lots").isUsageError().err())
                .contains("'lots' is not a size");
        assertThat(Sluice.run(dir, "run", "filter", "--memory-capacity", "-3").isUsageError().err())
                .contains("'-3' is not a number of tokens");
    }
}
