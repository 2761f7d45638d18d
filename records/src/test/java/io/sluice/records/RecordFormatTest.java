package io.sluice.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.junit.jupiter.api.Test;

/** Formats derived from Java records (every supported shape, and refusals) and parsed from JSON. */
class RecordFormatTest {

    enum Level { LOW, MEDIUM, HIGH }

    record Point(int x, int y) {}

    record Everything(
            boolean flag, Boolean boxedFlag,
            int i, Integer boxedI,
            long l, Long boxedL,
            float f, Float boxedF,
            double d, Double boxedD,
            String s, byte[] bytes, Level level, Point point,
            List<String> names, int[] ints, Point[] points, List<List<Long>> nested,
            Map<String, Point> byName,
            Optional<String> note, Optional<Point> maybe) {}

    @Test
    void derivesAFieldPerComponentInOrder() {
        RecordFormat format = RecordFormat.of(Everything.class);

        assertThat(format.name()).isEqualTo("io.sluice.records.RecordFormatTest.Everything");
        assertThat(format.fields()).extracting(RecordField::name).containsExactly(
                "flag", "boxedFlag", "i", "boxedI", "l", "boxedL", "f", "boxedF", "d", "boxedD",
                "s", "bytes", "level", "point", "names", "ints", "points", "nested", "byName", "note", "maybe");
        assertThat(format.fields()).extracting(RecordField::type).containsExactly(
                "boolean", "boolean", "int", "int", "long", "long", "float", "float", "double", "double",
                "string", "bytes", "enum io.sluice.records.RecordFormatTest.Level",
                "record io.sluice.records.RecordFormatTest.Point",
                "array<string>", "array<int>", "array<record io.sluice.records.RecordFormatTest.Point>",
                "array<array<long>>", "map<record io.sluice.records.RecordFormatTest.Point>",
                "optional<string>", "optional<record io.sluice.records.RecordFormatTest.Point>");
        assertThat(format.fields()).extracting(RecordField::position).containsExactly(
                0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20);
    }

    @Test
    void optionalComponentsAreOptionalFieldsWithANullDefault() {
        RecordFormat format = RecordFormat.of(Everything.class);

        assertThat(format.field("note").isOptional()).isTrue();
        assertThat(format.field("note").hasDefault()).isTrue();
        assertThat(format.field("note").defaultValue()).isNull();
        assertThat(format.field("boxedI").isOptional()).as("a boxed component is required").isFalse();
        assertThat(format.field("boxedI").hasDefault()).isFalse();
        assertThatThrownBy(() -> format.field("boxedI").defaultValue())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'boxedI'").hasMessageContaining("has no default");
    }

    @Test
    void enumsBecomeAvroEnumsWithTheConstantsAsSymbols() {
        Schema level = RecordFormat.of(Everything.class).schema().getField("level").schema();
        assertThat(level.getType()).isEqualTo(Schema.Type.ENUM);
        assertThat(level.getEnumSymbols()).containsExactly("LOW", "MEDIUM", "HIGH");
    }

    @FormatName(value = "org.example.Reading", aliases = "org.example.OldReading")
    record Reading(
            @FieldAliases({"lvl", "height"}) int level,
            @FieldDefault("\"unknown\"") String site,
            @FieldDefault("[1, 2]") List<Integer> counts,
            @FieldDefault("{\"x\": 1, \"y\": 2}") Point origin,
            @FieldDefault("\"MEDIUM\"") Level quality,
            @FieldDefault("\"here\"") Optional<String> where) {}

    @Test
    void annotationsGiveNamesDefaultsAndAliases() {
        RecordFormat format = RecordFormat.of(Reading.class);

        assertThat(format.name()).isEqualTo("org.example.Reading");
        assertThat(format.schema().getAliases()).containsExactly("org.example.OldReading");
        assertThat(format.field("level").aliases()).containsExactly("height", "lvl");
        assertThat(format.field("site").defaultValue()).isEqualTo("unknown");
        assertThat(format.field("counts").defaultValue()).isEqualTo(List.of(1, 2));
        RecordValue origin = (RecordValue) format.field("origin").defaultValue();
        assertThat(origin.getInt("x")).isEqualTo(1);
        assertThat(origin.format()).isEqualTo(RecordFormat.of(Point.class));
        assertThat(format.field("quality").defaultValue()).isEqualTo("MEDIUM");
        // An Optional with a value as its default puts the value's type first in the union.
        assertThat(format.field("where").defaultValue()).isEqualTo("here");
        assertThat(format.field("where").isOptional()).isTrue();
        assertThat(format.field("where").toString()).isEqualTo("where: optional<string> = \"here\"");
    }

