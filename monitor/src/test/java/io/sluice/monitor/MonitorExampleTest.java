package io.sluice.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.run.RunResult;
import io.sluice.run.RunStatus;
import io.sluice.testing.NoLeakedThreads;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/** The example of {@code docs/monitor.md}: it runs, and the page shows its code as it is. */
@ExtendWith(NoLeakedThreads.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MonitorExampleTest {

    @Test
    void runsAWorkflowWithItsPageAndPrintsTheAddress() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        release.countDown();
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        RunResult result = MonitorExample.runWatched(Watched.workflow(release, 1), new PrintStream(printed, true,
                StandardCharsets.UTF_8), Duration.ZERO);
        assertThat(result.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(printed.toString(StandardCharsets.UTF_8)).matches("watch the run at http://127\\.0\\.0\\.1:\\d+/\\R");
    }

    @Test
    void theMonitorPageShowsTheExampleUnchanged() throws Exception {
        // Tests run in the module's directory; the page is in the project's docs/.
        Path root = Path.of("").toAbsolutePath().getParent();
        String source = Files.readString(root.resolve("monitor/src/test/java/io/sluice/monitor/MonitorExample.java"),
                StandardCharsets.UTF_8);
        String example = source.substring(source.indexOf("    // BEGIN example\n") + "    // BEGIN example\n".length(),
                source.indexOf("    // END example")).stripTrailing().stripIndent().strip();
        assertThat(Files.readString(root.resolve("docs/monitor.md"), StandardCharsets.UTF_8)).contains("```java\n" + example + "\n```");
    }
}
