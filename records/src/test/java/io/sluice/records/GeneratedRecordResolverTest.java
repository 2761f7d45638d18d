package io.sluice.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.codec.CodecException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

/**
 * The generated resolver against the interpreted one on Java record readers (the property tests
 * cover record values), the shapes it leaves to the interpreted one, and bad bytes.
 */
class GeneratedRecordResolverTest {

    enum Level { LOW, HIGH }

    @FormatName("test.Point")
    record Point(int x, int y) {}

    @FormatName("test.Point")
    record PointV2(@FieldDefault("0") int z, long y, double x) {}

    @FormatName("test.Sample")
    record SampleV1(int id, float ratio, String site, Point at, byte[] raw, List<Integer> counts, String dropped,
            Level level, Map<String, Point> byName, Optional<String> note, int[] ints, Boolean ok) {}

    @FormatName("test.Sample")
    record SampleV2(Boolean ok, byte[] raw, double ratio, long id, Level level, @FieldDefault("\"none\"") String tag,
            PointV2 at, List<Long> counts, String site, Optional<String> note, Map<String, PointV2> byName,
            long[] ints, @FieldDefault("\"\\u0001\\u0002\"") byte[] extra, @FieldDefault("[1, 2]") List<Integer> more) {}

    private static SampleV1 sample() {
        return new SampleV1(7, 0.5f, "roof", new Point(1, 2), new byte[] {9, 8}, List.of(3, 4), "gone", Level.HIGH,
                Map.of("p", new Point(5, 6)), Optional.of("n"), new int[] {10, 11}, true);
    }

    @Test
    void aJavaRecordReaderReadsAsTheInterpretedResolverReads() {
        RecordEncoder<SampleV1> encoder = Records.encoder(SampleV1.class);
        byte[] bytes = encoder.encode(sample());
        RecordResolver<SampleV2> generated = Records.resolver(encoder.format(), SampleV2.class);
        RecordResolver<SampleV2> interpreted = Records.interpretedResolver(encoder.format(), SampleV2.class);

        SampleV2 read = generated.read(bytes);

        assertThat(generated).isInstanceOf(GeneratedRecordResolver.class);
        assertThat(((GeneratedRecordResolver<?>) generated).bodyClass().isHidden()).isTrue();
        RecordEvolutionProperties.assertCompiled(generated);
        RecordEvolutionProperties.assertCompiledReads(generated, interpreted, bytes);
        assertThat(interpreted).isInstanceOf(InterpretedRecordResolver.class);
        assertThat(read).usingRecursiveComparison().isEqualTo(interpreted.read(bytes));
        assertThat(read.id()).isEqualTo(7L);
        assertThat(read.ratio()).isEqualTo(0.5);
        assertThat(read.at()).isEqualTo(new PointV2(0, 2L, 1.0));
        assertThat(read.raw()).containsExactly(9, 8);
        assertThat(read.counts()).containsExactly(3L, 4L).isUnmodifiable();
        assertThat(read.tag()).isEqualTo("none");
        assertThat(read.extra()).containsExactly(1, 2);
        assertThat(read.more()).containsExactly(1, 2);
        assertThat(read.ints()).containsExactly(10L, 11L);
        // A default of a mutable type is made afresh for each record.
        assertThat(generated.read(bytes).extra()).isNotSameAs(read.extra());
    }

    @Test
    void aJavaRecordReadsBackUnderItsOwnClass() {
        RecordEncoder<RecordsTest.Everything> encoder = Records.encoder(RecordsTest.Everything.class);
        RecordResolver<RecordsTest.Everything> generated = compiledNow(Records.resolver(encoder.format(),
                RecordsTest.Everything.class));
        RecordsTest.Everything e = new RecordsTest.Everything(true, 42, 1L << 40, 1.5f, -2.25, "héllo", new byte[] {1},
                RecordsTest.Level.HIGH, new RecordsTest.Point(1, 2), List.of("a"), new int[] {3}, new RecordsTest.Point[0],
                List.of(List.of(7L)), Map.of(), Optional.empty(), Optional.of(new RecordsTest.Point(3, 4)));

        assertThat(generated).isInstanceOf(GeneratedRecordResolver.class);
        assertThat(generated.read(encoder.encode(e))).usingRecursiveComparison().isEqualTo(e);
    }

