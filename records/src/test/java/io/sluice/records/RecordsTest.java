package io.sluice.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.codec.CodecException;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.junit.jupiter.api.Test;

/** Encoding Java records and record values, reading them across versions, forwarding, bad bytes. */
class RecordsTest {

    enum Level { LOW, MEDIUM, HIGH }

    record Point(int x, int y) {}

    record Everything(boolean flag, Integer i, long l, float f, double d, String s, byte[] bytes, Level level,
            Point point, List<String> names, int[] ints, Point[] points, List<List<Long>> nested, Map<String, Point> byName,
            Optional<String> note, Optional<Point> maybe) {}

    private static Everything everything() {
        return new Everything(true, 42, 1L << 40, 1.5f, -2.25, "héllo", new byte[] {1, 2, 3}, Level.HIGH, new Point(1, 2),
                List.of("a", "b"), new int[] {3, 4}, new Point[] {new Point(5, 6)}, List.of(List.of(7L), List.of()),
                Map.of("p", new Point(8, 9)), Optional.of("n"), Optional.empty());
    }

    @Test
    void aJavaRecordRoundTripsThroughItsEncoding() {
        RecordEncoder<Everything> encoder = Records.encoder(Everything.class);
        RecordResolver<Everything> resolver = Records.resolver(encoder.format(), Everything.class);
        Everything e = everything();

        Everything back = resolver.read(encoder.encode(e));

        assertThat(back).usingRecursiveComparison().isEqualTo(e);
        assertThat(back.names()).isUnmodifiable();
    }

    @Test
    void theEncodingIsAvrosBinaryEncoding() throws Exception {
        RecordEncoder<Everything> encoder = Records.encoder(Everything.class);
        byte[] bytes = encoder.encode(everything());

        // Avro's own generic reader reads what Sluice wrote, and Sluice reads what Avro's writer wrote.
        GenericRecord avro = new GenericDatumReader<GenericRecord>(encoder.format().schema())
                .read(null, DecoderFactory.get().binaryDecoder(bytes, null));
        assertThat(avro.get("s").toString()).isEqualTo("héllo");
        assertThat(avro.get("level").toString()).isEqualTo("HIGH");
        assertThat(((GenericRecord) avro.get("point")).get("y")).isEqualTo(2);

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BinaryEncoder avroEncoder = EncoderFactory.get().binaryEncoder(out, null);
        new GenericDatumWriter<GenericRecord>(encoder.format().schema()).write(avro, avroEncoder);
        avroEncoder.flush();
        assertThat(out.toByteArray()).isEqualTo(bytes);

        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        encoder.encode(everything(), stream);
        assertThat(stream.toByteArray()).isEqualTo(bytes);
    }

    @Test
    void aJavaRecordReadsAsARecordValueOfItsFormatAndBack() {
        RecordEncoder<Everything> encoder = Records.encoder(Everything.class);
        byte[] bytes = encoder.encode(everything());

        RecordValue value = Records.forwarder(encoder.format()).read(bytes);

        assertThat(value).isEqualTo(encoder.toValue(everything()));
        assertThat(value.getInt("i")).isEqualTo(42);
        assertThat(value.getRecord("point").getInt("y")).isEqualTo(2);
        assertThat(value.getList("points")).hasSize(1);
        assertThat(value.getString("level")).isEqualTo("HIGH");
        assertThat(value.get("maybe")).isNull();
        assertThat(Records.encoder(encoder.format()).encode(value)).isEqualTo(bytes);
        assertThat(Records.toJson(everything())).isEqualTo(value.toJson());
    }

