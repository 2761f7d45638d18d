package io.sluice.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Generic records: building, defaults, typed getters with widening, immutability, equality, JSON. */
class RecordValueTest {
    private static final RecordFormat READING = RecordFormat.parse("""
            {"type": "record", "name": "Reading", "namespace": "org.example", "fields": [
              {"name": "id", "type": "int"},
              {"name": "count", "type": "long", "default": 0},
              {"name": "ratio", "type": "float", "default": 0.5},
              {"name": "value", "type": "double", "default": 0},
              {"name": "ok", "type": "boolean", "default": true},
              {"name": "site", "type": "string", "default": "here"},
              {"name": "raw", "type": "bytes", "default": "\\u0001\\u0002"},
              {"name": "level", "type": {"type": "enum", "name": "Level", "symbols": ["LOW", "HIGH"]}, "default": "LOW"},
              {"name": "tags", "type": {"type": "array", "items": "string"}, "default": []},
              {"name": "extra", "type": {"type": "map", "values": "int"}, "default": {}},
              {"name": "at", "type": ["null", {"type": "record", "name": "Point", "fields": [
                  {"name": "x", "type": "int"}, {"name": "y", "type": "int"}]}], "default": null},
              {"name": "note", "type": ["null", "string"], "default": null}
            ]}""");

    enum Level { LOW, HIGH }

    @Test
    void aBuilderSetsFieldsAndTheRestTakeTheirDefaults() {
        RecordValue r = RecordValue.builder(READING).set("id", 7).set("site", "there").build();

        assertThat(r.format()).isSameAs(READING);
        assertThat(r.getInt("id")).isEqualTo(7);
        assertThat(r.get("count")).isEqualTo(0L);
        assertThat(r.getFloat("ratio")).isEqualTo(0.5f);
        assertThat(r.getDouble("value")).isEqualTo(0.0);
        assertThat(r.getBoolean("ok")).isTrue();
        assertThat(r.getString("site")).isEqualTo("there");
        assertThat(r.getBytes("raw")).containsExactly(1, 2);
        assertThat(r.getString("level")).isEqualTo("LOW");
        assertThat(r.getList("tags")).isEmpty();
        assertThat(r.getMap("extra")).isEmpty();
        assertThat(r.getRecord("at")).isNull();
        assertThat(r.getString("note")).isNull();
    }

