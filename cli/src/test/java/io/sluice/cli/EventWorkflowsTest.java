package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sluice run} knows the event actors: one JSON workflow publishes records on a persistent
 * event channel of {@code sluice serve --events-dir}, another subscribes to it with a filter and
 * ends at an end marker; each run leaves no thread behind ({@link Sluice#run} checks).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class EventWorkflowsTest {
    private static final String FORMAT = """
            {"type": "record", "name": "Reading", "namespace": "org.example",
             "fields": [{"name": "site", "type": "string"}, {"name": "level", "type": "int"}]}
            """;

    private static final String SENSOR = """
            {"name": "sensor",
             "actors": [
               {"name": "lines",   "type": "line-reader",    "params": {"file": "readings.jsonl"}},
               {"name": "records", "type": "json-to-record", "params": {"format": "reading.avsc"}},
               {"name": "publish", "type": "publish",        "params": {"channel": "readings", "space": "%s"}}
             ],
             "channels": [
               {"from": "lines.output",   "to": "records.input"},
               {"from": "records.output", "to": "publish.input"}
             ]}
            """;

    private static final String DISPLAY = """
            {"name": "display",
             "actors": [
               {"name": "subscribe", "type": "subscribe",   "params": {"channel": "readings", "space": "%s", "start": "beginning",
                                                                       "filter": "level >= 10", "endWhen": "site == 'end'"}},
               {"name": "show",      "type": "line-writer", "params": {"file": "high.txt"}}
             ],
             "channels": [{"from": "subscribe.output", "to": "show.input"}]}
            """;

    @TempDir
    Path dir;

    @Test
    void aWorkflowSubscribesToWhatAnotherPublishedOnTheServer() throws Exception {
        Files.writeString(dir.resolve("reading.avsc"), FORMAT);
        Files.writeString(dir.resolve("readings.jsonl"), String.join("\n",
                "{\"site\": \"roof\", \"level\": 12}",
                "{\"site\": \"cellar\", \"level\": 3}",
                "{\"site\": \"barn\", \"level\": 10}",
                "{\"site\": \"end\", \"level\": 99}",
                "{\"site\": \"late\", \"level\": 50}") + "\n");
        try (Sluice.Running serve = Sluice.start(dir, "serve", "--dir", "space", "--events-dir", "events", "--port", "0")) {
            String address = serve.firstLine(Duration.ofSeconds(60));
            Files.writeString(dir.resolve("sensor.json"), SENSOR.formatted(address));
            Files.writeString(dir.resolve("display.json"), DISPLAY.formatted(address));
            Sluice.Outcome sensor = Sluice.run(dir, "run", "sensor.json", "--work", "ws");
            assertThat(sensor.code()).as("stderr: %s", sensor.err()).isEqualTo(Main.OK);
            Sluice.Outcome display = Sluice.run(dir, "run", "display.json", "--work", "wd");
            assertThat(display.code()).as("stderr: %s", display.err()).isEqualTo(Main.OK);
            assertThat(Sluice.lines(dir.resolve("wd/high.txt"))).containsExactly("{\"site\":\"roof\",\"level\":12}",
                    "{\"site\":\"barn\",\"level\":10}");
            // Both runs closed their publisher and subscription at the server.
            Sluice.Outcome ls = Sluice.run(dir, "space", "ls", "--events", address);
            assertThat(ls.out()).contains("readings").contains("5 published").doesNotContain("publisher\t").doesNotContain("subscriber\t");
            assertThat(serve.stop().code()).isEqualTo(Main.OK);
        }
    }
}
