package io.sluice.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Records read from plain JSON ({@link RecordValue#fromJson}): what is taken, what is refused and how it is named. */
class JsonRecordsTest {
    private static final RecordFormat READING = RecordFormat.parse("""
            {"type": "record", "name": "Reading", "namespace": "org.example", "fields": [
              {"name": "site", "type": "string"},
              {"name": "level", "type": "int"},
              {"name": "total", "type": "long", "default": 0},
              {"name": "ratio", "type": "double", "default": 1.5},
              {"name": "scale", "type": "float", "default": 1},
              {"name": "note", "type": ["null", "string"], "default": null},
              {"name": "raw", "type": "bytes", "default": ""},
              {"name": "id", "type": {"type": "fixed", "name": "Id", "size": 2}, "default": "ab"},
              {"name": "unit", "type": {"type": "enum", "name": "Unit", "symbols": ["VOLTS", "AMPS"]}, "default": "VOLTS"},
              {"name": "tags", "type": {"type": "array", "items": "string"}, "default": []},
              {"name": "by", "type": {"type": "map", "values": "int"}, "default": {}},
              {"name": "at", "type": ["null", {"type": "record", "name": "Point", "fields": [
                 {"name": "x", "type": "int"}, {"name": "y", "type": "int", "default": 0}]}], "default": null}
            ]}
            """);

    @Test
    void fieldsAreReadByNameAndThoseLeftOutTakeTheirDefaults() {
        RecordValue r = RecordValue.fromJson(READING, "{\"level\": 7, \"site\": \"roof\", \"at\": {\"x\": 3}}");

        assertThat(r.getString("site")).isEqualTo("roof");
        assertThat(r.getInt("level")).isEqualTo(7);
        assertThat(r.getLong("total")).isZero();
        assertThat(r.getDouble("ratio")).isEqualTo(1.5);
        assertThat(r.get("note")).isNull();
        assertThat(r.getString("unit")).isEqualTo("VOLTS");
        assertThat(r.getRecord("at").getInt("x")).isEqualTo(3);
        assertThat(r.getRecord("at").getInt("y")).isZero();
        assertThat(r).isEqualTo(RecordValue.builder(READING).set("site", "roof").set("level", 7)
                .set("at", RecordValue.builder(READING.nestedFormat("org.example.Point")).set("x", 3).build()).build());
    }

    @Test
    void whatToJsonWritesReadsBackEqual() {
        RecordValue r = RecordValue.builder(READING).set("site", "cellar").set("level", -3).set("total", 1L << 40)
                .set("ratio", Double.NaN).set("scale", -0.0f).set("note", "damp").set("raw", new byte[] {0, -1, 7})
                .set("id", new byte[] {1, 2}).set("unit", "AMPS").set("tags", List.of("a", "b")).set("by", Map.of("k", 4))
                .build();

        assertThat(RecordValue.fromJson(READING, r.toJson())).isEqualTo(r);
    }

    @Test
    void avrosWrappedUnionsAreTakenToo() {
        RecordValue r = RecordValue.fromJson(READING, "{\"site\": \"s\", \"level\": 1, \"note\": {\"string\": \"n\"},"
                + " \"at\": {\"org.example.Point\": {\"x\": 1, \"y\": 2}}}");

        assertThat(r.getString("note")).isEqualTo("n");
        assertThat(r.getRecord("at").getInt("y")).isEqualTo(2);
    }

    @Test
    void numbersWidenButNeverLoseAnything() {
        RecordValue r = RecordValue.fromJson(READING, "{\"site\": \"s\", \"level\": 1, \"total\": 5, \"ratio\": 2, \"scale\": 3}");
        assertThat(r.get("total")).isEqualTo(5L);
        assertThat(r.get("ratio")).isEqualTo(2.0);
        assertThat(r.get("scale")).isEqualTo(3.0f);

        assertThatThrownBy(() -> RecordValue.fromJson(READING, "{\"site\": \"s\", \"level\": 1.5}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("field 'level' of format org.example.Reading: int, not 1.5");
        assertThatThrownBy(() -> RecordValue.fromJson(READING, "{\"site\": \"s\", \"level\": 3000000000}"))
                .hasMessageContaining("field 'level'").hasMessageContaining("not 3000000000");
        assertThatThrownBy(() -> RecordValue.fromJson(READING, "{\"site\": \"s\", \"level\": 1, \"scale\": 16777217}"))
                .hasMessageContaining("field 'scale'").hasMessageContaining("without rounding");
        assertThatThrownBy(() -> RecordValue.fromJson(READING, "{\"site\": \"s\", \"level\": 1, \"scale\": 1e300}"))
                .hasMessageContaining("field 'scale'").hasMessageContaining("without rounding");
    }

    @Test
    void whatIsWrongIsNamedWithTheFieldsPath() {
        assertThatThrownBy(() -> RecordValue.fromJson(READING, "{\"site\": \"s\"}"))
                .hasMessage("field 'level' of format org.example.Reading: missing, and it has no default");
        assertThatThrownBy(() -> RecordValue.fromJson(READING, "{\"site\": \"s\", \"level\": 1, \"lvl\": 2}"))
                .hasMessage("field 'lvl' of format org.example.Reading: a field format org.example.Reading does not have");
        assertThatThrownBy(() -> RecordValue.fromJson(READING, "{\"site\": \"s\", \"level\": 1, \"at\": {\"x\": \"1\"}}"))
                .hasMessage("field 'at.x' of format org.example.Reading: int, not \"1\"");
        assertThatThrownBy(() -> RecordValue.fromJson(READING, "{\"site\": \"s\", \"level\": 1, \"tags\": [\"a\", 2]}"))
                .hasMessageContaining("field 'tags[1]'");
        assertThatThrownBy(() -> RecordValue.fromJson(READING, "{\"site\": \"s\", \"level\": 1, \"by\": {\"k\": true}}"))
                .hasMessageContaining("field 'by{k}'");
        assertThatThrownBy(() -> RecordValue.fromJson(READING, "{\"site\": \"s\", \"level\": 1, \"unit\": \"OHMS\"}"))
                .hasMessageContaining("field 'unit'").hasMessageContaining("OHMS");
        assertThatThrownBy(() -> RecordValue.fromJson(READING, "{\"site\": \"s\", \"level\": 1, \"raw\": \"%%\"}"))
                .hasMessageContaining("field 'raw'").hasMessageContaining("not base64");
        assertThatThrownBy(() -> RecordValue.fromJson(READING, "{\"site\": \"s\", \"level\": 1, \"id\": \"AQID\"}"))
                .hasMessageContaining("field 'id'").hasMessageContaining("3 bytes, not the 2");
        assertThatThrownBy(() -> RecordValue.fromJson(READING, "{\"site\": \"s\", \"level\": 1, \"note\": 5}"))
                .hasMessageContaining("field 'note'").hasMessageContaining("not 5");
        assertThatThrownBy(() -> RecordValue.fromJson(READING, "[1]"))
                .hasMessage("a record of format org.example.Reading is a JSON object, not an array [1]");
        assertThatThrownBy(() -> RecordValue.fromJson(READING, "{\"site\": "))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("not JSON: ");
    }

    @Test
    void bytesAreBase64() {
        RecordValue r = RecordValue.fromJson(READING, "{\"site\": \"s\", \"level\": 1, \"raw\": \"AP8H\"}");
        assertThat(r.get("raw")).isEqualTo(ByteBuffer.wrap(new byte[] {0, -1, 7}));
    }
}