    @Test
    void truncatedAndLeftOverBytesFailAsTheyDoInterpreted() {
        RecordEncoder<SampleV1> encoder = Records.encoder(SampleV1.class);
        byte[] bytes = encoder.encode(sample());
        RecordResolver<SampleV2> generated = compiledNow(Records.resolver(encoder.format(), SampleV2.class));
        RecordResolver<SampleV2> interpreted = Records.interpretedResolver(encoder.format(), SampleV2.class);

        for (int cut = 0; cut < bytes.length; cut++) {
            RecordEvolutionProperties.assertSameOutcome(generated, interpreted, bytes, cut);
        }
        RecordEvolutionProperties.assertSameOutcome(generated, interpreted, Arrays.copyOf(bytes, bytes.length + 2),
                bytes.length + 2);
        // Some cut ends in the nested record's second field.
        List<String> messages = new ArrayList<>();
        for (int cut = 0; cut < bytes.length; cut++) {
            int length = cut;
            messages.add(org.junit.jupiter.api.Assertions.assertThrows(CodecException.class,
                    () -> generated.read(bytes, 0, length)).getMessage());
        }
        assertThat(messages).anySatisfy(m -> assertThat(m).startsWith("not a record of format test.Sample@")
                .contains("truncated: the bytes end in field 'at.y'").contains("read as test.Sample@"));
    }

    record Positive(int value) {
        Positive {
            if (value <= 0) {
                throw new IllegalArgumentException("not positive: " + value);
            }
        }
    }

    record Holder(Positive inner) {}

    @Test
    void aConstructorThatRefusesTheValuesThrowsItsOwnException() {
        RecordEncoder<Holder> encoder = Records.encoder(Holder.class);
        byte[] bytes = Records.encoder(encoder.format()).encode(RecordValue.builder(encoder.format())
                .set("inner", RecordValue.builder(encoder.format().nestedFormat("Positive")).set("value", -1).build()).build());

        for (RecordResolver<Holder> resolver : List.of(compiledNow(Records.resolver(encoder.format(), Holder.class)),
                Records.interpretedResolver(encoder.format(), Holder.class))) {
            assertThatThrownBy(() -> resolver.read(bytes)).isExactlyInstanceOf(IllegalArgumentException.class)
                    .hasMessage("not positive: -1");
        }
    }

    /** The resolver with its code compiled now, not after its first reads. */
    static <T> RecordResolver<T> compiledNow(RecordResolver<T> generated) {
        RecordEvolutionProperties.assertCompiled(generated);
        return generated;
    }

    /**
     * The first reads are the interpreted resolver's; the one after them hands the compile to the
     * compiling executor and does not wait for it, nor does any read until the code is compiled.
     */
    @Test
    void theCodeIsCompiledInTheBackgroundAfterTheFirstReadsWhichTheInterpretedResolverReads() {
        RecordEncoder<SampleV1> encoder = Records.encoder(SampleV1.class);
        byte[] bytes = encoder.encode(sample());
        List<Runnable> handed = new ArrayList<>();
        JavaRecordMapping<SampleV2> mapping = JavaRecordMapping.of(SampleV2.class);
        GeneratedRecordResolver<SampleV2> generated =
                (GeneratedRecordResolver<SampleV2>) GeneratedRecordResolver.<SampleV2>generate(encoder.format(), mapping.format(), mapping,
                        handed::add);
        SampleV2 expected = Records.interpretedResolver(encoder.format(), SampleV2.class).read(bytes);

        for (int i = 0; i < GeneratedRecordResolver.COMPILE_AFTER; i++) {
            assertThat(generated.read(bytes)).usingRecursiveComparison().isEqualTo(expected);
        }
        assertThat(handed).as("nothing handed to the compiler yet").isEmpty();
        for (int i = 0; i < 3; i++) {
            assertThat(generated.read(bytes)).usingRecursiveComparison().isEqualTo(expected);
        }
        assertThat(handed).as("the compile, handed over once").hasSize(1);
        assertThat(generated.compiledYet()).as("no read compiled it").isFalse();
        handed.get(0).run();
        assertThat(generated.compiledYet()).isTrue();
        assertThat(generated.read(bytes)).usingRecursiveComparison().isEqualTo(expected);
        assertThat(handed).hasSize(1);
    }