    @Test
    void aFieldWithoutDefaultMustBeSet() {
        assertThatThrownBy(() -> RecordValue.builder(READING).set("site", "x").build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("a record of format org.example.Reading needs a value for id (int): it has no default");
    }

    @Test
    void valuesWidenWhereNothingIsLost() {
        RecordValue r = RecordValue.builder(READING)
                .set("id", (short) 3).set("count", 5).set("value", 2L).set("level", Level.HIGH)
                .set("tags", new java.util.LinkedHashSet<>(List.of("a", "b"))).set("raw", "hi".getBytes(StandardCharsets.UTF_8))
                .set("site", new StringBuilder("sb")).build();

        assertThat(r.get("id")).isEqualTo(3);
        assertThat(r.get("count")).isEqualTo(5L);
        assertThat(r.get("value")).isEqualTo(2.0);
        assertThat(r.get("level")).isEqualTo("HIGH");
        assertThat(r.get("tags")).isEqualTo(List.of("a", "b"));
        assertThat(r.get("site")).isEqualTo("sb");
        assertThat(r.get("raw")).isEqualTo(ByteBuffer.wrap("hi".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void typedGettersWidenIntToLongToDouble() {
        RecordValue r = RecordValue.builder(READING).set("id", 41).set("count", 1L << 40).build();

        assertThat(r.getLong("id")).isEqualTo(41L);
        assertThat(r.getDouble("id")).isEqualTo(41.0);
        assertThat(r.getDouble("count")).isEqualTo((double) (1L << 40));
        assertThat(r.getDouble("ratio")).isEqualTo(0.5);
        assertThatThrownBy(() -> r.getInt("count"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("field 'count' of format org.example.Reading is long, not an int");
        assertThatThrownBy(() -> r.getLong("site"))
                .hasMessage("field 'site' of format org.example.Reading is string, not an int or a long");
        assertThatThrownBy(() -> r.getString("id")).hasMessageContaining("not a string");
        assertThatThrownBy(() -> r.getRecord("tags")).hasMessageContaining("not a record");
    }

    @Test
    void aValueThatDoesNotFitIsRefusedNamingTheFieldAndTheFormat() {
        RecordValue.Builder b = RecordValue.builder(READING);
        assertThatThrownBy(() -> b.set("id", 3L))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("field 'id' of format org.example.Reading is int; it cannot hold Long 3");
        assertThatThrownBy(() -> b.set("id", null)).hasMessageContaining("it cannot hold null");
        assertThatThrownBy(() -> b.set("ratio", 0.25)).hasMessageContaining("field 'ratio'").hasMessageContaining("is float");
        assertThatThrownBy(() -> b.set("level", "MEDIUM"))
                .hasMessageContaining("symbol 'MEDIUM' (its symbols: [LOW, HIGH])");
        assertThatThrownBy(() -> b.set("tags", List.of("a", 2)))
                .hasMessage("field 'tags[1]' of format org.example.Reading is string; it cannot hold Integer 2");
        assertThatThrownBy(() -> b.set("extra", Map.of("k", "v")))
                .hasMessageContaining("field 'extra{k}'");
        assertThatThrownBy(() -> b.set("at", RecordValue.builder(READING).set("id", 1).build()))
                .hasMessageContaining("field 'at'")
                .hasMessageContaining("nestedFormat(\"Point\")");
    }

    @Test
    void anUnknownFieldIsAnErrorNamingTheFieldAndTheFormat() {
        RecordValue r = RecordValue.builder(READING).set("id", 1).build();
        String message = "format org.example.Reading has no field 'size'; its fields: "
                + "[id, count, ratio, value, ok, site, raw, level, tags, extra, at, note]";
        assertThatThrownBy(() -> r.get("size")).isInstanceOf(IllegalArgumentException.class).hasMessage(message);
        assertThatThrownBy(() -> r.getInt("size")).hasMessage(message);
        assertThatThrownBy(() -> r.with("size", 1)).hasMessage(message);
        assertThatThrownBy(() -> RecordValue.builder(READING).set("size", 1)).hasMessage(message);
    }

    @Test
    void aPrimitiveGetterOfANullFieldNamesTheField() {
        RecordFormat f = RecordFormat.parse("""
                {"type": "record", "name": "N", "fields": [{"name": "n", "type": ["null", "int"], "default": null}]}""");
        RecordValue r = RecordValue.builder(f).build();
        assertThat(r.get("n")).isNull();
        assertThatThrownBy(() -> r.getInt("n"))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("field 'n' of format N is null; it has no int");
        assertThat(r.with("n", 4).getInt("n")).isEqualTo(4);
    }

    @Test
    void nestedRecordsAreBuiltWithTheNestedFormat() {
        RecordFormat point = READING.nestedFormat("Point");
        RecordValue at = RecordValue.builder(point).set("x", 1).set("y", 2).build();
        RecordValue r = RecordValue.builder(READING).set("id", 1).set("at", at).build();

        assertThat(r.getRecord("at").getInt("y")).isEqualTo(2);
        assertThat(r.getRecord("at")).isEqualTo(at);
    }

    @Test
    void aRecordValueNeverChanges() {
        List<String> tags = new ArrayList<>(List.of("a"));
        byte[] raw = {1, 2, 3};
        RecordValue r = RecordValue.builder(READING).set("id", 1).set("tags", tags).set("raw", raw).build();
        tags.add("b");
        raw[0] = 9;
        r.getBytes("raw")[1] = 9;
        ((ByteBuffer) r.get("raw")).get();

        assertThat(r.getList("tags")).containsExactly("a");
        assertThat(r.getBytes("raw")).containsExactly(1, 2, 3);
        assertThat((ByteBuffer) r.get("raw")).isEqualTo(ByteBuffer.wrap(new byte[] {1, 2, 3}));
        assertThatThrownBy(() -> r.getList("tags").add("c")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> ((ByteBuffer) r.get("raw")).put(0, (byte) 0))
                .isInstanceOf(java.nio.ReadOnlyBufferException.class);

        RecordValue changed = r.with("id", 2);
        assertThat(r.getInt("id")).isEqualTo(1);
        assertThat(changed.getInt("id")).isEqualTo(2);
        assertThat(changed.getList("tags")).containsExactly("a");
    }

    @Test
    void recordValuesAreEqualByFormatAndFieldValues() {
        RecordValue a = RecordValue.builder(READING).set("id", 1).set("raw", new byte[] {4}).build();
        RecordValue b = RecordValue.builder(RecordFormat.parse(READING.toJson())).set("id", 1).set("raw", new byte[] {4}).build();

        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
        assertThat(a).isNotEqualTo(a.with("raw", new byte[] {5}));
        assertThat(a).isNotEqualTo(a.with("note", "x"));
    }

    @Test
    void aRecordShowsAsOneLineOfPlainJson() {
        RecordValue at = RecordValue.builder(READING.nestedFormat("Point")).set("x", 1).set("y", -2).build();
        RecordValue r = RecordValue.builder(READING).set("id", 7).set("value", Double.NaN).set("tags", List.of("a", "b\"c"))
                .set("extra", Map.of("k", 3)).set("at", at).set("note", "hi").build();

        assertThat(r.toJson()).isEqualTo("{\"id\":7,\"count\":0,\"ratio\":0.5,\"value\":\"NaN\",\"ok\":true,\"site\":\"here\","
                + "\"raw\":\"AQI=\",\"level\":\"LOW\",\"tags\":[\"a\",\"b\\\"c\"],\"extra\":{\"k\":3},"
                + "\"at\":{\"x\":1,\"y\":-2},\"note\":\"hi\"}");
        assertThat(r).hasToString(r.toJson());
    }
}
