package io.sluice.events;

import static io.sluice.events.TestEvents.WAIT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.events.TestEvents.Collected;
import io.sluice.events.TestEvents.Reading;
import io.sluice.events.TestEvents.ReadingV2;
import io.sluice.records.RecordFormat;
import io.sluice.records.RecordValue;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FilterTest {
    @TempDir
    Path dir;

    @Test
    void onlyEventsTheFilterPassesAreHandled() throws Exception {
        for (EventChannels space : List.of(EventChannels.local(), EventChannels.local(dir))) {
            try (space) {
                Collected<Reading> got = new Collected<>();
                Subscription<Reading> sub = space.subscribe("readings", Reading.class, got, SubscribeOptions.defaults()
                        .withStart(Start.now()).withFilter("level >= 5 && site.startsWith('ro') && value < 8.0"));
                Publisher<Reading> pub = space.publisher("readings", Reading.class);
                for (int i = 0; i < 10; i++) {
                    pub.publish(new Reading(i % 3 == 0 ? "cellar" : "roof", i, i));
                }
                assertThat(sub.awaitIdle(WAIT)).isTrue();
                assertThat(got.values()).extracting(Reading::level).containsExactly(5, 7);
                assertThat(sub.filter()).startsWith("level >= 5");
            }
        }
    }

    @Test
    void aFilterIsCompiledAgainstTheSubscriptionsOwnFormat() throws Exception {
        try (EventChannels space = EventChannels.local()) {
            space.declare("readings", RecordFormat.of(Reading.class), Durability.TRANSIENT);
            Collected<ReadingV2> got = new Collected<>();
            // 'station' and 'unit' are V2's names: the V1 events are read as V2 before the filter.
            Subscription<ReadingV2> sub = space.subscribe("readings", ReadingV2.class, got,
                    SubscribeOptions.defaults().withFilter("station == 'roof' && unit == 'volts'"));
            assertThatThrownBy(() -> space.subscribe("readings", ReadingV2.class, e -> {},
                    SubscribeOptions.defaults().withFilter("site == 'roof'")))
                    .isInstanceOf(FilterException.class).hasMessageContaining("site");
            Publisher<Reading> pub = space.publisher("readings", Reading.class);
            pub.publish(new Reading("roof", 1, 1));
            pub.publish(new Reading("cellar", 2, 2));
            assertThat(sub.awaitIdle(WAIT)).isTrue();
            assertThat(got.values()).extracting(ReadingV2::station).containsExactly("roof");
        }
    }

    @Test
    void aMalformedFilterIsRefusedWithThePositionOfTheError() {
        try (EventChannels space = EventChannels.local()) {
            FilterException e = org.junit.jupiter.api.Assertions.assertThrows(FilterException.class,
                    () -> space.subscribe("readings", Reading.class, x -> {},
                            SubscribeOptions.defaults().withName("bad").withFilter("level > && site == 'a'")));
            assertThat(e.line()).isEqualTo(1);
            assertThat(e.column()).isEqualTo(9);
            assertThat(e.expression()).isEqualTo("level > && site == 'a'");
            assertThat(e).hasMessageContaining("channel 'readings', subscription 'bad'").hasMessageContaining("line 1, column 9");
            assertThatThrownBy(() -> space.subscribe("readings", Reading.class, x -> {},
                    SubscribeOptions.defaults().withFilter("level + 1")))
                    .isInstanceOf(FilterException.class).hasMessageContaining("int").hasMessageContaining("bool");
            assertThatThrownBy(() -> space.subscribe("readings", Reading.class, x -> {},
                    SubscribeOptions.defaults().withFilter("size > 3")))
                    .isInstanceOf(FilterException.class).hasMessageContaining("size");
            assertThatThrownBy(() -> space.subscribe("readings", Reading.class, x -> {},
                    SubscribeOptions.defaults().withFilter("site > 3")))
                    .isInstanceOf(FilterException.class).hasMessageContaining("column");
            // CEL does not mix int and double in arithmetic; a conversion does.
            assertThatThrownBy(() -> space.subscribe("readings", Reading.class, x -> {},
                    SubscribeOptions.defaults().withFilter("level * 2.0 > 1.0")))
                    .isInstanceOf(FilterException.class);
            assertThat(space.subscribe("readings", Reading.class, x -> {},
                    SubscribeOptions.defaults().withName("converted").withFilter("double(level) * 2.0 > 1.0")).filter())
                    .isEqualTo("double(level) * 2.0 > 1.0");
            space.subscribe("readings", Reading.class, x -> {}, SubscribeOptions.defaults()).cancel();
            assertThat(space.channel("readings").orElseThrow().subscriptions()).containsExactly("converted");
            // Nothing else was subscribed.
        }
    }

    @Test
    void filteredOutEventsAreNeverQueued() throws Exception {
        try (EventChannels space = EventChannels.local()) {
            CountDownLatch open = new CountDownLatch(1);
            // A queue of one, blocking, and a handler that waits: only filtered-out events can pass.
            Subscription<Reading> sub = space.subscribe("readings", Reading.class, e -> open.await(),
                    SubscribeOptions.defaults().withQueue(1, Overflow.BLOCK).withFilter("level == 0"));
            Publisher<Reading> pub = space.publisher("readings", Reading.class);
            pub.publish(new Reading("roof", 0, 0)); // taken by the handler, which waits
            for (int i = 1; i <= 1000; i++) {
                pub.publish(new Reading("roof", i, 0)); // would block at the second if queued
            }
            open.countDown();
            assertThat(sub.awaitIdle(WAIT)).isTrue();
            assertThat(sub.handled()).isEqualTo(1);
        }
    }

    @Test
    void aFilterThatFailsOnAnEventDropsItForItsSubscriptionAndSaysSo() throws Exception {
        List<Throwable> errors = new CopyOnWriteArrayList<>();
        try (EventChannels space = EventChannels.builder().errorListener((s, seq, e) -> errors.add(e)).build()) {
            Collected<Reading> got = new Collected<>();
            Subscription<Reading> sub = space.subscribe("readings", Reading.class, got,
                    SubscribeOptions.defaults().withName("divider").withFilter("10 / level > 2"));
            Publisher<Reading> pub = space.publisher("readings", Reading.class);
            pub.publish(new Reading("roof", 0, 0));
            pub.publish(new Reading("roof", 2, 0));
            assertThat(sub.awaitIdle(WAIT)).isTrue();
            assertThat(got.values()).extracting(Reading::level).containsExactly(2);
            assertThat(errors).singleElement().satisfies(e -> assertThat(e).hasMessageContaining("subscription 'divider'")
                    .hasMessageContaining("event 0").hasMessageContaining("10 / level > 2"));
        }
    }

    @Test
    void filtersSeeOptionalListAndNestedFields() throws Exception {
        RecordFormat f = RecordFormat.parse("""
                {"type": "record", "name": "Obs", "fields": [
                  {"name": "tags", "type": {"type": "array", "items": "string"}},
                  {"name": "note", "type": ["null", "string"], "default": null},
                  {"name": "at", "type": {"type": "record", "name": "Point", "fields": [{"name": "x", "type": "int"}]}},
                  {"name": "raw", "type": "bytes"}]}""");
        try (EventChannels space = EventChannels.local()) {
            Collected<RecordValue> got = new Collected<>();
            Subscription<RecordValue> sub = space.subscribe("obs", f, got, SubscribeOptions.defaults()
                    .withFilter("'hot' in tags && note != null && at.x > 1 && size(raw) == 2"));
            Publisher<RecordValue> pub = space.publisher("obs", f);
            RecordFormat point = f.nestedFormat("Point");
            for (int x = 0; x < 4; x++) {
                pub.publish(RecordValue.builder(f).set("tags", List.of("hot", "dry")).set("note", x == 3 ? null : "n")
                        .set("at", RecordValue.builder(point).set("x", x).build()).set("raw", new byte[] {1, 2}).build());
            }
            assertThat(sub.awaitIdle(WAIT)).isTrue();
            assertThat(got.values()).singleElement().satisfies(v -> assertThat(((RecordValue) v.get("at")).getInt("x")).isEqualTo(2));
        }
    }
}
