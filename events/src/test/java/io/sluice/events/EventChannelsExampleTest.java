package io.sluice.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class EventChannelsExampleTest {
    @TempDir
    Path dir;

    @Test
    void theExampleOfTheDocsShowsTheHighReadingsAsTheNewerVersion() throws Exception {
        assertThat(EventChannelsExample.example(dir)).containsExactly(
                "0: ReadingV2[station=roof, level=12, value=3.5, unit=volts]",
                "3: ReadingV2[station=cellar, level=10, value=2.25, unit=volts]");
        try (EventChannels space = EventChannels.local(dir)) {
            Subscription<EventChannelsExample.ReadingV2> again = space.subscribe("readings",
                    EventChannelsExample.ReadingV2.class, e -> {}, SubscribeOptions.defaults().withName("display"));
            assertThat(again.acknowledged()).isEqualTo(3);
        }
    }

    @Test
    void theEventChannelsPageShowsTheExampleUnchanged() throws Exception {
        // Tests run in the module's directory; the page is in the project's docs/.
        Path root = Path.of("").toAbsolutePath().getParent();
        String source = Files.readString(root.resolve("events/src/test/java/io/sluice/events/EventChannelsExample.java"),
                StandardCharsets.UTF_8);
        String example = source.substring(source.indexOf("    // BEGIN example\n") + "    // BEGIN example\n".length(),
                source.indexOf("    // END example")).stripTrailing().stripIndent().strip();
        assertThat(Files.readString(root.resolve("docs/event-channels.md"), StandardCharsets.UTF_8))
                .contains("```java\n" + example + "\n```");
    }
}
