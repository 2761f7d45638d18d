package io.sluice.records;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Two programs that agree on records by field name: {@code docs/records.md} shows the code
 * between the markers, {@link RecordsExampleTest} runs it and checks the page shows it unchanged.
 */
final class RecordsExample {
    private RecordsExample() {}

    // BEGIN example
    /** A reading, as the program that writes readings has it (version 1). */
    @FormatName("org.example.Reading")
    record Reading(String site, int level, double value) {}

    /** A reading in a newer program that reads them: a field renamed, one widened, two added. */
    @FormatName("org.example.Reading")
    record ReadingV2(@FieldAliases("site") String station, long level, double value,
            @FieldDefault("\"volts\"") String unit, Optional<String> note) {}

    static List<String> example() {
        // The writer: one encoder per record class, made once and kept.
        RecordEncoder<Reading> encoder = Records.encoder(Reading.class);
        RecordFormat written = encoder.format(); // what a channel stores once, by its fingerprint
        byte[] bytes = encoder.encode(new Reading("roof", 12, 3.5));

        // A reader of the newer version: one resolver per (writer format, reader) pair.
        RecordResolver<ReadingV2> resolver = Records.resolver(written, ReadingV2.class);
        ReadingV2 read = resolver.read(bytes);

        // A filter that has no class for readings: it reads them under the writer's own format,
        // looks at one field, and passes the record on whole.
        RecordValue record = Records.forwarder(written).read(bytes);
        boolean keep = record.getLong("level") >= 10;
        byte[] passedOn = Records.encoder(written).encode(record);

        return List.of(read.toString(), record.toJson(), "keep: " + keep,
                "same bytes: " + Arrays.equals(bytes, passedOn));
    }
    // END example
}