    @Test
    void aNullComponentThatIsNotOptionalIsRefusedNamingTheRecordAndComponent() {
        RecordEncoder<Everything> encoder = Records.encoder(Everything.class);
        Everything nullString = new Everything(true, 1, 1, 1, 1, null, new byte[0], Level.LOW, new Point(0, 0), List.of(),
                new int[0], new Point[0], List.of(), Map.of(), Optional.empty(), Optional.empty());
        assertThatThrownBy(() -> encoder.encode(nullString))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("record io.sluice.records.RecordsTest$Everything, component 's': it is null; only an Optional "
                        + "component may be empty");
        Everything nullInList = new Everything(true, 1, 1, 1, 1, "s", new byte[0], Level.LOW, new Point(0, 0), List.of(),
                new int[0], new Point[] {new Point(0, 0), null}, List.of(), Map.of(), Optional.empty(), Optional.empty());
        assertThatThrownBy(() -> encoder.encode(nullInList))
                .hasMessageContaining("component 'points[1]': it is null");
        Everything nullOptional = new Everything(true, 1, 1, 1, 1, "s", new byte[0], Level.LOW, new Point(0, 0), List.of(),
                new int[0], new Point[0], List.of(), Map.of(), null, Optional.empty());
        assertThatThrownBy(() -> encoder.encode(nullOptional))
                .hasMessageContaining("component 'note': it is null; an Optional component is empty, never null");
    }

    @Test
    void aRecordValueOfAnotherFormatIsRefusedByAnEncoder() {
        RecordEncoder<RecordValue> encoder = Records.encoder(RecordFormat.of(Point.class));
        RecordValue other = Records.toValue(new Line(new Point(0, 0), new Point(1, 1)));
        assertThatThrownBy(() -> encoder.encode(other))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a record of format io.sluice.records.RecordsTest.Line@")
                .hasMessageContaining("cannot be written by the encoder of format io.sluice.records.RecordsTest.Point@");
    }

    record Line(Point from, Point to) {}

    // Two versions of one format, as two programs would have them.

    @FormatName("org.example.Reading")
    record ReadingV1(int id, int level, String site, String comment) {}

    @FormatName("org.example.Reading")
    record ReadingV2(@FieldAliases("site") String place, double level, int id,
            @FieldDefault("\"ok\"") String status, Optional<String> unit) {}

    @Test
    void aNewerReaderReadsAnOlderWritersRecordsByFieldName() {
        byte[] bytes = Records.encoder(ReadingV1.class).encode(new ReadingV1(7, 12, "roof", "windy"));

        ReadingV2 read = Records.resolver(RecordFormat.of(ReadingV1.class), ReadingV2.class).read(bytes);

        // renamed (alias), widened int to double, reordered, added with a default, added optional, removed
        assertThat(read).isEqualTo(new ReadingV2("roof", 12.0, 7, "ok", Optional.empty()));
    }

    @Test
    void anOlderReaderCannotReadANewerWritersWhenTheTypeNarrows() {
        assertThatThrownBy(() -> Records.resolver(RecordFormat.of(ReadingV2.class), ReadingV1.class))
                .isInstanceOf(IncompatibleFormatsException.class)
                .hasMessageContaining("field 'level': the writer's double does not convert to the reader's int")
                .hasMessageContaining("field 'site': the writer's format lacks it and the reader's gives it no default")
                .hasMessageContaining("field 'comment': the writer's format lacks it")
                .hasMessageStartingWith("format org.example.Reading@")
                .hasMessageContaining("cannot read records written under format org.example.Reading@");
    }

    @Test
    void incompatibilityNamesNestedFieldsAndEnumSymbols() {
        RecordFormat writer = RecordFormat.parse("""
                {"type": "record", "name": "R", "fields": [
                  {"name": "points", "type": {"type": "array", "items": {"type": "record", "name": "P",
                      "fields": [{"name": "x", "type": "long"}]}}},
                  {"name": "level", "type": {"type": "enum", "name": "L", "symbols": ["LOW", "HIGH", "EXTREME"]}}]}""");
        RecordFormat reader = RecordFormat.parse("""
                {"type": "record", "name": "R", "fields": [
                  {"name": "points", "type": {"type": "array", "items": {"type": "record", "name": "P",
                      "fields": [{"name": "x", "type": "int"}]}}},
                  {"name": "level", "type": {"type": "enum", "name": "L", "symbols": ["LOW", "HIGH"]}}]}""");

        IncompatibleFormatsException e = org.junit.jupiter.api.Assertions.assertThrows(IncompatibleFormatsException.class,
                () -> Records.checkCanRead(writer, reader));
        assertThat(e.fields()).containsExactlyInAnyOrder("points[].x", "level");
        assertThat(e.writer()).isEqualTo(writer);
        assertThat(e.reader()).isEqualTo(reader);
        assertThat(e).hasMessageContaining("field 'points[].x': the writer's long does not convert to the reader's int")
                .hasMessageContaining("field 'level': the reader's enum L lacks the writer's symbols [EXTREME]");
    }

