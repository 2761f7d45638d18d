package io.sluice.samples.readme;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.run.RunResult;
import io.sluice.samples.WordSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The README's example runs, and the README shows exactly its code. */
class ShoutExampleTest {

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void runsAndShouts(@TempDir Path work) throws Exception {
        RunResult result = ShoutExample.run(work);
        List<String> expected = WordSource.generatedWords(1_000, 42).stream().map(w -> w.toUpperCase(Locale.ROOT)).toList();
        assertThat(Files.readAllLines(work.resolve("result.txt"))).isEqualTo(expected);
        assertThat(result.channel("shout.out").orElseThrow().tokensWritten()).isEqualTo(1_000);
    }

    @Test
    void theReadmeShowsThisCode() throws Exception {
        ReadmeSnippets.assertReadmeShows("ShoutExample");
    }
}
