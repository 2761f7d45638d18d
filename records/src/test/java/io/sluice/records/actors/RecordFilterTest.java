package io.sluice.records.actors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.records.RecordFormat;
import io.sluice.records.RecordValue;
import org.junit.jupiter.api.Test;

/** The record filter reads fields by name in records of any version of a format, and passes them on whole. */
class RecordFilterTest {
    private static final RecordFormat V1 = RecordFormat.parse("""
            {"type": "record", "name": "Reading", "fields": [{"name": "site", "type": "string"}, {"name": "level", "type": "int"}]}
            """);
    private static final RecordFormat V2 = RecordFormat.parse("""
            {"type": "record", "name": "Reading", "fields": [{"name": "unit", "type": "string"},
             {"name": "level", "type": "double"}, {"name": "site", "type": "string"}]}
            """);

    @Test
    void recordsOfTwoVersionsAreTestedByFieldName() {
        RecordFilter filter = new RecordFilter("level >= 10 && level <= 20 && site != \"shed\"");
        assertThat(filter.test(RecordValue.builder(V1).set("site", "roof").set("level", 12).build())).isTrue();
        assertThat(filter.test(RecordValue.builder(V1).set("site", "shed").set("level", 12).build())).isFalse();
        assertThat(filter.test(RecordValue.builder(V1).set("site", "roof").set("level", 21).build())).isFalse();
        assertThat(filter.test(RecordValue.builder(V2).set("unit", "amps").set("level", 19.5).set("site", "barn").build())).isTrue();
        assertThat(filter.test(RecordValue.builder(V2).set("unit", "amps").set("level", 20.5).set("site", "barn").build())).isFalse();
    }

    @Test
    void aFieldTheFormatLacksOrANonBooleanResultIsNamed() {
        RecordValue v1 = RecordValue.builder(V1).set("site", "roof").set("level", 12).build();
        assertThatThrownBy(() -> new RecordFilter("unit == \"amps\"").test(v1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'unit'").hasMessageContaining("Reading").hasMessageContaining("site, level");
        assertThatThrownBy(() -> new RecordFilter("level + 1").test(v1)).hasMessageContaining("gave 13").hasMessageContaining("not a boolean");
        assertThatThrownBy(() -> new RecordFilter("level >=")).hasMessageContaining("parameter 'filter'");
    }

    @Test
    void jsonLinesBecomeRecordsOfTheFormat() {
        JsonToRecord parse = new JsonToRecord(V1);
        RecordValue r = parse.parse("{\"site\": \"roof\", \"level\": 12}");
        assertThat(r.format()).isEqualTo(V1);
        assertThat(r.toJson()).isEqualTo("{\"site\":\"roof\",\"level\":12}");
        assertThatThrownBy(() -> parse.parse("{\"site\": \"roof\"}")).hasMessageContaining("not a record of format");
    }
}