    @Test
    void aRecordNameThatDiffersIsRefusedUnlessAliased() {
        RecordFormat a = RecordFormat.parse("{\"type\": \"record\", \"name\": \"A\", \"fields\": [{\"name\": \"x\", \"type\": \"int\"}]}");
        RecordFormat b = RecordFormat.parse("{\"type\": \"record\", \"name\": \"B\", \"fields\": [{\"name\": \"x\", \"type\": \"int\"}]}");
        RecordFormat bOnceA = RecordFormat.parse(
                "{\"type\": \"record\", \"name\": \"B\", \"aliases\": [\"A\"], \"fields\": [{\"name\": \"x\", \"type\": \"int\"}]}");

        assertThatThrownBy(() -> Records.checkCanRead(a, b))
                .hasMessageContaining("the record itself: the writer's record A is not the reader's record B nor one of its aliases");
        RecordValue read = Records.resolver(a, bOnceA).read(Records.encoder(a).encode(RecordValue.builder(a).set("x", 3).build()));
        assertThat(read.getInt("x")).isEqualTo(3);
        assertThat(read.format()).isEqualTo(bOnceA);
    }

    @Test
    void aForwarderKeepsTheFieldsItDidNotLookAt() {
        RecordFormat v1 = RecordFormat.of(ReadingV1.class);
        byte[] in = Records.encoder(ReadingV1.class).encode(new ReadingV1(7, 12, "roof", "windy"));

        // A filter that knows only "level", and passes records on.
        RecordResolver<RecordValue> forwarder = Records.forwarder(v1);
        RecordEncoder<RecordValue> encoder = Records.encoder(v1);
        RecordValue record = forwarder.read(in);
        assertThat(record.getLong("level")).isBetween(10L, 20L);
        byte[] unchanged = encoder.encode(record);
        byte[] changed = encoder.encode(record.with("level", 13));

        assertThat(unchanged).isEqualTo(in);
        ReadingV1 after = Records.resolver(v1, ReadingV1.class).read(changed);
        assertThat(after).isEqualTo(new ReadingV1(7, 13, "roof", "windy"));
        // A reader of a newer version reads the forwarded record as it would the original.
        assertThat(Records.resolver(v1, ReadingV2.class).read(changed).place()).isEqualTo("roof");
    }

    @Test
    void aReaderThatKnowsFewerFieldsDropsTheOthers() {
        RecordFormat v1 = RecordFormat.of(ReadingV1.class);
        RecordFormat levelOnly = RecordFormat.parse("""
                {"type": "record", "name": "Reading", "fields": [{"name": "level", "type": "long"}]}""");
        byte[] in = Records.encoder(ReadingV1.class).encode(new ReadingV1(7, 12, "roof", "windy"));

        RecordValue read = Records.resolver(v1, levelOnly).read(in);

        assertThat(read.toJson()).isEqualTo("{\"level\":12}");
    }

