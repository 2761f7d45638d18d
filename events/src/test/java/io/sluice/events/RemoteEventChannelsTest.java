package io.sluice.events;

import static io.sluice.events.TestEvents.WAIT;
import static io.sluice.events.TestEvents.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.events.TestEvents.Collected;
import io.sluice.events.TestEvents.Reading;
import io.sluice.events.TestEvents.ReadingV2;
import io.sluice.events.TestEvents.Tick;
import io.sluice.remote.RemoteChannels;
import io.sluice.remote.SpaceException;
import io.sluice.remote.SpaceServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Event channels hosted by a space server, used from clients over loopback. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RemoteEventChannelsTest {
    @TempDir
    Path dir;

    private SpaceServer server(EventChannels.Builder space) throws Exception {
        return SpaceServer.builder(dir.resolve("space")).port(0).service(EventService.create(space, Duration.ofSeconds(5))).start();
    }

    @Test
    void publishersAndSubscribersInOtherClientsMeetOnTheServer() throws Exception {
        try (SpaceServer server = server(EventChannels.builder());
                EventChannels a = EventChannels.connect(server.uri());
                EventChannels b = EventChannels.connect(server.uri())) {
            Collected<Reading> all = new Collected<>();
            Collected<ReadingV2> roof = new Collected<>();
            Subscription<Reading> s1 = b.subscribe("readings", Reading.class, all, SubscribeOptions.defaults().withName("all"));
            Subscription<ReadingV2> s2 = b.subscribe("readings", ReadingV2.class, roof,
                    SubscribeOptions.defaults().withFilter("station == 'roof' && level % 2 == 0"));
            Publisher<Reading> pub = a.publisher("readings", Reading.class);
            List<Long> seqs = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                seqs.add(pub.publish(new Reading(i % 3 == 0 ? "cellar" : "roof", i, i / 2.0)));
            }
            await("every event", () -> all.events.size() == 200);
            assertThat(all.seqs()).isEqualTo(seqs);
            assertThat(all.values().get(7)).isEqualTo(new Reading("roof", 7, 3.5));
            long expected = java.util.stream.IntStream.range(0, 200).filter(i -> i % 3 != 0 && i % 2 == 0).count();
            await("the filtered events", () -> roof.events.size() == expected);
            assertThat(s2.awaitIdle(WAIT)).isTrue();
            assertThat(roof.values()).allSatisfy(r -> {
                assertThat(r.station()).isEqualTo("roof");
                assertThat(r.level() % 2).isZero();
                assertThat(r.unit()).isEqualTo("volts");
            });
            assertThat(roof.events.get(0).writerFormat()).isEqualTo(io.sluice.records.RecordFormat.of(Reading.class));
            assertThat(s1.name()).isEqualTo("all");
            assertThat(s1.handled()).isEqualTo(200);
        }
    }

    @Test
    void aFilterThatDoesNotCompileIsRefusedWithItsPosition() throws Exception {
        try (SpaceServer server = server(EventChannels.builder()); EventChannels c = EventChannels.connect(server.uri())) {
            assertThatThrownBy(() -> c.subscribe("readings", Reading.class, e -> {},
                    SubscribeOptions.defaults().withFilter("level > 'x' &&")))
                    .isInstanceOfSatisfying(FilterException.class, f -> {
                        assertThat(f.expression()).isEqualTo("level > 'x' &&");
                        assertThat(f.line()).isEqualTo(1);
                        assertThat(f.column()).isPositive();
                    });
            Subscription<Reading> s = c.subscribe("readings", Reading.class, e -> {}, SubscribeOptions.defaults());
            assertThatThrownBy(() -> s.updateFilter("nosuchfield > 1")).isInstanceOf(FilterException.class)
                    .hasMessageContaining("nosuchfield");
            assertThatThrownBy(() -> c.subscribe("readings", TestEvents.Alarm.class, e -> {}, SubscribeOptions.defaults()))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void aFilterChangedLiveAppliesAtTheServer() throws Exception {
        try (SpaceServer server = server(EventChannels.builder());
                EventChannels c = EventChannels.connect(server.uri())) {
            Collected<Tick> got = new Collected<>();
            Subscription<Tick> s = c.subscribe("ticks", Tick.class, got, SubscribeOptions.defaults().withFilter("n < 10"));
            Publisher<Tick> p = c.publisher("ticks", Tick.class);
            for (int i = 0; i < 20; i++) {
                p.publish(new Tick(0, i));
            }
            await("the first ten", () -> got.events.size() == 10);
            s.updateFilter("n >= 30");
            for (int i = 20; i < 40; i++) {
                p.publish(new Tick(0, i));
            }
            await("the last ten", () -> got.events.size() == 20);
            assertThat(got.values()).extracting(Tick::n).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L,
                    30L, 31L, 32L, 33L, 34L, 35L, 36L, 37L, 38L, 39L);
        }
    }

    @Test
    void durableChannelsStartFromTheBeginningASeqOrAfterTheAcknowledged() throws Exception {
        try (SpaceServer server = server(EventChannels.builder().directory(dir.resolve("events")));
                EventChannels c = EventChannels.connect(server.uri())) {
            Publisher<Tick> p = c.publisher("ticks", Tick.class);
            for (int i = 0; i < 100; i++) {
                p.publish(new Tick(1, i));
            }
            Collected<Tick> late = new Collected<>();
            c.subscribe("ticks", Tick.class, late, SubscribeOptions.defaults().withStart(Start.beginning()));
            await("every event from seq 0", () -> late.events.size() == 100);
            assertThat(late.seqs()).isEqualTo(java.util.stream.LongStream.range(0, 100).boxed().toList());

            Collected<Tick> from = new Collected<>();
            c.subscribe("ticks", Tick.class, from, SubscribeOptions.defaults().withStart(Start.at(90)));
            await("events from seq 90", () -> from.events.size() == 10);
            assertThat(from.events.get(0).seq()).isEqualTo(90);

            Collected<Tick> acked = new Collected<>();
            Subscription<Tick> named = c.subscribe("ticks", Tick.class, acked,
                    SubscribeOptions.defaults().withName("worker").withStart(Start.beginning()));
            await("the named subscription's events", () -> acked.events.size() == 100);
            named.acknowledge(59);
            named.cancel();
            Collected<Tick> resumed = new Collected<>();
            await("the name free again", () -> c.channel("ticks").orElseThrow().subscriptions().stream().noneMatch("worker"::equals));
            c.subscribe("ticks", Tick.class, resumed, SubscribeOptions.defaults().withName("worker"));
            await("the events after the acknowledged", () -> resumed.events.size() == 40);
            assertThat(resumed.events.get(0).seq()).isEqualTo(60);

            Collected<Tick> now = new Collected<>();
            c.subscribe("ticks", Tick.class, now, SubscribeOptions.defaults().withStart(Start.now()));
            p.publish(new Tick(1, 100));
            await("only the new event", () -> now.events.size() == 1);
            assertThat(now.events.get(0).seq()).isEqualTo(100);
        }
    }

    @Test
    void transientChannelsRefuseStartsTheyCannotServe() throws Exception {
        try (SpaceServer server = server(EventChannels.builder()); EventChannels c = EventChannels.connect(server.uri())) {
            c.declare("ticks", io.sluice.records.RecordFormat.of(Tick.class), Durability.TRANSIENT);
            assertThatThrownBy(() -> c.subscribe("ticks", Tick.class, e -> {}, SubscribeOptions.defaults().withStart(Start.beginning())))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ticks");
        }
    }

    @Test
    void theNameServiceListsChannelsWithTheirPublishersAndSubscribersByRegex() throws Exception {
        try (SpaceServer server = server(EventChannels.builder()); EventChannels c = EventChannels.connect(server.uri())) {
            c.publisher("sensors.roof", Reading.class);
            c.subscribe("sensors.roof", Reading.class, e -> {}, SubscribeOptions.defaults().withName("display"));
            c.publisher("sensors.cellar", Reading.class);
            c.subscribe("alarms", TestEvents.Alarm.class, e -> {}, SubscribeOptions.defaults().withName("pager"));
            List<ChannelInfo> sensors = c.channels(Pattern.compile("sensors\\..*"));
            Map<String, ChannelInfo> byName = new HashMap<>();
            sensors.forEach(i -> byName.put(i.name(), i));
            assertThat(byName).containsOnlyKeys("sensors.roof", "sensors.cellar");
            assertThat(byName.get("sensors.roof").subscriptions()).containsExactly("display");
            assertThat(byName.get("sensors.roof").publishers()).hasSize(1);
            assertThat(c.channel("alarms").orElseThrow().subscriptions()).containsExactly("pager");
            assertThat(c.channels()).hasSize(3);
            assertThatThrownBy(() -> c.channels(Pattern.compile("("))).isInstanceOf(Exception.class);
        }
    }

    @Test
    void aSubscriberThatThrowsIsReportedAndGoesOn() throws Exception {
        try (SpaceServer server = server(EventChannels.builder()); EventChannels c = EventChannels.connect(server.uri())) {
            Collected<Tick> got = new Collected<>();
            Subscription<Tick> s = c.subscribe("ticks", Tick.class, e -> {
                if (e.value().n() == 3) {
                    throw new IllegalStateException("three");
                }
                got.handle(e);
            }, SubscribeOptions.defaults());
            Publisher<Tick> p = c.publisher("ticks", Tick.class);
            for (int i = 0; i < 6; i++) {
                p.publish(new Tick(0, i));
            }
            await("the others", () -> got.events.size() == 5);
            assertThat(s.failures()).isEqualTo(1);
            assertThat(s.lastFailure().orElseThrow()).hasMessageContaining("ticks").hasMessageContaining("three");
        }
    }

    @Test
    void aSpaceWithoutEventChannelsIsRefusedByName() throws Exception {
        try (SpaceServer plain = SpaceServer.builder(dir.resolve("plain")).port(0).start()) {
            assertThatThrownBy(() -> EventChannels.connect(plain.uri(), RemoteChannels.options()))
                    .isInstanceOf(SpaceException.class).hasMessageContaining("sluice.events");
        }
    }
}
