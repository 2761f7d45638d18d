package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The damaged channels of issue 36, each as it was reported: every command fails with one line
 * naming the file instead of answering wrongly with exit code 0 or a stack trace, and a resume
 * that fails changes nothing. {@link DamagedWorkDirectoryTest} tries many more damages at random.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DamagedChannelCommandsTest {
    @TempDir
    Path dir;

    private Path source;
    private Path filtered;
    private List<String> result;

    @BeforeEach
    void run() throws Exception {
        Sluice.run(dir, "run", "filter", "--tokens", "200000", "--work", "w").summary();
        source = queueFile(dir.resolve("w/channels/source.out"));
        filtered = queueFile(dir.resolve("w/channels/filter.out"));
        result = Sluice.lines(dir.resolve("w/result.txt"));
    }

    private static Path queueFile(Path channel) throws Exception {
        try (var files = Files.list(channel)) {
            return files.filter(f -> f.toString().endsWith(".cq4")).findFirst().orElseThrow();
        }
    }

    @Test
    void aZeroedPageInTheMiddleFailsTheReadAfterTheTokensBeforeIt() throws Exception {
        long page = Damage.dataExtent(source) / 2 / Damage.PAGE;
        new Damage(Damage.Kind.ZERO_PAGE, dir.relativize(source), page * Damage.PAGE, 0).apply(dir);

        Sluice.Outcome read = Sluice.run(dir, "channel", "read", "w/channels/source.out");
        assertThat(read.code()).isEqualTo(Main.FAILED);
        assertThat(read.err().lines()).singleElement().asString().startsWith("sluice: channel 'source.out' (")
                .contains(source.getFileName().toString()).containsPattern("tokens? [0-9]+");
        assertThat(read.out().lines().count()).isBetween(1L, 199_999L);
    }

    @Test
    void aTruncatedFileIsRefusedByInfoAndResumeWithoutAStackTrace() throws Exception {
        try (RandomAccessFile f = new RandomAccessFile(filtered.toFile(), "rw")) {
            f.setLength(100_000);
        }
        Sluice.run(dir, "channel", "info", "w/channels/filter.out").isFailure("sluice: channel 'filter.out' (");
        assertResumeFailsChangingNothing("filter.out");
    }

    @Test
    void garbageAfterTheDataIsRefusedRatherThanCounted() throws Exception {
        new Damage(Damage.Kind.GARBAGE_AFTER_DATA, dir.relativize(filtered), 0, 42).apply(dir);
        Sluice.run(dir, "channel", "info", "w/channels/filter.out").isFailure("sluice: channel 'filter.out' (");
    }

    @Test
    void aZeroedEndIsRefusedRatherThanCountedAndResumeKeepsTheGoodResult() throws Exception {
        long end = Damage.dataExtent(filtered);
        for (long at = end * 3 / 4 / Damage.PAGE * Damage.PAGE; at < end; at += Damage.PAGE) {
            new Damage(Damage.Kind.ZERO_PAGE, dir.relativize(filtered), at, 0).apply(dir);
        }
        Sluice.run(dir, "channel", "info", "w/channels/filter.out").isFailure("sluice: channel 'filter.out' (");
        assertResumeFailsChangingNothing("filter.out");
        assertThat(Sluice.lines(dir.resolve("w/result.txt"))).as("the good result").isEqualTo(result);
    }

    private void assertResumeFailsChangingNothing(String channel) throws Exception {
        var before = Workspace.fingerprint(dir.resolve("w"));
        Sluice.run(dir, "run", "filter", "--tokens", "200000", "--work", "w", "--resume")
                .isFailure("sluice: cannot resume: channel '" + channel + "' (");
        assertThat(Workspace.fingerprint(dir.resolve("w"))).as("nothing changed").isEqualTo(before);
    }
}
