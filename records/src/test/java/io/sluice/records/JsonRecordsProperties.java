package io.sluice.records;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Every record of a random format, written as JSON by {@link RecordValue#toJson()}, reads back
 * from that JSON to an equal record ({@link RecordValue#fromJson}).
 */
class JsonRecordsProperties {

    @Property(tries = 300)
    void everyRecordReadsBackFromItsJson(@ForAll("cases") RecordEvolutionProperties.Case c) {
        RecordFormat format = RandomFormats.format(c.format());
        for (Object plain : c.records()) {
            RecordValue value = (RecordValue) RandomFormats.stored(c.format(), plain, format);

            RecordValue read = RecordValue.fromJson(format, value.toJson());

            assertThat(read).as(value.toJson()).isEqualTo(value);
            assertThat(read.toJson()).isEqualTo(value.toJson());
        }
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<RecordEvolutionProperties.Case> cases() {
        return new RecordEvolutionProperties().cases();
    }
}
