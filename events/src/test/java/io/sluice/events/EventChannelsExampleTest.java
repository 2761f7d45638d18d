package io.sluice.events;

import static org.assertj.core.api.Assertions.assertThat;

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
}
