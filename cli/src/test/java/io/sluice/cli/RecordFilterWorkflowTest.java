package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.records.RecordFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JSON workflow filters records on a field, with no Java code for their format: lines of JSON
 * made records under an Avro schema file ({@code json-to-record}), kept by an expression over
 * their fields ({@code record-filter}), run by {@code sluice run} over persistent channels of
 * records, which {@code sluice channel read} then shows as JSON.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RecordFilterWorkflowTest {
    /** The format of the readings, an Avro schema. */
    static final String FORMAT = """
            {"type": "record", "name": "Reading", "namespace": "org.example",
             "fields": [{"name": "site", "type": "string"}, {"name": "level", "type": "int"},
                        {"name": "unit", "type": "string", "default": "volts"}]}
            """;

    /** The workflow, formatted with the readings' file, the format's file and the filter. */
    static final String FLOW = """
            {"name": "levels",
             "actors": [
               {"name": "lines",   "type": "line-reader",    "params": {"file": "%s"}},
               {"name": "records", "type": "json-to-record", "params": {"format": "%s"}},
               {"name": "filter",  "type": "record-filter",  "params": {"filter": "%s"}},
               {"name": "kept",    "type": "line-writer",    "params": {"file": "kept.txt"}}
             ],
             "channels": [
               {"from": "lines.output",   "to": "records.input"},
               {"from": "records.output", "to": "filter.input"},
               {"from": "filter.output",  "to": "kept.input"}
             ]}
            """;

    @TempDir
    Path dir;

    private void write(String filter) throws Exception {
        Files.writeString(dir.resolve("reading.avsc"), FORMAT);
        Files.writeString(dir.resolve("readings.jsonl"), String.join("\n",
                "{\"site\": \"roof\", \"level\": 12, \"unit\": \"amps\"}",
                "{\"site\": \"cellar\", \"level\": 3, \"unit\": \"volts\"}",
                "{\"site\": \"attic\", \"level\": 20, \"unit\": \"volts\"}",
                "{\"site\": \"shed\", \"level\": 21, \"unit\": \"volts\"}",
                "{\"site\": \"barn\", \"level\": 10, \"unit\": \"amps\"}") + "\n");
        Files.writeString(dir.resolve("flow.json"), FLOW.formatted("readings.jsonl", "reading.avsc", filter));
    }

    @Test
    void aFilterOnAFieldKeepsWholeRecordsOnPersistentChannels() throws Exception {
        write("level >= 10 && level <= 20");
        Sluice.Outcome run = Sluice.run(dir, "run", "flow.json", "--channels", "direct", "--work", "w");
        assertThat(run.code()).as("stderr: %s", run.err()).isEqualTo(Main.OK);
        String roof = "{\"site\":\"roof\",\"level\":12,\"unit\":\"amps\"}";
        String attic = "{\"site\":\"attic\",\"level\":20,\"unit\":\"volts\"}";
        String barn = "{\"site\":\"barn\",\"level\":10,\"unit\":\"amps\"}";
        assertThat(Sluice.lines(dir.resolve("w/kept.txt"))).containsExactly(roof, attic, barn);
        // The filter's output is a persistent channel of records: its format stored once, each record shown as JSON.
        assertThat(Sluice.run(dir, "channel", "read", "w/channels/filter.output").out().lines()).containsExactly(roof, attic, barn);
        RecordFormat format = RecordFormat.parse(FORMAT);
        assertThat(Sluice.run(dir, "channel", "info", "w/channels/filter.output").out().lines().skip(1))
                .containsExactly("  format " + format + ": site string, level int, unit string");
    }

    /**
     * The workflow names the version it reads the records as ({@code record-convert}): a field
     * dropped, one added with its default, a number widened.
     */
    @Test
    void aWorkflowReadsTheRecordsAsTheVersionItNames() throws Exception {
        write("level >= 10 && level <= 20");
        Files.writeString(dir.resolve("reading-v2.avsc"), """
                {"type": "record", "name": "Reading", "namespace": "org.example",
                 "fields": [{"name": "level", "type": "long"}, {"name": "site", "type": "string"},
                            {"name": "checked", "type": "boolean", "default": false}]}
                """);
        Files.writeString(dir.resolve("flow.json"), Files.readString(dir.resolve("flow.json"))
                .replace("{\"name\": \"filter\",", "{\"name\": \"v2\", \"type\": \"record-convert\", \"params\": {\"format\":"
                        + " \"reading-v2.avsc\"}},\n   {\"name\": \"filter\",")
                .replace("{\"from\": \"records.output\", \"to\": \"filter.input\"}",
                        "{\"from\": \"records.output\", \"to\": \"v2.input\"}, {\"from\": \"v2.output\", \"to\": \"filter.input\"}"));

        Sluice.Outcome run = Sluice.run(dir, "run", "flow.json", "--channels", "direct", "--work", "w");

        assertThat(run.code()).as("stderr: %s", run.err()).isEqualTo(Main.OK);
        assertThat(Sluice.lines(dir.resolve("w/kept.txt"))).containsExactly(
                "{\"level\":12,\"site\":\"roof\",\"checked\":false}",
                "{\"level\":20,\"site\":\"attic\",\"checked\":false}",
                "{\"level\":10,\"site\":\"barn\",\"checked\":false}");
    }

    @Test
    void theSameWorkflowRunsWithEveryChannelInASpace() throws Exception {
        write("level >= 10 && level <= 20");
        try (Sluice.Running serve = Sluice.start(dir, "serve", "--dir", "space", "--port", "0")) {
            String address = serve.firstLine(java.time.Duration.ofSeconds(60));
            Sluice.Outcome run = Sluice.run(dir, "run", "flow.json", "--work", "w", "--space", address);
            assertThat(run.code()).as("stderr: %s", run.err()).isEqualTo(Main.OK);
            assertThat(Sluice.lines(dir.resolve("w/kept.txt"))).containsExactly(
                    "{\"site\":\"roof\",\"level\":12,\"unit\":\"amps\"}",
                    "{\"site\":\"attic\",\"level\":20,\"unit\":\"volts\"}",
                    "{\"site\":\"barn\",\"level\":10,\"unit\":\"amps\"}");
            // The format went to the space once per channel of records, and is in its registry.
            RecordFormat format = RecordFormat.parse(FORMAT);
            assertThat(Sluice.run(dir, "space", "formats", address).out().lines()).containsExactly(
                    String.format(java.util.Locale.ROOT, "%016x.avsc", format.fingerprint()) + " format " + format
                            + ": site string, level int, unit string");
            assertThat(Sluice.run(dir, "channel", "read", "space/filter.output").out().lines()).hasSize(3);
            assertThat(serve.stop().code()).isEqualTo(Main.OK);
        }
    }

    @Test
    void aFilterOnAFieldTheFormatLacksFailsTheRunNamingTheFieldAndTheFormat() throws Exception {
        write("lvl > 3");
        Sluice.Outcome run = Sluice.run(dir, "run", "flow.json", "--work", "w");
        assertThat(run.code()).isNotEqualTo(Main.OK);
        assertThat(run.err()).contains("filter", "'lvl'", "org.example.Reading");
    }

    @Test
    void aFilterThatDoesNotParseIsAnErrorNamingTheParameter() throws Exception {
        write("level >=");
        Sluice.Outcome run = Sluice.run(dir, "run", "flow.json", "--work", "w");
        assertThat(run.code()).isNotEqualTo(Main.OK);
        assertThat(run.err()).contains("flow.json", "parameter 'filter'");
    }
}
