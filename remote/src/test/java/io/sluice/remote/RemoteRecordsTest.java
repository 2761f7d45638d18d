package io.sluice.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelException;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelWriter;
import io.sluice.records.FieldAliases;
import io.sluice.records.FieldDefault;
import io.sluice.records.FormatName;
import io.sluice.records.RecordChannels;
import io.sluice.records.RecordFormat;
import io.sluice.records.RecordValue;
import io.sluice.remote.internal.FrameType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records over remote channels: each format sent once per connection and kept in the space's
 * registry; writers and readers of different versions of a format meet by field name, as on a
 * local channel; a record whose format the space does not have is an error naming the channel,
 * the seq and the space.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RemoteRecordsTest {
    @FormatName("test.Reading")
    record Reading(String site, int level) {}

    @FormatName("test.Reading")
    record ReadingV2(@FieldAliases("site") String station, long level, @FieldDefault("\"volts\"") String unit) {}

    @TempDir
    Path dir;

    private static String key(Class<? extends Record> type) {
        return String.format(Locale.ROOT, "%016x", RecordFormat.of(type).fingerprint()) + ".avsc";
    }

    private static <T> List<T> readAll(RemoteSpace space, String name, Class<T> type) throws InterruptedException {
        List<T> all = new ArrayList<>();
        try (Channel<T> ch = space.open(ChannelSpec.unbounded(name, type)); ChannelReader<T> r = ch.openReader("r")) {
            T t;
            while ((t = r.take()) != null) {
                all.add(t);
            }
        }
        return all;
    }

    @Test
    void writersAndReadersOfDifferentVersionsMeetByFieldName() throws Exception {
        try (SpaceServer server = SpaceServer.builder(dir).start();
                RemoteSpace older = RemoteChannels.connect(server.uri());
                RemoteSpace newer = RemoteChannels.connect(server.uri())) {
            Channel<Reading> v1 = older.open(ChannelSpec.unbounded("readings", Reading.class));
            ChannelWriter<Reading> w1 = v1.writer();
            w1.put(new Reading("north", 7));
            w1.put(new Reading("south", 12));
            v1.close(); // detaches: the stream goes on with the next writer
            // The space releases the first writer's role when it handles its close, which came on
            // another connection: the second writer may find the channel busy for a moment.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (true) {
                try (Channel<ReadingV2> v2 = newer.open(ChannelSpec.unbounded("readings", ReadingV2.class))) {
                    ChannelWriter<ReadingV2> w2 = v2.writer();
                    w2.put(new ReadingV2("east", 5_000_000_000L, "amps"));
                    w2.close();
                    break;
                } catch (ChannelException e) {
                    if (!e.getMessage().contains("BUSY") || System.nanoTime() > deadline) {
                        throw e;
                    }
                    Thread.sleep(20);
                }
            }
            // Each reader reads every record, whichever version wrote it, by field name.
            assertThat(readAll(newer, "readings", ReadingV2.class)).containsExactly(
                    new ReadingV2("north", 7, "volts"), new ReadingV2("south", 12, "volts"), new ReadingV2("east", 5_000_000_000L, "amps"));
            List<RecordValue> generic = readAll(older, "readings", RecordValue.class);
            assertThat(generic).extracting(r -> r.format().name()).containsOnly("test.Reading");
            assertThat(generic.get(2).get("unit")).hasToString("amps");
            // The space keeps both formats in its registry, and with the channel as a local one does.
            assertThat(older.formats(".*")).containsExactlyInAnyOrder(key(Reading.class), key(ReadingV2.class));
            assertThat(new String(older.format(key(Reading.class)).orElseThrow(), StandardCharsets.UTF_8))
                    .isEqualTo(RecordFormat.of(Reading.class).toJson());
            assertThat(older.format("0000000000000000.avsc")).isEmpty();
            assertThat(RecordChannels.formats(dir.resolve("readings"))).hasSize(2);
            try (var local = RecordChannels.openReader(dir.resolve("readings"), ReadingV2.class)) {
                assertThat(local.take()).isEqualTo(new ReadingV2("north", 7, "volts"));
            }
        }
    }

    @Test
    void aReaderLooksFormatsUpWhileRecordsOfSeveralFormatsStream() throws Exception {
        RecordFormat v1 = RecordFormat.of(Reading.class);
        RecordFormat v2 = RecordFormat.of(ReadingV2.class);
        int n = 20_000;
        try (SpaceServer server = SpaceServer.builder(dir).start();
                RemoteSpace writing = RemoteChannels.connect(server.uri());
                RemoteSpace reading = RemoteChannels.connect(server.uri());
                Channel<ReadingV2> in = reading.open(ChannelSpec.unbounded("mixed", ReadingV2.class));
                ChannelReader<ReadingV2> r = in.openReader("r")) {
            java.util.concurrent.ExecutorService thread = java.util.concurrent.Executors.newSingleThreadExecutor();
            try {
                java.util.concurrent.Future<?> written = thread.submit(() -> {
                    try (Channel<RecordValue> out = writing.open(ChannelSpec.unbounded("mixed", RecordValue.class))) {
                        ChannelWriter<RecordValue> w = out.writer();
                        for (int i = 0; i < n; i++) {
                            w.put(i % 2 == 0
                                    ? RecordValue.builder(v1).set("site", "s" + i).set("level", i).build()
                                    : RecordValue.builder(v2).set("station", "s" + i).set("level", (long) i).set("unit", "amps").build());
                        }
                        w.close();
                    }
                    return null;
                });
                for (int i = 0; i < n; i++) {
                    assertThat(r.take()).isEqualTo(new ReadingV2("s" + i, i, i % 2 == 0 ? "volts" : "amps"));
                }
                assertThat(r.take()).isNull();
                written.get(30, TimeUnit.SECONDS);
            } finally {
                thread.shutdownNow();
            }
        }
    }

    @Test
    void theFormatsOfAChannelWrittenOutsideTheServerAreInTheRegistry() throws Exception {
        try (var local = io.sluice.channel.local.PersistentChannels.openWriter(dir.resolve("copied"), "copied", Reading.class)) {
            local.put(new Reading("north", 7));
            local.end();
        }
        try (SpaceServer server = SpaceServer.builder(dir).start(); RemoteSpace space = RemoteChannels.connect(server.uri())) {
            assertThat(space.formats(".*")).containsExactly(key(Reading.class));
            assertThat(readAll(space, "copied", ReadingV2.class)).containsExactly(new ReadingV2("north", 7, "volts"));
        }
    }

    @Test
    void aFormatIsSentOncePerConnection() throws Exception {
        try (SpaceServer server = SpaceServer.builder(dir).start();
                CuttingProxy proxy = new CuttingProxy(server.address());
                RemoteSpace space = RemoteChannels.connect(proxy.uri());
                Channel<Reading> ch = space.open(ChannelSpec.unbounded("counted", Reading.class))) {
            ChannelWriter<Reading> w = ch.writer();
            for (int i = 0; i < 1000; i++) {
                w.put(new Reading("s" + i, i));
            }
            ch.close(); // detaches once the space has stored every record
            // Once per connection, not per record: one of 1000, unless a loaded machine made the client connect again.
            assertThat(proxy.framesSent(FrameType.FORMAT.code)).isBetween(1L, proxy.accepted());
            assertThat(proxy.framesSent(FrameType.DATA.code)).isPositive();
        }
    }

    @Test
    void aFormatIsSentAgainOnANewConnection() throws Exception {
        try (SpaceServer server = SpaceServer.builder(dir).start();
                CuttingProxy proxy = new CuttingProxy(server.address());
                RemoteSpace space = RemoteChannels.connect(proxy.uri());
                Channel<Reading> ch = space.open(ChannelSpec.unbounded("counted", Reading.class))) {
            ChannelWriter<Reading> w = ch.writer();
            for (int i = 0; i < 1000; i++) {
                w.put(new Reading("s" + i, i));
            }
            proxy.cut();
            for (int i = 1000; i < 2000; i++) {
                w.put(new Reading("s" + i, i));
            }
            w.close();
            // Once on the first connection and once on each later one that reached OPENED (a loaded
            // machine may take a heartbeat for a dead link and connect once more).
            assertThat(proxy.accepted()).isGreaterThanOrEqualTo(2);
            assertThat(proxy.framesSent(FrameType.FORMAT.code)).isBetween(2L, proxy.accepted());
            try (RemoteSpace direct = RemoteChannels.connect(server.uri())) {
                List<Reading> all = readAll(direct, "counted", Reading.class);
                assertThat(all).hasSize(2000);
                assertThat(all.get(1999)).isEqualTo(new Reading("s1999", 1999));
            }
        }
    }

    @Test
    void aRecordOfAnUnknownFormatNamesTheChannelTheSeqAndTheSpace() throws Exception {
        try (SpaceServer server = SpaceServer.builder(dir).start(); RemoteSpace space = RemoteChannels.connect(server.uri())) {
            Channel<Reading> v1 = space.open(ChannelSpec.unbounded("readings", Reading.class));
            ChannelWriter<Reading> w1 = v1.writer();
            w1.put(new Reading("north", 7));
            v1.close();
            try (Channel<ReadingV2> v2 = space.open(ChannelSpec.unbounded("readings", ReadingV2.class))) {
                ChannelWriter<ReadingV2> w2 = v2.writer();
                w2.put(new ReadingV2("east", 8, "amps"));
                w2.close();
            }
        }
        // The newer format is lost from the space's files; a new server over them no longer has it.
        Files.delete(dir.resolve(".formats").resolve(key(ReadingV2.class)));
        Files.delete(dir.resolve("readings").resolve("codec").resolve(key(ReadingV2.class)));
        try (SpaceServer server = SpaceServer.builder(dir).start(); RemoteSpace space = RemoteChannels.connect(server.uri());
                Channel<ReadingV2> ch = space.open(ChannelSpec.unbounded("readings", ReadingV2.class));
                ChannelReader<ReadingV2> r = ch.openReader("r")) {
            assertThat(r.take()).isEqualTo(new ReadingV2("north", 7, "volts")); // the record before it reads
            assertThatThrownBy(r::take).isInstanceOf(ChannelException.class)
                    .hasMessageContaining("readings")
                    .hasMessageContaining("token 1 ")
                    .hasMessageContaining(server.uri().toString())
                    .hasMessageContaining(String.format(Locale.ROOT, "%016x", RecordFormat.of(ReadingV2.class).fingerprint()));
        }
    }
}
