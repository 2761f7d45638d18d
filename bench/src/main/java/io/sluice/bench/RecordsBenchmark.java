package io.sluice.bench;

import io.sluice.records.FieldDefault;
import io.sluice.records.FormatName;
import io.sluice.records.RecordEncoder;
import io.sluice.records.RecordFormat;
import io.sluice.records.RecordResolver;
import io.sluice.records.Records;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;

/**
 * Reading records across a change of layout (issue 41's conversion benchmark): a record of 20
 * fields of mixed types (int, long, double, float, boolean, string, bytes, a nested record, an
 * array) written under one format ({@link Written}) and read as a Java record class of another
 * ({@link Read}): fields reordered, an int widened to long, a float to double, and a field added
 * with a default. The variants: Sluice's generated resolver, its interpreted resolver, Avro's own
 * {@code GenericDatumReader} with a {@code ResolvingDecoder} (into Avro generic records), a decoder
 * written by hand for exactly this pair ({@link HandWrittenSampleDecoder}: the limit of any generated
 * code), and a plain {@code System.arraycopy} of each record's bytes, the floor. Every variant reads the same
 * records, encoded once before the rounds into one array. Each round runs every variant once over
 * the same number of records, the order rotating; the report gives each one's median rate and,
 * pair by pair within rounds, its time against the interpreted resolver's and the copy's.
 *
 * <p>Run it with {@code bench/run-benchmarks.sh --records}; options: {@code --records N} (records
 * read per variant per round, 2000000), {@code --rounds R} (7), {@code --warmup W} (3),
 * {@code --output DIR} (writes {@code benchmarks-records.md} there). Nothing is written to disk but
 * the report.
 */
public final class RecordsBenchmark {
    /** Distinct records, read over and over. */
    static final int DISTINCT = 1024;

    private RecordsBenchmark() {}

    @FormatName("bench.Position")
    public record Position(double lat, double lon) {}

    /** The writer's version. */
    @FormatName("bench.Sample")
    public record Written(int id, long time, double value, float gain, boolean ok, String site, byte[] raw,
            Position at, List<Integer> counts, int level, long seq, double min, double max, boolean flagged,
            String unit, int code, long size, double mean, float weight, String note) {}

    /** The reader's version: reordered, {@code level} int → long, {@code gain} float → double, {@code status} added. */
    @FormatName("bench.Sample")
    public record Read(String site, long level, int id, double gain, double value, long time, boolean ok,
            Position at, byte[] raw, List<Integer> counts, String note, double mean, long size, int code,
            @FieldDefault("\"ok\"") String status, String unit, boolean flagged, double max, double min, long seq,
            float weight) {}

    /** A way to read a record's bytes. */
    interface Variant {
        String name();

        Object read(byte[] bytes, int offset, int length);

        /** What was read, encoded under the reader's format, to check that variants agree (the copy: its bytes). */
        byte[] canonical(Object read);
    }

    /** The encoded records: one array, each record's offset and length. */
    record Encoded(byte[] bytes, int[] offsets, int[] lengths, RecordFormat writer) {}

    static Encoded encoded(long seed) {
        RecordEncoder<Written> encoder = Records.encoder(Written.class);
        Random random = new Random(seed);
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        int[] offsets = new int[DISTINCT];
        int[] lengths = new int[DISTINCT];
        for (int i = 0; i < DISTINCT; i++) {
            byte[] raw = new byte[8 + random.nextInt(24)];
            random.nextBytes(raw);
            List<Integer> counts = new ArrayList<>();
            for (int k = random.nextInt(6); k > 0; k--) {
                counts.add(random.nextInt(1000));
            }
            Written w = new Written(i, random.nextLong(), random.nextDouble(), random.nextFloat(), random.nextBoolean(),
                    "site-" + random.nextInt(100), raw, new Position(random.nextDouble() * 90, random.nextDouble() * 180),
                    counts, random.nextInt(50), random.nextLong(), random.nextDouble(), random.nextDouble(),
                    random.nextBoolean(), random.nextBoolean() ? "volts" : "amperes", random.nextInt(), random.nextInt(1 << 20),
                    random.nextDouble(), random.nextFloat(), "note " + Integer.toHexString(random.nextInt()));
            byte[] bytes = encoder.encode(w);
            offsets[i] = all.size();
            lengths[i] = bytes.length;
            all.writeBytes(bytes);
        }
        return new Encoded(all.toByteArray(), offsets, lengths, encoder.format());
    }