    @Test
    void truncatedBytesAreAnErrorNamingTheFormatsAndTheField() {
        RecordEncoder<Everything> encoder = Records.encoder(Everything.class);
        byte[] bytes = encoder.encode(everything());
        RecordResolver<Everything> resolver = Records.resolver(encoder.format(), Everything.class);

        java.util.Set<String> fields = new java.util.TreeSet<>();
        for (int length = 0; length < bytes.length; length++) {
            byte[] cut = Arrays.copyOf(bytes, length);
            CodecException e = org.junit.jupiter.api.Assertions.assertThrows(CodecException.class, () -> resolver.read(cut));
            assertThat(e).as("the first %d bytes", length)
                    .hasMessageStartingWith("not a record of format io.sluice.records.RecordsTest.Everything@")
                    .hasMessageContaining("truncated: the bytes end in field '")
                    .hasMessageContaining(length + " bytes, read as io.sluice.records.RecordsTest.Everything@");
            fields.add(e.getMessage().replaceAll(".* in field '([^']*)'.*", "$1"));
        }
        assertThat(fields).contains("flag", "l", "s", "point.y", "names[1]", "points", "nested[0]", "byName{p}.y", "note");
    }

    @Test
    void bytesLeftAfterTheRecordAreAnError() {
        RecordEncoder<Point> encoder = Records.encoder(Point.class);
        byte[] bytes = Arrays.copyOf(encoder.encode(new Point(1, 2)), 5);
        assertThatThrownBy(() -> Records.resolver(encoder.format(), Point.class).read(bytes))
                .isInstanceOf(CodecException.class)
                .hasMessageContaining("3 of its 5 bytes are left after the record");
    }

    @Test
    void malformedBytesAreAnErrorNamingTheField() {
        RecordFormat format = RecordFormat.parse("""
                {"type": "record", "name": "R", "fields": [
                  {"name": "level", "type": {"type": "enum", "name": "L", "symbols": ["LOW", "HIGH"]}},
                  {"name": "tags", "type": {"type": "array", "items": "string"}}]}""");
        RecordResolver<RecordValue> resolver = Records.forwarder(format);

        assertThatThrownBy(() -> resolver.read(new byte[] {8, 0}))
                .isInstanceOf(CodecException.class)
                .hasMessageContaining("malformed in field 'level'")
                .hasMessageContaining("enum index 4 of 2 symbols");
        // An array that claims a billion strings in three bytes.
        assertThatThrownBy(() -> resolver.read(new byte[] {0, (byte) 0x80, (byte) 0xa8, (byte) 0xd6, (byte) 0xb9, 0x07, 2, 'a'}))
                .isInstanceOf(CodecException.class)
                .hasMessageContaining("in field 'tags'");
        // A string that claims a billion bytes, in six.
        assertThatThrownBy(() -> resolver.read(new byte[] {0, 2, (byte) 0x80, (byte) 0xa8, (byte) 0xd6, (byte) 0xb9, 0x07, 'a'}))
                .isInstanceOf(CodecException.class)
                .hasMessageContaining("truncated: the bytes end in field 'tags[0]'");
        // A string whose length is negative.
        assertThatThrownBy(() -> resolver.read(new byte[] {0, 2, 3, 'a', 0}))
                .isInstanceOf(CodecException.class)
                .hasMessageContaining("in field 'tags[0]'");
    }