    record Node(String label, List<Node> children, Optional<Node> parent) {}

    @Test
    void recursiveRecordsAreDefinedOnce() {
        RecordFormat format = RecordFormat.of(Node.class);
        assertThat(format.field("children").type()).isEqualTo("array<record io.sluice.records.RecordFormatTest.Node>");
        assertThat(RecordFormat.parse(format.toJson())).isEqualTo(format);
    }

    record SamePointTwice(Point a, Point b, List<Point> more) {}

    @Test
    void aRecordUsedTwiceIsOneNamedType() {
        RecordFormat format = RecordFormat.of(SamePointTwice.class);
        assertThat(format.toJson()).containsOnlyOnce("\"fields\":[{\"name\":\"x\"");
        assertThat(format.nestedFormat("Point")).isEqualTo(RecordFormat.of(Point.class));
        assertThat(format.nestedFormat("io.sluice.records.RecordFormatTest.Point")).isEqualTo(RecordFormat.of(Point.class));
        assertThatThrownBy(() -> format.nestedFormat("Line"))
                .hasMessageContaining("no record type named 'Line'");
    }

    record WithSet(int id, Set<String> tags) {}

    record WithObject(Object anything) {}

    record WithShort(short small) {}

    record WithRawList(@SuppressWarnings("rawtypes") List items) {}

    record WithOptionalList(List<Optional<String>> items) {}

    record WithIntKeys(Map<Integer, String> byId) {}

    record WithWildcard(List<? extends Number> numbers) {}

    record Inner(java.time.Instant when) {}

    record Outer(int id, Inner inner) {}

    record BadDefault(@FieldDefault("\"three\"") int count) {}

    record NotJsonDefault(@FieldDefault("{oops") int count) {}

    record Generic<T>(T value) {}