    /** The variants, the interpreted resolver first and the copy last. */
    static List<Variant> variants(RecordFormat writer) {
        RecordEncoder<Read> readEncoder = Records.encoder(Read.class);
        Schema readerSchema = readEncoder.format().schema();
        RecordResolver<Read> interpreted = Records.interpretedResolver(writer, Read.class);
        RecordResolver<Read> generated = Records.resolver(writer, Read.class);
        return List.of(new ResolverVariant("Sluice, interpreted resolver", interpreted, readEncoder),
                new ResolverVariant("Sluice, generated resolver", generated, readEncoder),
                new AvroVariant(writer.schema(), readerSchema),
                new HandWrittenVariant(readEncoder),
                new CopyVariant());
    }

    record ResolverVariant(String name, RecordResolver<Read> resolver, RecordEncoder<Read> encoder) implements Variant {
        @Override
        public Object read(byte[] bytes, int offset, int length) {
            return resolver.read(bytes, offset, length);
        }

        @Override
        public byte[] canonical(Object read) {
            return encoder.encode((Read) read);
        }
    }

    /** Avro's resolving reader into generic records, a decoder reused as Avro's users do. */
    static final class AvroVariant implements Variant {
        private final GenericDatumReader<GenericRecord> reader;
        private final Schema readerSchema;
        private BinaryDecoder decoder;

        AvroVariant(Schema writer, Schema readerSchema) {
            this.reader = new GenericDatumReader<>(writer, readerSchema);
            this.readerSchema = readerSchema;
        }

        @Override
        public String name() {
            return "Avro GenericDatumReader + ResolvingDecoder";
        }

        @Override
        public Object read(byte[] bytes, int offset, int length) {
            decoder = DecoderFactory.get().binaryDecoder(bytes, offset, length, decoder);
            try {
                return reader.read(null, decoder);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public byte[] canonical(Object read) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
            try {
                new GenericDatumWriter<GenericRecord>(readerSchema).write((GenericRecord) read, encoder);
                encoder.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return out.toByteArray();
        }
    }

    /** The limit of generated code: a decoder written by hand for exactly this pair of formats. */
    static final class HandWrittenVariant implements Variant {
        private final HandWrittenSampleDecoder decoder = new HandWrittenSampleDecoder();
        private final RecordEncoder<Read> encoder;

        HandWrittenVariant(RecordEncoder<Read> encoder) {
            this.encoder = encoder;
        }

        @Override
        public String name() {
            return "hand-written decoder for this pair (the limit)";
        }

        @Override
        public Object read(byte[] bytes, int offset, int length) {
            return decoder.read(bytes, offset, length);
        }

        @Override
        public byte[] canonical(Object read) {
            return encoder.encode((Read) read);
        }
    }

    /** The floor: each record's bytes copied, as a channel that passes them on unread would. */
    static final class CopyVariant implements Variant {
        private byte[] buffer = new byte[256];

        @Override
        public String name() {
            return "copy of the bytes (System.arraycopy)";
        }

        @Override
        public Object read(byte[] bytes, int offset, int length) {
            if (buffer.length < length) {
                buffer = new byte[length];
            }
            System.arraycopy(bytes, offset, buffer, 0, length);
            return buffer;
        }

        @Override
        public byte[] canonical(Object read) {
            return (byte[]) read;
        }
    }

    public static void main(String[] args) throws Exception {
        BenchArgs options = BenchArgs.parse(args, "--records N, --rounds R, --warmup W, --output DIR");
        long records = options.getLong("--records", 2_000_000);
        int rounds = options.getInt("--rounds", 7);
        int warmup = options.getInt("--warmup", 3);
        Path output = options.getPath("--output", null);
        String report = report(records, rounds, warmup);
        System.out.print(report);
        if (output != null) {
            // The end-to-end section (RecordsWorkflowBenchmark, --records-e2e) is measured apart: keep it.
            RecordsWorkflowBenchmark.SECTION.writeAround(output.resolve(RecordsWorkflowBenchmark.PAGE), report);
        }
    }

    /** Checks that the variants agree on every record, measures them, and writes the page. */
    static String report(long records, int rounds, int warmup) {
        Encoded encoded = encoded(41);
        List<Variant> variants = variants(encoded.writer());
        checkAgree(variants, encoded);
        double[][] seconds = measure(variants, encoded, records, rounds, warmup);
        int copy = variants.size() - 1;
        int limit = variants.size() - 2;
        StringBuilder page = new StringBuilder("# Records benchmark: generated against interpreted resolvers\n\n");
        page.append("Generated by `bench/run-benchmarks.sh --records` (`io.sluice.bench.RecordsBenchmark`).\n\n");
        page.append(String.format(Locale.ROOT, "A record of 20 fields (ints, longs, doubles, floats, booleans, strings, bytes,"
                + " a nested record of two doubles, an array of ints; %d bytes on average) is written under one format and read"
                + " as a Java record class of another: the fields reordered, an int widened to long, a float to double, and a"
                + " string field added with a default. %d distinct records, encoded once into one array, are read over and"
                + " over, %,d reads per variant per round; each round runs every variant once, the order rotating; %d rounds"
                + " after %d of warm-up, in one JVM. Before measuring, every variant's reading of every record is checked to"
                + " encode, under the reader's format, to the same bytes (the copy: to the record's own bytes). *vs interpreted*"
                + " and *vs copy* are medians over rounds of the other variant's time divided by this one's in the same round"
                + " (above 1 is faster); *vs hand-written* likewise against a decoder written by hand for exactly this pair"
                + " of formats (the fields read in the writer's order, varints inline, the constructor called directly): the"
                + " most that any generated code could reach, since decoding into objects costs their allocation, the"
                + " strings' UTF-8 decoding and the copies of the bytes, which a copy of the bytes does not pay. Avro's"
                + " reader makes Avro generic records, not the Java record class.%n%n"
                + "The machine was shared: other builds and tests ran on its two cores at the same time (load average"
                + " %.2f when this started), so absolute rates drift from run to run; the ratios, measured in the same"
                + " rounds, are what to compare.%n%n",
                encoded.bytes().length / DISTINCT, DISTINCT, records, rounds, warmup, loadAverage()));
        page.append("| variant | median time | records/s | vs interpreted | vs hand-written | vs copy |\n"
                + "| --- | ---: | ---: | ---: | ---: | ---: |\n");
        for (int v = 0; v < variants.size(); v++) {
            double[] vsInterpreted = new double[rounds];
            double[] vsLimit = new double[rounds];
            double[] vsCopy = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                vsInterpreted[r] = seconds[0][r] / seconds[v][r];
                vsLimit[r] = seconds[limit][r] / seconds[v][r];
                vsCopy[r] = seconds[copy][r] / seconds[v][r];
            }
            double median = VariantSummary.median(seconds[v]);
            page.append(String.format(Locale.ROOT, "| %s | %.3f s | %,d | %.2f× | %.2f× | %.3f× |%n", variants.get(v).name(),
                    median, Math.round(records / median), VariantSummary.median(vsInterpreted), VariantSummary.median(vsLimit),
                    VariantSummary.median(vsCopy)));
        }
        page.append("\n## Machine\n\n");
        MachineInfo.collect().facts().forEach((k, v) -> page.append("- ").append(k).append(": ").append(v).append('\n'));
        return page.toString();
    }

