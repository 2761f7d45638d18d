package io.sluice.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelException;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.SeekableChannelReader;
import io.sluice.channel.local.PersistentChannelWriter;
import io.sluice.channel.local.PersistentChannels;
import io.sluice.channel.local.Resumption;
import io.sluice.channel.memory.MemoryChannels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Records as the tokens of channels: formats stored once per persistent channel, records of
 * several versions on one channel, each reader reading its own version, and the errors for a
 * record of an unknown or unreadable format.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RecordChannelTest {

    @FormatName("test.Reading")
    record Reading(String site, int level) {}

    @FormatName("test.Reading")
    record ReadingV2(@FieldAliases("site") String station, long level, @FieldDefault("\"volts\"") String unit) {}

    /** A record class without {@link FormatName}: stored as Smile unless its codec is registered. */
    record Plain(String word) {}

    @TempDir
    Path work;

    private static List<Reading> readings(int from, int n) {
        List<Reading> list = new ArrayList<>();
        for (int i = from; i < from + n; i++) {
            list.add(new Reading("site" + i, i));
        }
        return list;
    }

    private static <T> List<T> readAll(ChannelReader<T> reader) throws InterruptedException {
        List<T> all = new ArrayList<>();
        for (T t = reader.take(); t != null; t = reader.take()) {
            all.add(t);
        }
        return all;
    }

    private static List<Path> formatFiles(Path channel) throws Exception {
        try (Stream<Path> files = Files.list(channel.resolve("codec"))) {
            return files.sorted().toList();
        }
    }

    @ParameterizedTest
    @EnumSource(value = ChannelPolicy.class, names = {"DIRECT", "CACHED", "FAST_TRACK"})
    void aChannelOfARecordClassStoresItsFormatOnceAndReadsBackUnderEveryPolicy(ChannelPolicy policy) throws Exception {
        try (Channel<Reading> channel = PersistentChannels.builder(work).policy(policy).build()
                .open(ChannelSpec.unbounded("readings", Reading.class))) {
            ChannelReader<Reading> reader = channel.openReader("r");
            for (Reading r : readings(0, 2_000)) {
                channel.writer().put(r);
            }
            channel.writer().close();
            assertThat(readAll(reader)).isEqualTo(readings(0, 2_000));
        }
        Path dir = work.resolve("readings");
        assertThat(PersistentChannels.describe(dir).codec()).isEqualTo(RecordCodecs.ID);
        assertThat(PersistentChannels.describe(dir).type()).isEqualTo(RecordValue.class.getName());
        RecordFormat format = RecordFormat.of(Reading.class);
        assertThat(formatFiles(dir)).extracting(p -> p.getFileName().toString())
                .containsExactly(RecordCodecs.hex(format.fingerprint()) + ".avsc");
        assertThat(RecordFormat.parse(Files.readString(formatFiles(dir).get(0)))).isEqualTo(format);
        assertThat(RecordChannels.formats(dir)).containsExactly(format);
        assertThat(RecordChannels.countByFormat(dir)).isEqualTo(Map.of(format.fingerprint(), 2_000L));
        // Read back from another "program": as the writer's class, as a newer version, and generic.
        try (SeekableChannelReader<Reading> reader = PersistentChannels.openReader(dir, Reading.class)) {
            assertThat(readAll(reader)).isEqualTo(readings(0, 2_000));
        }
        try (SeekableChannelReader<ReadingV2> reader = PersistentChannels.openReader(dir, ReadingV2.class)) {
            reader.seek(1_999);
            assertThat(reader.take()).isEqualTo(new ReadingV2("site1999", 1_999, "volts"));
        }
        try (SeekableChannelReader<?> reader = PersistentChannels.openReader(dir)) {
            assertThat(reader.take()).hasToString("{\"site\":\"site0\",\"level\":0}");
        }
    }

    @Test
    void writersOfSeveralVersionsWriteOneChannelAndEachReaderReadsItsOwnVersion() throws Exception {
        Path dir = work.resolve("readings");
        try (PersistentChannelWriter<Reading> v1 = PersistentChannels.openWriter(dir, "readings", Reading.class)) {
            readings(0, 3).forEach(v1::put);
        }
        try (PersistentChannelWriter<ReadingV2> v2 = PersistentChannels.openWriter(dir, "readings", ReadingV2.class)) {
            assertThat(v2.position()).isEqualTo(3);
            v2.put(new ReadingV2("roof", 1L << 40, "amps"));
        }
        RecordFormat generic = RecordFormat.parse("{\"type\":\"record\",\"name\":\"Reading\",\"namespace\":\"test\",\"fields\":["
                + "{\"name\":\"station\",\"type\":\"string\"},{\"name\":\"level\",\"type\":\"long\"},"
                + "{\"name\":\"note\",\"type\":\"string\"}]}");
        try (PersistentChannelWriter<RecordValue> tool = PersistentChannels.openWriter(dir, "readings", RecordValue.class)) {
            tool.put(RecordValue.builder(generic).set("station", "cellar").set("level", 25).set("note", "damp").build());
            tool.put(Records.toValue(new Reading("attic", 7)));
            tool.end();
        }
        RecordFormat v1 = RecordFormat.of(Reading.class);
        RecordFormat v2 = RecordFormat.of(ReadingV2.class);
        assertThat(RecordChannels.formats(dir)).containsExactlyInAnyOrder(v1, v2, generic);
        assertThat(RecordChannels.countByFormat(dir)).as("records of each format, the last one of v1 again")
                .isEqualTo(Map.of(v1.fingerprint(), 4L, v2.fingerprint(), 1L, generic.fingerprint(), 1L));

        // Each reader its own version: v2 reads them all (site found under its alias, level widened, unit defaulted).
        try (SeekableChannelReader<ReadingV2> reader = RecordChannels.openReader(dir, ReadingV2.class)) {
            List<ReadingV2> read = readAll(reader);
            assertThat(read).hasSize(6).startsWith(new ReadingV2("site0", 0, "volts"));
            assertThat(read.get(3)).isEqualTo(new ReadingV2("roof", 1L << 40, "amps"));
            assertThat(read.get(5)).isEqualTo(new ReadingV2("attic", 7, "volts"));
        }
        // A generic reader sees every record under its writer's own format, every field included.
        try (SeekableChannelReader<RecordValue> reader = RecordChannels.openReader(dir)) {
            List<RecordValue> read = readAll(reader);
            assertThat(read).extracting(RecordValue::format).containsExactly(v1, v1, v1, v2, generic, v1);
            assertThat(read.get(3).toJson()).isEqualTo("{\"station\":\"roof\",\"level\":1099511627776,\"unit\":\"amps\"}");
        }
        // A reader of a format of its own: level as double, station under its old name too.
        RecordFormat own = RecordFormat.parse("{\"type\":\"record\",\"name\":\"Reading\",\"namespace\":\"test\",\"fields\":["
                + "{\"name\":\"station\",\"type\":\"string\",\"aliases\":[\"site\"]},{\"name\":\"level\",\"type\":\"double\"}]}");
        try (SeekableChannelReader<RecordValue> reader = RecordChannels.openReader(dir, own)) {
            List<RecordValue> read = readAll(reader);
            assertThat(read).extracting(r -> r.getDouble("level")).containsExactly(0.0, 1.0, 2.0, 1099511627776.0, 25.0, 7.0);
            assertThat(read).extracting(r -> r.getString("station")).containsExactly("site0", "site1", "site2", "roof", "cellar", "attic");
        }
    }

    @Test
    void aRecordThatTheReadersVersionCannotReadIsAnErrorNamingTheFieldTheWritersFormatAndTheChannel() throws Exception {
        Path dir = work.resolve("readings");
        try (PersistentChannelWriter<Reading> v1 = PersistentChannels.openWriter(dir, "readings", Reading.class)) {
            readings(0, 2).forEach(v1::put);
        }
        try (PersistentChannelWriter<ReadingV2> v2 = PersistentChannels.openWriter(dir, "readings", ReadingV2.class)) {
            v2.put(new ReadingV2("roof", 3, "amps"));
        }
        try (SeekableChannelReader<Reading> reader = RecordChannels.openReader(dir, Reading.class)) {
            assertThat(reader.take()).isEqualTo(new Reading("site0", 0));
            assertThat(reader.take()).isEqualTo(new Reading("site1", 1));
            assertThatThrownBy(reader::take).isInstanceOf(ChannelException.class)
                    .hasMessageContaining("channel 'readings'")
                    .hasMessageContaining("token 2")
                    .hasMessageContaining("field 'site'")
                    .hasMessageContaining("written under format " + RecordFormat.of(ReadingV2.class))
                    .hasMessageContaining(Reading.class.getName());
        }
    }

    @Test
    void aRecordWhoseFormatIsUnknownIsAnErrorNamingTheChannelAndTheSeqAfterTheRecordsBeforeIt() throws Exception {
        Path dir = work.resolve("readings");
        try (PersistentChannelWriter<Reading> v1 = PersistentChannels.openWriter(dir, "readings", Reading.class)) {
            readings(0, 2).forEach(v1::put);
        }
        try (PersistentChannelWriter<ReadingV2> v2 = PersistentChannels.openWriter(dir, "readings", ReadingV2.class)) {
            v2.put(new ReadingV2("roof", 3, "amps"));
            v2.end();
        }
        long lost = RecordFormat.of(ReadingV2.class).fingerprint();
        Files.delete(dir.resolve("codec").resolve(RecordCodecs.key(lost)));

        try (SeekableChannelReader<ReadingV2> reader = RecordChannels.openReader(dir, ReadingV2.class)) {
            assertThat(reader.take()).isEqualTo(new ReadingV2("site0", 0, "volts"));
            assertThat(reader.take()).isEqualTo(new ReadingV2("site1", 1, "volts"));
            assertThatThrownBy(reader::take).isInstanceOf(ChannelException.class)
                    .hasMessageContaining("channel 'readings'")
                    .hasMessageContaining("token 2")
                    .hasMessageContaining("no format of fingerprint " + RecordCodecs.hex(lost));
            reader.seek(1);
            assertThat(reader.take()).as("the records before it stay readable").isEqualTo(new ReadingV2("site1", 1, "volts"));
        }
    }

    @Test
    void aResumedChannelOfRecordsKeepsItsFormats() throws Exception {
        RecordFormat v1 = RecordFormat.of(Reading.class);
        try (Channel<Reading> channel = PersistentChannels.builder(work).policy(ChannelPolicy.FAST_TRACK).tokensPerFile(100).build()
                .open(ChannelSpec.unbounded("readings", Reading.class))) {
            readings(0, 250).forEach(r -> put(channel, r));
            // closed without ending its stream, as a killed run leaves it
        }
        Resumption resumption = Resumption.create();
        try (Channel<Reading> channel = PersistentChannels.builder(work).policy(ChannelPolicy.FAST_TRACK).tokensPerFile(100)
                .resume(resumption).build().open(ChannelSpec.unbounded("readings", Reading.class))) {
            ChannelReader<Reading> reader = channel.openReader("r");
            readings(0, 400).forEach(r -> put(channel, r)); // the first 250 are replayed: compared with the stored ones
            channel.writer().close();
            assertThat(readAll(reader)).isEqualTo(readings(0, 400));
            assertThat(resumption.channels()).singleElement().satisfies(c -> assertThat(c.verified()).isEqualTo(250));
        }
        Path dir = work.resolve("readings");
        assertThat(RecordChannels.formats(dir)).containsExactly(v1);
        assertThat(RecordChannels.countByFormat(dir)).isEqualTo(Map.of(v1.fingerprint(), 400L));
        try (SeekableChannelReader<ReadingV2> reader = RecordChannels.openReader(dir, ReadingV2.class)) {
            assertThat(readAll(reader)).hasSize(400).last().isEqualTo(new ReadingV2("site399", 399, "volts"));
        }
    }

    private static <T> void put(Channel<T> channel, T token) {
        try {
            channel.writer().put(token);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aMemoryChannelCarriesRecordsAsTheyAreAndAReaderOfAnotherVersionGetsItsOwn() throws Exception {
        try (Channel<Reading> channel = MemoryChannels.factory().open(ChannelSpec.unbounded("readings", Reading.class))) {
            ChannelReader<Reading> same = channel.openReader("same");
            ChannelReader<ReadingV2> newer = RecordChannels.readAs(channel.openReader("newer"), ReadingV2.class);
            ChannelReader<RecordValue> generic = RecordChannels.readAs(channel.openReader("generic"), RecordFormat.of(ReadingV2.class));
            Reading written = new Reading("roof", 12);
            channel.writer().put(written);
            channel.writer().close();
            assertThat(same.take()).isSameAs(written);
            assertThat(newer.take()).isEqualTo(new ReadingV2("roof", 12, "volts"));
            assertThat(generic.take().toJson()).isEqualTo("{\"station\":\"roof\",\"level\":12,\"unit\":\"volts\"}");
            assertThat(newer.take()).isNull();
        }
        try (Channel<ReadingV2> channel = MemoryChannels.factory().open(ChannelSpec.unbounded("newer", ReadingV2.class))) {
            ChannelReader<Reading> older = RecordChannels.readAs(channel.openReader("older"), Reading.class);
            channel.writer().put(new ReadingV2("roof", 12, "volts"));
            assertThatThrownBy(older::take).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("reader 'older', token 0").hasMessageContaining("field 'site'");
        }
    }

    @Test
    void aRecordClassWithoutAFormatNameStaysSmileUnlessItsCodecIsRegistered() throws Exception {
        try (Channel<Plain> channel = PersistentChannels.builder(work).build().open(ChannelSpec.unbounded("smile", Plain.class))) {
            channel.writer().put(new Plain("a"));
            channel.writer().close();
        }
        assertThat(PersistentChannels.describe(work.resolve("smile")).codec()).isEqualTo("smile");
        var codecs = io.sluice.channel.local.Codecs.discover(getClass().getClassLoader()).with(RecordCodecs.codec(Plain.class));
        try (Channel<Plain> channel = PersistentChannels.builder(work).codecs(codecs).build()
                .open(ChannelSpec.unbounded("records", Plain.class))) {
            channel.writer().put(new Plain("a"));
            channel.writer().close();
        }
        assertThat(PersistentChannels.describe(work.resolve("records")).codec()).isEqualTo(RecordCodecs.ID);
        try (SeekableChannelReader<?> reader = PersistentChannels.openReader(work.resolve("records"))) {
            assertThat(reader.take()).hasToString("{\"word\":\"a\"}");
        }
    }

    @Test
    void aCodecNotBoundToAChannelRefusesToEncode() {
        var codec = RecordCodecs.codec(Reading.class);
        assertThatThrownBy(() -> codec.write(new Reading("a", 1), null)).isInstanceOf(io.sluice.codec.CodecException.class)
                .hasMessageContaining("not bound to a channel");
    }
}
