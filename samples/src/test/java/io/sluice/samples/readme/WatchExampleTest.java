package io.sluice.samples.readme;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.run.RunResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The example of docs/events.md prints a live view of a run, and the page shows exactly its code. */
class WatchExampleTest {

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void printsALiveViewEndingWithEveryActorEnded(@TempDir Path work) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RunResult result;
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            result = WatchExample.run(work, out);
        }
        String view = bytes.toString(StandardCharsets.UTF_8);

        assertThat(view).as("a block per progress event, the last once every actor has ended").contains("ENDING ");
        String last = view.substring(view.lastIndexOf("ENDING "));
        assertThat(last).contains("  source     ENDED", "  split      ENDED", "  mergesort  ENDED", "  sink       ENDED")
                .contains(String.format(java.util.Locale.ROOT, "  source.out       %,d written, depth       0", 300_000));
        assertThat(result.channel("mergesort.out").orElseThrow().tokensWritten()).isEqualTo(300_000);
    }

    @Test
    void theEventsPageShowsThisCode() throws Exception {
        ReadmeSnippets.assertDocsShow("events.md", "WatchExample");
    }
}
