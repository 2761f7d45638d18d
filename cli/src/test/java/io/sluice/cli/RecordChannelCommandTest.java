package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.channel.local.PersistentChannelWriter;
import io.sluice.channel.local.PersistentChannels;
import io.sluice.records.FieldDefault;
import io.sluice.records.FormatName;
import io.sluice.records.RecordFormat;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code sluice channel read|info} on a channel of records written by programs of two versions of a format. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RecordChannelCommandTest {
    @FormatName("org.example.Reading")
    record Reading(String site, int level) {}

    @FormatName("org.example.Reading")
    record ReadingV2(String site, long level, @FieldDefault("\"volts\"") String unit) {}

    @TempDir
    Path dir;

    @Test
    void readPrintsEachRecordAsJsonUnderItsWritersFormatAndInfoListsTheFormats() {
        Path channel = dir.resolve("readings");
        try (PersistentChannelWriter<Reading> v1 = PersistentChannels.openWriter(channel, "readings", Reading.class)) {
            v1.put(new Reading("roof", 12));
            v1.put(new Reading("cellar", 3));
        }
        try (PersistentChannelWriter<ReadingV2> v2 = PersistentChannels.openWriter(channel, "readings", ReadingV2.class)) {
            v2.put(new ReadingV2("attic", 40, "amps"));
            v2.end();
        }

        assertThat(Sluice.run(dir, "channel", "read", "readings").out().lines()).containsExactly(
                "{\"site\":\"roof\",\"level\":12}",
                "{\"site\":\"cellar\",\"level\":3}",
                "{\"site\":\"attic\",\"level\":40,\"unit\":\"amps\"}");
        assertThat(Sluice.run(dir, "channel", "read", "readings", "--from", "2").out().lines())
                .containsExactly("{\"site\":\"attic\",\"level\":40,\"unit\":\"amps\"}");

        RecordFormat f1 = RecordFormat.of(Reading.class);
        RecordFormat f2 = RecordFormat.of(ReadingV2.class);
        Sluice.Outcome info = Sluice.run(dir, "channel", "info", "readings");
        assertThat(info.code()).isZero();
        assertThat(info.out().lines()).first().isEqualTo("readings: 3 tokens of io.sluice.records.RecordValue (codec record), ended");
        assertThat(info.out().lines().skip(1)).containsExactlyInAnyOrder(
                "  format " + f1 + ": site string, level int",
                "  format " + f2 + ": site string, level long, unit string");
        assertThat(Sluice.run(dir, "channel", "info", "readings", "--count-records").out().lines().skip(1))
                .containsExactlyInAnyOrder(
                        "  format " + f1 + " (2 records): site string, level int",
                        "  format " + f2 + " (1 record): site string, level long, unit string");
    }
}