    @Test
    void aResolverReadsARangeOfAnArray() {
        RecordEncoder<Point> encoder = Records.encoder(Point.class);
        byte[] one = encoder.encode(new Point(1, 2));
        byte[] framed = new byte[one.length + 4];
        System.arraycopy(one, 0, framed, 2, one.length);

        assertThat(Records.resolver(encoder.format(), Point.class).read(framed, 2, one.length)).isEqualTo(new Point(1, 2));
        assertThatThrownBy(() -> Records.resolver(encoder.format(), Point.class).read(framed, 3, framed.length))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void aRecordValueReadsAsAJavaRecordOfAnotherName() {
        RecordFormat format = RecordFormat.parse("""
                {"type": "record", "name": "Point", "namespace": "elsewhere", "fields": [
                  {"name": "y", "type": "int"}, {"name": "x", "type": "int"}, {"name": "z", "type": "int", "default": 0}]}""");
        RecordValue value = RecordValue.builder(format).set("x", 3).set("y", 4).build();

        // Records match by simple name, so Point in another namespace reads as this test's Point.
        Point point = Records.resolver(format, Point.class).read(Records.encoder(format).encode(value));

        assertThat(point).isEqualTo(new Point(3, 4));
    }

    @Test
    void anEnumSymbolTheReaderLacksTakesItsDefault() {
        RecordFormat writer = RecordFormat.parse("""
                {"type": "record", "name": "R", "fields": [
                  {"name": "level", "type": {"type": "enum", "name": "L", "symbols": ["LOW", "HIGH", "EXTREME"]}}]}""");
        RecordFormat reader = RecordFormat.parse("""
                {"type": "record", "name": "R", "fields": [
                  {"name": "level", "type": {"type": "enum", "name": "L", "symbols": ["LOW", "HIGH", "OTHER"], "default": "OTHER"}}]}""");

        byte[] bytes = Records.encoder(writer).encode(RecordValue.builder(writer).set("level", "EXTREME").build());

        assertThat(Records.resolver(writer, reader).read(bytes).getString("level")).isEqualTo("OTHER");
    }

    @Test
    void defaultsOfEveryKindFillFieldsTheWriterLacks() {
        RecordFormat writer = RecordFormat.parse("""
                {"type": "record", "name": "R", "fields": [{"name": "id", "type": "int"}]}""");
        RecordFormat reader = RecordFormat.parse("""
                {"type": "record", "name": "R", "fields": [
                  {"name": "id", "type": "int"},
                  {"name": "origin", "type": {"type": "record", "name": "P", "fields": [
                      {"name": "x", "type": "int"}, {"name": "y", "type": "int", "default": 5}]}, "default": {"x": 1}},
                  {"name": "raw", "type": "bytes", "default": "\\u00ff"},
                  {"name": "hash", "type": {"type": "fixed", "name": "H", "size": 2}, "default": "ab"},
                  {"name": "tags", "type": {"type": "map", "values": "string"}, "default": {"k": "v"}},
                  {"name": "either", "type": ["string", "null"], "default": "s"}]}""");

        RecordValue read = Records.resolver(writer, reader)
                .read(Records.encoder(writer).encode(RecordValue.builder(writer).set("id", 1).build()));

        assertThat(read.toJson()).isEqualTo("{\"id\":1,\"origin\":{\"x\":1,\"y\":5},\"raw\":\"/w==\",\"hash\":\"YWI=\","
                + "\"tags\":{\"k\":\"v\"},\"either\":\"s\"}");
        assertThat(read.getRecord("origin").format()).isEqualTo(reader.nestedFormat("P"));
    }

    @Test
    void unionsWriteTheBranchTheirValueIs() throws Exception {
        RecordFormat format = RecordFormat.parse("""
                {"type": "record", "name": "U", "fields": [
                  {"name": "v", "type": ["null", "int", "long", "string", {"type": "array", "items": "double"}]}]}""");
        RecordEncoder<RecordValue> encoder = Records.encoder(format);
        RecordResolver<RecordValue> forwarder = Records.forwarder(format);

        for (Object v : Arrays.asList(null, 1, 2L, "three", List.of(4.0))) {
            RecordValue value = RecordValue.builder(format).set("v", v).build();
            assertThat(forwarder.read(encoder.encode(value))).isEqualTo(value);
            GenericRecord avro = new GenericDatumReader<GenericRecord>(format.schema())
                    .read(null, DecoderFactory.get().binaryDecoder(encoder.encode(value), null));
            assertThat(GenericData.get().resolveUnion(format.schema().getField("v").schema(), avro.get("v")))
                    .isEqualTo(Arrays.asList(null, 1, 2L, "three", List.of(4.0)).indexOf(v));
        }
        // A short widens to the first branch that takes it losslessly: int.
        assertThat(RecordValue.builder(format).set("v", (short) 5).build().get("v")).isEqualTo(5);
    }

    @Test
    void commonsCompressIsNotNeeded() {
        // The module leaves Avro's commons-compress out (see its pom): these tests run without it.
        assertThatThrownBy(() -> Class.forName("org.apache.commons.compress.compressors.CompressorStreamFactory"))
                .isInstanceOf(ClassNotFoundException.class);
    }
}
