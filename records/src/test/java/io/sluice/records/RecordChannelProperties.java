package io.sluice.records;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.channel.ChannelException;
import io.sluice.channel.SeekableChannelReader;
import io.sluice.channel.local.PersistentChannelWriter;
import io.sluice.channel.local.PersistentChannels;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Assertions;

/**
 * A persistent channel written in turn by writers of random versions of a random format, each
 * opening the channel, appending a few records and closing it, is read by a reader of every
 * version: each record reads as resolving its bytes directly from the writer's format to the
 * reader's gives it, and where the reader's version cannot read the writer's, reading fails at
 * that record's seq, naming the channel and the field, after the records before it. A generic
 * reader reads every record as it was written, under the first stored format of its layout.
 * Each case is drawn from one seed.
 */
class RecordChannelProperties {

    /** A record written: its writer's format, its value and its Avro bytes. */
    private record Written(RecordFormat format, RecordValue value, byte[] bytes) {}

    @Property(tries = 25)
    void readersOfEveryVersionReadAChannelOfMixedVersionsAsResolvingEachRecordDirectly(@ForAll long seed) throws Exception {
        Random random = new Random(seed);
        RandomFormats formats = new RandomFormats(random);
        List<RandomFormats.Rec> versions = new ArrayList<>(List.of(formats.record(0)));
        for (int i = 1; i < 3; i++) {
            versions.add((RandomFormats.Rec) formats.evolve(versions.get(i - 1)).type());
        }
        List<RecordFormat> versionFormats = versions.stream().map(RandomFormats::format).toList();
        Path work = Files.createTempDirectory("record-channel-properties");
        try {
            Path dir = work.resolve("c");
            List<Written> written = new ArrayList<>();
            for (int turn = random.nextInt(3) + 2; turn > 0; turn--) {
                int v = random.nextInt(versions.size());
                RecordFormat format = versionFormats.get(v);
                try (PersistentChannelWriter<RecordValue> writer = PersistentChannels.openWriter(dir, "c", RecordValue.class)) {
                    assertThat(writer.position()).isEqualTo(written.size());
                    for (int n = random.nextInt(5) + 1; n > 0; n--) {
                        RecordValue value = (RecordValue) RandomFormats.stored(versions.get(v), formats.value(versions.get(v)), format);
                        writer.put(value);
                        written.add(new Written(format, value, Records.encoder(format).encode(value)));
                    }
                }
            }
            // One stored format per fingerprint: the first written of it (versions that differ only
            // in defaults or aliases share a layout, and so a fingerprint).
            Map<Long, RecordFormat> firstOfEachLayout = new LinkedHashMap<>();
            written.forEach(w -> firstOfEachLayout.putIfAbsent(w.format().fingerprint(), w.format()));
            assertThat(RecordChannels.formats(dir)).containsExactlyInAnyOrderElementsOf(firstOfEachLayout.values());

            try (SeekableChannelReader<RecordValue> generic = RecordChannels.openReader(dir)) {
                for (Written w : written) {
                    RecordValue read = generic.poll();
                    RecordFormat stored = firstOfEachLayout.get(w.format().fingerprint());
                    assertThat(read.format()).isEqualTo(stored);
                    assertThat(Records.encoder(stored).encode(read)).isEqualTo(w.bytes());
                }
                assertThat(generic.poll()).isNull();
            }
            for (RecordFormat reader : versionFormats) {
                readAsOneVersion(dir, reader, written);
            }
        } finally {
            delete(work);
        }
    }

    private static void readAsOneVersion(Path dir, RecordFormat reader, List<Written> written) {
        try (SeekableChannelReader<RecordValue> channel = RecordChannels.openReader(dir, reader)) {
            for (int seq = 0; seq < written.size(); seq++) {
                Written w = written.get(seq);
                RecordValue expected;
                try {
                    expected = Records.interpretedResolver(w.format(), reader).read(w.bytes());
                } catch (IncompatibleFormatsException e) {
                    ChannelException failure = Assertions.assertThrows(ChannelException.class, channel::poll,
                            "record " + seq + " of " + w.format() + " read as " + reader);
                    assertThat(failure).hasMessageContaining("channel 'c'").hasMessageContaining("token " + seq + " ")
                            .hasMessageContaining(e.getMessage());
                    assertThat(e.fields()).isNotEmpty();
                    assertThat(e.getMessage()).contains("field '" + e.fields().get(0) + "'").contains(w.format().toString());
                    net.jqwik.api.statistics.Statistics.label("records").collect("refused: the reader's version cannot read it");
                    channel.seek(seq + 1); // the reader moves on past it; the next may be of a version it reads
                    continue;
                }
                net.jqwik.api.statistics.Statistics.label("records").collect(
                        w.format().equals(reader) ? "read as its own version" : "read as another version");
                assertThat(channel.poll()).as("record %d of %s read as %s", seq, w.format(), reader).isEqualTo(expected);
            }
            assertThat(channel.poll()).isNull();
        }
    }

    private static void delete(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
