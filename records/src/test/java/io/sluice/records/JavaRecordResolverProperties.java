package io.sluice.records;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * The generated resolver against the interpreted one (the oracle) on Java record readers: random
 * records of {@link GeneratedRecordResolverTest.SampleV1} (nested records, lists, arrays, maps,
 * optional fields, enums, strings of any code points, bytes, a box) read under their own
 * class and under {@link GeneratedRecordResolverTest.SampleV2} (reordered, widened, a field
 * removed, fields added with defaults). The compiled code alone reads each record as the
 * interpreted resolver does, and both give the same records or the same exceptions for the bytes
 * cut short, followed by a byte too many, or with a byte changed. The random formats and
 * evolutions of record values are in {@link RecordEvolutionProperties}.
 */
class JavaRecordResolverProperties {
    private static final RecordEncoder<GeneratedRecordResolverTest.SampleV1> ENCODER =
            Records.encoder(GeneratedRecordResolverTest.SampleV1.class);

    @Property(tries = 200)
    void generatedAndInterpretedResolversReadJavaRecordsAlike(@ForAll long seed) {
        Random random = new Random(seed);
        RecordFormat writer = ENCODER.format();
        check(Records.resolver(writer, GeneratedRecordResolverTest.SampleV2.class),
                Records.interpretedResolver(writer, GeneratedRecordResolverTest.SampleV2.class), random);
        check(Records.resolver(writer, GeneratedRecordResolverTest.SampleV1.class),
                Records.interpretedResolver(writer, GeneratedRecordResolverTest.SampleV1.class), random);
    }

    private static <T> void check(RecordResolver<T> generated, RecordResolver<T> interpreted, Random random) {
        RecordEvolutionProperties.assertCompiled(generated);
        for (int i = 0; i < 4; i++) {
            byte[] bytes = ENCODER.encode(sample(random));
            RecordEvolutionProperties.assertCompiledReads(generated, interpreted, bytes);
            assertSameOutcome(generated, interpreted, bytes, bytes.length);
            assertSameOutcome(generated, interpreted, bytes, random.nextInt(bytes.length));
            byte[] longer = java.util.Arrays.copyOf(bytes, bytes.length + 1);
            assertSameOutcome(generated, interpreted, longer, longer.length);
            byte[] noise = bytes.clone();
            noise[random.nextInt(noise.length)] = (byte) random.nextInt();
            assertSameOutcome(generated, interpreted, noise, noise.length);
        }
    }

    /** As {@link RecordEvolutionProperties#assertSameOutcome}, comparing records component by component (arrays by content). */
    private static <T> void assertSameOutcome(RecordResolver<T> generated, RecordResolver<T> interpreted, byte[] bytes,
            int length) {
        Object expected;
        try {
            expected = interpreted.read(bytes, 0, length);
        } catch (RuntimeException e) {
            RuntimeException actual = org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class,
                    () -> generated.read(bytes, 0, length), "the generated resolver read what the interpreted one refused: " + e);
            org.assertj.core.api.Assertions.assertThat(actual).isExactlyInstanceOf(e.getClass()).hasMessage(e.getMessage());
            return;
        }
        org.assertj.core.api.Assertions.assertThat((Object) generated.read(bytes, 0, length)).usingRecursiveComparison()
                .withComparatorForType(Float::compare, Float.class).withComparatorForType(Double::compare, Double.class)
                .isEqualTo(expected); // numbers exactly, NaN equal to NaN (changed bytes make NaNs)
    }

    private static GeneratedRecordResolverTest.SampleV1 sample(Random random) {
        List<Integer> counts = new ArrayList<>();
        for (int k = random.nextInt(5); k > 0; k--) {
            counts.add(random.nextInt());
        }
        Map<String, GeneratedRecordResolverTest.Point> byName = new LinkedHashMap<>();
        for (int k = random.nextInt(3); k > 0; k--) {
            byName.put(string(random), point(random));
        }
        byte[] raw = new byte[random.nextInt(6)];
        random.nextBytes(raw);
        int[] ints = random.ints(random.nextInt(4)).toArray();
        return new GeneratedRecordResolverTest.SampleV1(random.nextInt(), random.nextFloat() * 1e6f - 5e5f, string(random),
                point(random), raw, counts, string(random),
                GeneratedRecordResolverTest.Level.values()[random.nextInt(2)], byName,
                random.nextBoolean() ? Optional.empty() : Optional.of(string(random)), ints,
                random.nextBoolean());
    }

    private static GeneratedRecordResolverTest.Point point(Random random) {
        return new GeneratedRecordResolverTest.Point(random.nextInt(), random.nextInt());
    }

    /** A string of random code points, surrogate pairs and the empty string among them. */
    private static String string(Random random) {
        StringBuilder s = new StringBuilder();
        for (int k = random.nextInt(6); k > 0; k--) {
            int cp = random.nextInt(4) == 0 ? 0x1F600 + random.nextInt(64) : random.nextInt(0xD7FF) + 1;
            s.appendCodePoint(cp);
        }
        return s.toString();
    }
}
