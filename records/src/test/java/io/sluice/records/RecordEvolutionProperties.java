package io.sluice.records;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.io.DecoderFactory;
import org.junit.jupiter.api.Assertions;

/**
 * Random formats and random evolutions of them. Every record written under a format reads back
 * equal and re-encodes to the same bytes; every record written under the old version of a format
 * reads under a compatible new version with the same field values (and the added fields'
 * defaults), as Avro's own resolving reader reads it; an incompatible new version is refused up
 * front, naming the field. On every case the generated resolver and the interpreted one (the
 * oracle) give equal records, and equal exceptions for the same bytes cut short or left over.
 *
 * <p>Each case is drawn from one seed that jqwik reports when a case fails.
 */
class RecordEvolutionProperties {

    /** A format, some records of it (as plain values), and the generator that made them. */
    record Case(RandomFormats.Rec format, List<Object> records, RandomFormats random, long seed) {
        @Override
        public String toString() {
            return "seed " + seed + ": " + RandomFormats.schema(format);
        }
    }

    @Provide
    Arbitrary<Case> cases() {
        return Arbitraries.longs().map(seed -> {
            RandomFormats random = new RandomFormats(new Random(seed));
            RandomFormats.Rec format = random.record(0);
            List<Object> records = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                records.add(random.value(format));
            }
            return new Case(format, records, random, seed);
        });
    }

    @Property(tries = 300)
    void everyRecordReadsBackUnderItsOwnFormatAndReencodesToTheSameBytes(@ForAll("cases") Case c) {
        RecordFormat format = RandomFormats.format(c.format());
        RecordEncoder<RecordValue> encoder = Records.encoder(format);
        RecordResolver<RecordValue> forwarder = GeneratedRecordResolverTest.compiledNow(Records.forwarder(format));
        assertThat(RecordFormat.parse(format.toJson())).isEqualTo(format);

        for (Object plain : c.records()) {
            RecordValue value = (RecordValue) RandomFormats.stored(c.format(), plain, format);
            byte[] bytes = encoder.encode(value);

            RecordValue read = forwarder.read(bytes);

            assertThat(read).isEqualTo(value);
            assertThat(RandomFormats.plain(read)).isEqualTo(plain);
            assertThat(encoder.encode(read)).isEqualTo(bytes);
        }
    }

    @Property(tries = 300)
    void everyRecordOfTheOldVersionReadsUnderACompatibleNewOne(@ForAll("cases") Case c) throws Exception {
        RandomFormats.Evolution evolution = c.random().evolve(c.format());
        RecordFormat writer = RandomFormats.format(c.format());
        RecordFormat reader = RandomFormats.format((RandomFormats.Rec) evolution.type());

        Records.checkCanRead(writer, reader);
        RecordResolver<RecordValue> resolver = GeneratedRecordResolverTest.compiledNow(Records.resolver(writer, reader));
        RecordEncoder<RecordValue> encoder = Records.encoder(writer);
        GenericDatumReader<Object> avro = new GenericDatumReader<>(writer.schema(), reader.schema());

        for (Object plain : c.records()) {
            byte[] bytes = encoder.encode((RecordValue) RandomFormats.stored(c.format(), plain, writer));

            RecordValue read = resolver.read(bytes);

            assertThat(read.format()).isEqualTo(reader);
            assertThat(RandomFormats.plain(read)).as("%s read as %s", writer.toJson(), reader.toJson())
                    .isEqualTo(evolution.read().apply(plain));
            // The interpreted resolver agrees with Avro's resolving reader (the oracle).
            Object byAvro;
            try {
                byAvro = avro.read(null, DecoderFactory.get().binaryDecoder(bytes, null));
            } catch (java.io.EOFException e) {
                // Avro 1.12.2's reader bounds an array by the reader's element size, so it refuses
                // an array of ints (1 byte and up) read as doubles (8 bytes) when the bytes are few.
                assertThat(e).hasMessageStartingWith("Collection claims");
                continue;
            }
            assertThat(Values.fromAvro(reader.avroSchema(), byAvro, reader)).isEqualTo(read);
        }
    }

    @Property(tries = 300)
    void theGeneratedResolverReadsAsTheInterpretedOneDoes(@ForAll("cases") Case c) {
        RandomFormats.Evolution evolution = c.random().evolve(c.format());
        RecordFormat writer = RandomFormats.format(c.format());
        RecordFormat reader = RandomFormats.format((RandomFormats.Rec) evolution.type());
        RecordEncoder<RecordValue> encoder = Records.encoder(writer);
        RecordResolver<RecordValue> generated = Records.resolver(writer, reader);
        RecordResolver<RecordValue> interpreted = Records.interpretedResolver(writer, reader);
        RecordResolver<RecordValue> forwarder = Records.forwarder(writer);
        RecordResolver<RecordValue> interpretedForwarder = Records.interpretedResolver(writer, writer);
        assertThat(generated).isInstanceOf(GeneratedRecordResolver.class);
        assertThat(forwarder).isInstanceOf(GeneratedRecordResolver.class);
        Random cuts = new Random(c.seed());

        assertCompiled(generated);
        assertCompiled(forwarder);

        for (Object plain : c.records()) {
            byte[] bytes = encoder.encode((RecordValue) RandomFormats.stored(c.format(), plain, writer));
            assertCompiledReads(generated, interpreted, bytes);
            assertCompiledReads(forwarder, interpretedForwarder, bytes);
            assertSameOutcome(generated, interpreted, bytes, bytes.length);
            assertSameOutcome(forwarder, interpretedForwarder, bytes, bytes.length);
            // Cut short anywhere, or followed by a byte too many.
            int cut = bytes.length == 0 ? 0 : cuts.nextInt(bytes.length);
            assertSameOutcome(generated, interpreted, bytes, cut);
            assertSameOutcome(forwarder, interpretedForwarder, bytes, cut);
            byte[] longer = java.util.Arrays.copyOf(bytes, bytes.length + 1);
            assertSameOutcome(generated, interpreted, longer, longer.length);
            // Arbitrary bytes: whatever they read as, or fail with, both agree.
            byte[] noise = bytes.clone();
            if (noise.length > 0) {
                noise[cuts.nextInt(noise.length)] = (byte) cuts.nextInt();
            }
            assertSameOutcome(generated, interpreted, noise, noise.length);
        }
    }

    /** The resolver runs code compiled from source for its pair (not composed handles, not interpreted). */
    static void assertCompiled(RecordResolver<?> generated) {
        assertThat(generated).isInstanceOf(GeneratedRecordResolver.class);
        assertThat(((GeneratedRecordResolver<?>) generated).isCompiled()).as("compiled from source").isTrue();
        assertThat(((GeneratedRecordResolver<?>) generated).bodyClass().isHidden()).isTrue();
    }

    /**
     * The compiled code by itself, without handing any bytes to the interpreted resolver, reads a
     * well-formed record to what the interpreted resolver reads.
     */
    static <T> void assertCompiledReads(RecordResolver<T> generated, RecordResolver<T> interpreted, byte[] bytes) {
        Object read;
        try {
            read = ((GeneratedRecordResolver<T>) generated).readCompiledOnly(bytes, 0, bytes.length);
        } catch (Throwable t) {
            throw new AssertionError("the compiled code declined a well-formed record: " + t, t);
        }
        Object expected = interpreted.read(bytes);
        if (expected instanceof RecordValue) {
            assertThat(read).isEqualTo(expected);
        } else {
            // byte[] components compared by content, numbers exactly, NaN equal to NaN
            assertThat(read).usingRecursiveComparison().withComparatorForType(Float::compare, Float.class)
                    .withComparatorForType(Double::compare, Double.class).isEqualTo(expected);
        }
    }

    /** Both resolvers read the first {@code length} bytes to equal records, or fail alike. */
    static <T> void assertSameOutcome(RecordResolver<T> generated, RecordResolver<T> interpreted, byte[] bytes, int length) {
        Object expected;
        try {
            expected = interpreted.read(bytes, 0, length);
        } catch (RuntimeException e) {
            RuntimeException actual = Assertions.assertThrows(RuntimeException.class, () -> generated.read(bytes, 0, length),
                    "the generated resolver read what the interpreted one refused: " + e);
            assertThat(actual).isExactlyInstanceOf(e.getClass()).hasMessage(e.getMessage());
            return;
        }
        assertThat((Object) generated.read(bytes, 0, length)).isEqualTo(expected);
    }

    @Property(tries = 300)
    void anIncompatibleNewVersionIsRefusedUpFrontNamingTheField(@ForAll("cases") Case c) {
        RandomFormats.Break change = c.random().incompatible(c.format());
        if (change == null) {
            return; // no number field to narrow in this format
        }
        RecordFormat writer = RandomFormats.format(c.format());
        RecordFormat reader = RandomFormats.format(change.reader());

        IncompatibleFormatsException e = Assertions.assertThrows(IncompatibleFormatsException.class,
                () -> Records.resolver(writer, reader), change.what());

        assertThat(e.fields()).as(change.what()).contains(change.path());
        assertThat(e).hasMessageContaining("field '" + change.path() + "'")
                .hasMessageContaining(writer.toString()).hasMessageContaining(reader.toString());
    }
}