    @Test
    @org.junit.jupiter.api.Timeout(value = 90, unit = java.util.concurrent.TimeUnit.SECONDS)
    void byDefaultTheCodeIsCompiledOnAThreadOfItsOwnWhileReadsGoOn() throws InterruptedException {
        RecordEncoder<SampleV1> encoder = Records.encoder(SampleV1.class);
        byte[] bytes = encoder.encode(sample());
        GeneratedRecordResolver<SampleV2> generated =
                (GeneratedRecordResolver<SampleV2>) Records.resolver(encoder.format(), SampleV2.class);
        SampleV2 expected = Records.interpretedResolver(encoder.format(), SampleV2.class).read(bytes);
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
        while (!generated.compiledYet()) {
            assertThat(generated.read(bytes)).usingRecursiveComparison().isEqualTo(expected);
            assertThat(System.nanoTime()).as("compiled within 60 s").isLessThan(deadline);
            Thread.sleep(0, 100_000);
        }
        assertThat(generated.read(bytes)).usingRecursiveComparison().isEqualTo(expected);
        // The compile's thread ends with it.
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals("sluice-record-compiler")) {
                t.join(10_000);
                assertThat(t.isAlive()).as("the compiler's thread after its compile").isFalse();
            }
        }
    }

    /**
     * Elements that take no bytes (null, fixed(0), an empty record) let a few bytes count a billion
     * of them, as a damaged count does: both resolvers read the one value the count says, repeated,
     * without a billion elements in the heap.
     */
    @Test
    void aBillionElementsThatTakeNoBytesReadInLittleMemory() throws java.io.IOException {
        String blank = "{\"type\": \"record\", \"name\": \"test.Blank\", \"fields\": []}";
        String blankV2 = "{\"type\": \"record\", \"name\": \"test.Blank\", \"fields\": "
                + "[{\"name\": \"tag\", \"type\": \"string\", \"default\": \"x\"}]}";
        String empties = "{\"type\": \"record\", \"name\": \"test.Empties\", \"fields\": ["
                + "{\"name\": \"nulls\", \"type\": {\"type\": \"array\", \"items\": \"null\"}},"
                + "{\"name\": \"zeros\", \"type\": {\"type\": \"array\", \"items\": "
                + "{\"type\": \"fixed\", \"name\": \"test.Zero\", \"size\": 0}}},"
                + "{\"name\": \"blanks\", \"type\": {\"type\": \"array\", \"items\": %s}}]}";
        RecordFormat writer = RecordFormat.parse(empties.formatted(blank));
        RecordFormat reader = RecordFormat.parse(empties.formatted(blankV2));
        long billion = 1L << 30;
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        org.apache.avro.io.BinaryEncoder encoder = org.apache.avro.io.EncoderFactory.get().binaryEncoder(out, null);
        for (int array = 0; array < 3; array++) {
            encoder.writeLong(billion - 1); // two blocks, then the end
            encoder.writeLong(1);
            encoder.writeLong(0);
        }
        encoder.flush();
        byte[] bytes = out.toByteArray();

        for (RecordResolver<RecordValue> resolver : List.of(compiledNow(Records.resolver(writer, reader)),
                Records.interpretedResolver(writer, reader))) {
            RecordValue read = resolver.read(bytes);

            assertThat(read.getList("nulls")).hasSize((int) billion).first().isNull();
            assertThat(read.getList("zeros").get((int) billion - 1)).isEqualTo(java.nio.ByteBuffer.allocate(0));
            RecordValue last = (RecordValue) read.getList("blanks").get((int) billion - 1);
            assertThat(last.get("tag")).isEqualTo("x");
        }
        // More than a Java list holds is refused, naming the field.
        out.reset();
        encoder.writeLong(Integer.MAX_VALUE);
        encoder.writeLong(Integer.MAX_VALUE);
        encoder.writeLong(0);
        encoder.flush();
        byte[] tooMany = out.toByteArray();
        for (RecordResolver<RecordValue> resolver : List.of(compiledNow(Records.resolver(writer, reader)),
                Records.interpretedResolver(writer, reader))) {
            assertThatThrownBy(() -> resolver.read(tooMany)).isInstanceOf(CodecException.class)
                    .hasMessageContaining("nulls");
        }
    }

    @Test
    void aRecursiveFormatIsLeftToTheInterpretedResolver() {
        RecordFormat list = RecordFormat.parse("{\"type\": \"record\", \"name\": \"Node\", \"fields\": ["
                + "{\"name\": \"value\", \"type\": \"int\"},"
                + " {\"name\": \"children\", \"type\": {\"type\": \"array\", \"items\": \"Node\"}}]}");
        RecordValue leaf = RecordValue.builder(list).set("value", 2).set("children", List.of()).build();
        RecordValue head = RecordValue.builder(list).set("value", 1).set("children", List.of(leaf, leaf)).build();
        byte[] bytes = Records.encoder(list).encode(head);

        RecordResolver<RecordValue> resolver = Records.resolver(list, list);

        assertThat(resolver).isInstanceOf(InterpretedRecordResolver.class);
        assertThat(Records.forwarder(list)).isInstanceOf(InterpretedRecordResolver.class);
        assertThat(resolver.read(bytes)).isEqualTo(head);
    }

    @Test
    void aRecordOfMoreFieldsThanAHandleTakesIsLeftToTheInterpretedResolver() {
        List<Schema.Field> fields = new ArrayList<>();
        for (int i = 0; i < 130; i++) {
            fields.add(new Schema.Field("f" + i, Schema.create(Schema.Type.LONG)));
        }
        RecordFormat wide = RecordFormat.of(Schema.createRecord("Wide", null, "test", false, fields));
        RecordValue.Builder builder = RecordValue.builder(wide);
        for (int i = 0; i < 130; i++) {
            builder.set("f" + i, (long) i);
        }
        RecordValue value = builder.build();

        RecordResolver<RecordValue> resolver = Records.resolver(wide, wide);

        assertThat(resolver).isInstanceOf(InterpretedRecordResolver.class);
        assertThat(resolver.read(Records.encoder(wide).encode(value))).isEqualTo(value);
    }

    @Test
    void aCacheMakesEachPairsResolverOnce() {
        RecordResolverCache cache = Records.resolverCache();
        RecordFormat v1 = RecordFormat.of(SampleV1.class);

        RecordResolver<SampleV2> first = cache.resolver(v1, SampleV2.class);

        assertThat(cache.resolver(v1, SampleV2.class)).isSameAs(first);
        assertThat(cache.resolver(v1, v1)).isSameAs(cache.resolver(v1, v1)).isNotSameAs(first);
        assertThat(Records.resolverCache().resolver(v1, SampleV2.class)).isNotSameAs(first);
        RecordFormat v2 = RecordFormat.of(SampleV2.class);
        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> cache.resolver(v2, SampleV1.class)).isInstanceOf(IncompatibleFormatsException.class);
        }
    }
}