    private static double loadAverage() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    /** Fails unless every variant reads every record to the same value (the copy: to the same bytes). */
    static void checkAgree(List<Variant> variants, Encoded encoded) {
        Variant first = variants.get(0);
        for (int i = 0; i < DISTINCT; i++) {
            int offset = encoded.offsets()[i];
            int length = encoded.lengths()[i];
            byte[] expected = first.canonical(first.read(encoded.bytes(), offset, length));
            for (Variant v : variants) {
                byte[] got = v.canonical(v.read(encoded.bytes(), offset, length));
                byte[] want = v instanceof CopyVariant ? Arrays.copyOfRange(encoded.bytes(), offset, offset + length) : expected;
                if (!Arrays.equals(Arrays.copyOf(got, v instanceof CopyVariant ? length : got.length), want)) {
                    throw new IllegalStateException(v.name() + " read record " + i + " otherwise than " + first.name());
                }
            }
        }
    }

    /** Where reads go, so that the JIT cannot drop them. */
    static volatile Object sink;

    /** Per variant, the wall seconds of each measured round. */
    static double[][] measure(List<Variant> variants, Encoded encoded, long records, int rounds, int warmup) {
        double[][] seconds = new double[variants.size()][rounds];
        byte[] bytes = encoded.bytes();
        int[] offsets = encoded.offsets();
        int[] lengths = encoded.lengths();
        for (int round = -warmup; round < rounds; round++) {
            for (int k = 0; k < variants.size(); k++) {
                int v = Math.floorMod(k + round, variants.size());
                Variant variant = variants.get(v);
                Object[] kept = new Object[DISTINCT];
                long start = System.nanoTime();
                for (long n = 0; n < records; n++) {
                    int i = (int) (n & (DISTINCT - 1));
                    kept[i] = variant.read(bytes, offsets[i], lengths[i]);
                }
                double s = (System.nanoTime() - start) / 1e9;
                sink = kept;
                if (round >= 0) {
                    seconds[v][round] = s;
                }
            }
        }
        return seconds;
    }
}
