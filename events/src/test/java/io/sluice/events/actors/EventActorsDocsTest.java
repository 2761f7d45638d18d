package io.sluice.events.actors;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.remote.SpaceServer;
import io.sluice.run.Run;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two workflows that docs/event-channels.md shows run as the page says: the display, started
 * first, shows the sensor's high readings while the sensor publishes, and ends at its end marker.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class EventActorsDocsTest {
    private static final String SHOWN_URI = "sluice://localhost:7070";

    @TempDir
    Path dir;

    private static String resource(String name) throws Exception {
        try (InputStream in = EventActorsDocsTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void thePageShowsTheWorkflowsThatRun() throws Exception {
        String page = Files.readString(Path.of("").toAbsolutePath().getParent().resolve("docs/event-channels.md"));
        String sensor = resource("sensor.json");
        String display = resource("display.json");
        assertThat(page).contains(sensor).contains(display);

        Flows.inputs(dir, 0, "{\"site\": \"roof\", \"level\": 12}", "{\"site\": \"roof\", \"level\": 4}",
                "{\"site\": \"cellar\", \"level\": 10}");
        try (SpaceServer server = Flows.server(dir, dir.resolve("events"))) {
            String uri = server.uri().toString();
            try (Run shown = Flows.start(Flows.workflow(dir, "display.json", display.replace(SHOWN_URI, uri), Flows.discovered()),
                    dir.resolve("wd"))) {
                try (Run published = Flows.start(Flows.workflow(dir, "sensor.json", sensor.replace(SHOWN_URI, uri), Flows.discovered()),
                        dir.resolve("ws"))) {
                    published.await();
                }
                shown.await();
            }
        }
        assertThat(Files.readAllLines(dir.resolve("wd/high.txt"))).isEqualTo(List.of("{\"site\":\"roof\",\"level\":12}",
                "{\"site\":\"cellar\",\"level\":10}"));
    }
}