    @Test
    void aComponentTypeWithoutAFormatIsRefusedNamingTheRecordComponentAndType() {
        assertThatThrownBy(() -> RecordFormat.of(WithSet.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("record io.sluice.records.RecordFormatTest$WithSet")
                .hasMessageContaining("component 'tags'")
                .hasMessageContaining("java.util.Set<java.lang.String>");
        assertThatThrownBy(() -> RecordFormat.of(WithObject.class))
                .hasMessageContaining("component 'anything' of type java.lang.Object")
                .hasMessageContaining("has no record format");
        assertThatThrownBy(() -> RecordFormat.of(WithShort.class))
                .hasMessageContaining("component 'small' of type short");
        assertThatThrownBy(() -> RecordFormat.of(WithRawList.class))
                .hasMessageContaining("component 'items'").hasMessageContaining("List needs a type argument");
        assertThatThrownBy(() -> RecordFormat.of(WithOptionalList.class))
                .hasMessageContaining("component 'items'")
                .hasMessageContaining("Optional makes an optional field only as a component's own type");
        assertThatThrownBy(() -> RecordFormat.of(WithIntKeys.class))
                .hasMessageContaining("component 'byId'").hasMessageContaining("keys must be String");
        assertThatThrownBy(() -> RecordFormat.of(WithWildcard.class))
                .hasMessageContaining("component 'numbers'").hasMessageContaining("not a type variable or wildcard");
        assertThatThrownBy(() -> RecordFormat.of(Generic.class))
                .hasMessageContaining("component 'value' of type T");
    }

    @Test
    void aRefusalInANestedRecordNamesTheNestedRecordAndComponent() {
        assertThatThrownBy(() -> RecordFormat.of(Outer.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("record io.sluice.records.RecordFormatTest$Inner, component 'when' of type java.time.Instant");
    }

    @Test
    void aDefaultThatDoesNotFitIsRefusedNamingTheComponent() {
        assertThatThrownBy(() -> RecordFormat.of(BadDefault.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("component 'count' of type int")
                .hasMessageContaining("\"three\"");
        assertThatThrownBy(() -> RecordFormat.of(NotJsonDefault.class))
                .hasMessageContaining("component 'count'")
                .hasMessageContaining("not JSON");
    }

    static final class Holder {
        record Point(int x) {}
    }

    record TwoPoints(Point a, Holder.Point b) {}

    @FormatName("Clash")
    record ClashA(int a) {}

    @FormatName("Clash")
    record ClashB(int b) {}

    record Clashing(ClashA a, ClashB b) {}

    @Test
    void classesOfOneSimpleNameInDifferentEnclosingClassesGetDifferentNames() {
        RecordFormat format = RecordFormat.of(TwoPoints.class);
        assertThat(format.field("b").type()).isEqualTo("record io.sluice.records.RecordFormatTest.Holder.Point");
    }

    @Test
    void twoClassesOfOneAvroNameAreRefused() {
        assertThatThrownBy(() -> RecordFormat.of(Clashing.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ClashA and ")
                .hasMessageContaining("both be named 'Clash'");
    }

    @Test
    void parsesAvroSchemaJson() {
        RecordFormat format = RecordFormat.parse("""
                {"type": "record", "name": "Reading", "namespace": "org.example",
                 "fields": [
                   {"name": "level", "type": "int", "aliases": ["lvl"]},
                   {"name": "site", "type": "string", "default": "unknown"},
                   {"name": "tags", "type": {"type": "map", "values": "long"}, "default": {}},
                   {"name": "hash", "type": {"type": "fixed", "name": "Md5", "size": 16}},
                   {"name": "either", "type": ["int", "string"]}
                 ]}""");

        assertThat(format.name()).isEqualTo("org.example.Reading");
        assertThat(format.fields()).extracting(RecordField::type)
                .containsExactly("int", "string", "map<long>", "fixed org.example.Md5(16)", "union<int, string>");
        assertThat(format.field("site").defaultValue()).isEqualTo("unknown");
        assertThat(format.field("tags").defaultValue()).isEqualTo(Map.of());
        assertThat(format.hasField("level")).isTrue();
        assertThat(format.hasField("lvl")).as("aliases are not names").isFalse();
    }

    @Test
    void toJsonParsesBackIntoAnEqualFormat() {
        RecordFormat format = RecordFormat.of(Reading.class);
        RecordFormat again = RecordFormat.parse(format.toJson());
        assertThat(again).isEqualTo(format).hasSameHashCodeAs(format);
        assertThat(again.fingerprint()).isEqualTo(format.fingerprint());
    }

    @Test
    void theFingerprintIsAvrosParsingFingerprintAndIgnoresDefaultsAndAliases() {
        RecordFormat plain = RecordFormat.parse("""
                {"type": "record", "name": "R", "fields": [{"name": "a", "type": "int"}]}""");
        RecordFormat documented = RecordFormat.parse("""
                {"type": "record", "name": "R", "doc": "a record",
                 "fields": [{"name": "a", "type": "int", "default": 3, "aliases": ["b"]}]}""");

        assertThat(plain.fingerprint()).isEqualTo(SchemaNormalization.parsingFingerprint64(plain.schema()));
        assertThat(documented.fingerprint()).isEqualTo(plain.fingerprint());
        assertThat(documented).as("equality covers defaults and aliases").isNotEqualTo(plain);
        assertThat(plain.toString()).matches("R@[0-9a-f]{16}");
    }

    @Test
    void theSchemaHandedInAndOutIsACopy() {
        Schema schema = new Schema.Parser().parse("""
                {"type": "record", "name": "R", "fields": [{"name": "a", "type": "int"}]}""");
        RecordFormat format = RecordFormat.of(schema);
        schema.addProp("changed", "yes");
        format.schema().addProp("changed", "yes");
        assertThat(format.toJson()).doesNotContain("changed");
    }

    @Test
    void aSchemaThatDoesNotParseIsAnErrorSayingWhatAndWhere() {
        assertThatThrownBy(() -> RecordFormat.parse("{\"type\": \"record\", \"name\": \"R\", \"fields\": [{\"name\": \"a\" \"type\": \"int\"}]}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a valid Avro schema")
                .hasMessageContaining("line: 1, column: ");
        assertThatThrownBy(() -> RecordFormat.parse("{\"type\": \"record\", \"name\": \"R\", \"fields\": [{\"name\": \"a\", \"type\": \"integer\"}]}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("integer");
        assertThatThrownBy(() -> RecordFormat.parse("{\"type\": \"record\", \"name\": \"R\", \"fields\": [{\"name\": \"a\", \"type\": \"int\", \"default\": \"x\"}]}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Invalid default for field a");
        assertThatThrownBy(() -> RecordFormat.parse(""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a valid Avro schema");
    }

    @Test
    void aSchemaThatIsNotARecordIsRefused() {
        assertThatThrownBy(() -> RecordFormat.parse("\"int\""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a record format: the schema is int, where a record format's schema has type \"record\"");
        assertThatThrownBy(() -> RecordFormat.parse("{\"type\": \"enum\", \"name\": \"E\", \"symbols\": [\"A\"]}"))
                .hasMessageContaining("the schema is enum E");
    }

    @Test
    void anUnknownFieldIsAnErrorNamingTheFieldAndTheFormat() {
        RecordFormat format = RecordFormat.of(Point.class);
        assertThatThrownBy(() -> format.field("z"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("format io.sluice.records.RecordFormatTest.Point has no field 'z'; its fields: [x, y]");
    }
}
