package io.sluice.events;

import static io.sluice.events.TestEvents.WAIT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.events.TestEvents.Alarm;
import io.sluice.events.TestEvents.Collected;
import io.sluice.events.TestEvents.Reading;
import io.sluice.events.TestEvents.ReadingV2;
import io.sluice.events.TestEvents.Tick;
import io.sluice.records.RecordFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Persistent channels: starts, acknowledgements, restarts, many publishers and subscribers. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PersistentEventChannelsTest {
    @TempDir
    Path dir;

    @Test
    void fourPublishersAndEightSubscribersEachGetEveryEventOnceInEachPublishersOrder() throws Exception {
        int publishers = 4;
        int subscribers = 8;
        int perPublisher = 2500;
        try (EventChannels space = EventChannels.builder().directory(dir).workers(3).build()) {
            List<Collected<Tick>> got = new ArrayList<>();
            List<Subscription<Tick>> subs = new ArrayList<>();
            for (int s = 0; s < subscribers; s++) {
                Collected<Tick> c = new Collected<>();
                got.add(c);
                subs.add(space.subscribe("ticks", Tick.class, c,
                        SubscribeOptions.defaults().withName("sub" + s).withStart(Start.beginning()).withQueue(256, Overflow.BLOCK)));
            }
            List<Thread> threads = new ArrayList<>();
            for (int p = 0; p < publishers; p++) {
                int id = p;
                Publisher<Tick> pub = space.publisher("ticks", Tick.class);
                threads.add(new Thread(() -> {
                    try (pub) {
                        for (int i = 0; i < perPublisher; i++) {
                            pub.publish(new Tick(id, i));
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }));
            }
            threads.forEach(Thread::start);
            for (Thread t : threads) {
                t.join(WAIT.toMillis() * 3);
            }
            long total = (long) publishers * perPublisher;
            for (int s = 0; s < subscribers; s++) {
                assertThat(subs.get(s).awaitIdle(WAIT)).isTrue();
                List<Tick> ticks = got.get(s).values();
                assertThat(ticks).hasSize((int) total).doesNotHaveDuplicates();
                assertThat(got.get(s).seqs()).containsExactlyElementsOf(LongStream.range(0, total).boxed().toList());
                for (int p = 0; p < publishers; p++) {
                    int id = p;
                    assertThat(ticks.stream().filter(t -> t.publisher() == id).map(Tick::n).toList())
                            .containsExactlyElementsOf(LongStream.range(0, perPublisher).boxed().toList());
                }
            }
            // A subscriber joining late, from seq 0, gets everything.
            Collected<Tick> late = new Collected<>();
            Subscription<Tick> lateSub = space.subscribe("ticks", Tick.class, late,
                    SubscribeOptions.defaults().withStart(Start.at(0)));
            org.junit.jupiter.api.Assertions.assertTrue(lateSub.awaitIdle(WAIT));
            assertThat(late.seqs()).containsExactlyElementsOf(LongStream.range(0, total).boxed().toList());
        }
    }

    @Test
    void aNamedSubscriptionResumesAfterWhatItAcknowledgedWhenTheSpaceIsOpenedAgain() throws Exception {
        try (EventChannels space = EventChannels.local(dir)) {
            Collected<Reading> got = new Collected<>();
            Subscription<Reading> sub = space.subscribe("readings", Reading.class, got,
                    SubscribeOptions.defaults().withName("display"));
            Publisher<Reading> pub = space.publisher("readings", Reading.class);
            for (int i = 0; i < 10; i++) {
                pub.publish(new Reading("roof", i, i));
            }
            assertThat(sub.awaitIdle(WAIT)).isTrue();
            sub.acknowledge(6);
            assertThat(sub.acknowledged()).isEqualTo(6);
        }
        try (EventChannels space = EventChannels.local(dir)) {
            Publisher<Reading> pub = space.publisher("readings", Reading.class);
            assertThat(pub.publish(new Reading("roof", 10, 10))).isEqualTo(10); // seqs go on across openings
            Collected<Reading> got = new Collected<>();
            Subscription<Reading> sub = space.subscribe("readings", Reading.class, got,
                    SubscribeOptions.defaults().withName("display"));
            assertThat(sub.acknowledged()).isEqualTo(6);
            pub.publish(new Reading("roof", 11, 11));
            assertThat(sub.awaitIdle(WAIT)).isTrue();
            assertThat(got.seqs()).containsExactly(7L, 8L, 9L, 10L, 11L);
            assertThat(got.values().get(0)).isEqualTo(new Reading("roof", 7, 7));
            // A new name with no acknowledgement starts now; another from the beginning.
            Collected<Reading> fresh = new Collected<>();
            Subscription<Reading> freshSub = space.subscribe("readings", Reading.class, fresh,
                    SubscribeOptions.defaults().withName("fresh"));
            Collected<Reading> all = new Collected<>();
            Subscription<Reading> allSub = space.subscribe("readings", Reading.class, all,
                    SubscribeOptions.defaults().withStart(Start.beginning()));
            pub.publish(new Reading("roof", 12, 12));
            assertThat(freshSub.awaitIdle(WAIT) && allSub.awaitIdle(WAIT)).isTrue();
            assertThat(fresh.seqs()).containsExactly(12L);
            assertThat(all.seqs()).containsExactlyElementsOf(LongStream.rangeClosed(0, 12).boxed().toList());
            assertThat(space.channel("readings").orElseThrow().published()).isEqualTo(13);
        }
    }

    @Test
    void onlyOneSpaceAtATimeKeepsAPersistentChannel() throws Exception {
        try (EventChannels first = EventChannels.local(dir); EventChannels second = EventChannels.local(dir)) {
            first.declare("readings", RecordFormat.of(Reading.class), Durability.PERSISTENT);
            assertThatThrownBy(() -> second.declare("readings", RecordFormat.of(Reading.class), Durability.PERSISTENT))
                    .hasMessageContaining("open in another space").hasMessageContaining("readings");
            // The refusal left nothing behind: once the first is closed, the second may open it.
            first.close();
            second.declare("readings", RecordFormat.of(Reading.class), Durability.PERSISTENT);
            assertThat(second.channel("readings").orElseThrow().published()).isZero();
        }
    }

    @Test
    void eventsOfSeveralWriterVersionsAreReadAfterARestart() throws Exception {
        try (EventChannels space = EventChannels.local(dir)) {
            space.declare("readings", RecordFormat.of(Reading.class), Durability.PERSISTENT);
            space.publisher("readings", Reading.class).publish(new Reading("roof", 1, 1.5));
        }
        try (EventChannels space = EventChannels.local(dir)) {
            // Declared again with its own format; a newer subscriber reads the old events by name.
            space.declare("readings", RecordFormat.of(Reading.class), Durability.PERSISTENT);
            Collected<ReadingV2> got = new Collected<>();
            Subscription<ReadingV2> sub = space.subscribe("readings", ReadingV2.class, got,
                    SubscribeOptions.defaults().withStart(Start.beginning()));
            assertThat(sub.awaitIdle(WAIT)).isTrue();
            assertThat(got.values()).containsExactly(new ReadingV2("roof", 1, 1.5, "volts"));
            assertThatThrownBy(() -> space.declare("readings", RecordFormat.of(Alarm.class), Durability.PERSISTENT))
                    .hasMessageContaining("org.example.Reading").hasMessageContaining("org.example.Alarm");
        }
        // Another space on the directory, declaring the channel with another format: refused.
        try (EventChannels space = EventChannels.local(dir)) {
            assertThatThrownBy(() -> space.declare("readings", RecordFormat.of(Alarm.class), Durability.PERSISTENT))
                    .hasMessageContaining("org.example.Reading").hasMessageContaining("org.example.Alarm")
                    .hasMessageContaining(dir.resolve("readings").toString());
        }
    }

    @Test
    void anEventWhoseWriterFormatIsUnknownIsReportedWithItsSeqAndTheOthersAreRead() throws Exception {
        try (EventChannels space = EventChannels.local(dir)) {
            Publisher<Reading> pub = space.publisher("readings", Reading.class);
            pub.publish(new Reading("a", 1, 1));
        }
        try (Stream<Path> formats = Files.list(dir.resolve("readings").resolve("formats"))) {
            for (Path f : formats.toList()) {
                Files.delete(f);
            }
        }
        List<Throwable> errors = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (EventChannels space = EventChannels.builder().directory(dir).errorListener((s, seq, e) -> errors.add(e)).build()) {
            Collected<Reading> got = new Collected<>();
            Subscription<Reading> sub = space.subscribe("readings", Reading.class, got,
                    SubscribeOptions.defaults().withStart(Start.beginning()));
            assertThat(sub.awaitIdle(WAIT)).isTrue();
            // Event 1 stores its format again, and is read.
            space.publisher("readings", Reading.class).publish(new Reading("b", 2, 2));
            assertThat(sub.awaitIdle(WAIT)).isTrue();
            assertThat(got.seqs()).containsExactly(1L);
            assertThat(errors).singleElement().satisfies(e -> assertThat(e).hasMessageContaining("event 0")
                    .hasMessageContaining("'readings'").hasMessageContaining("formats"));
        }
    }
}
