package io.sluice.events;

import static io.sluice.events.TestEvents.WAIT;
import static io.sluice.events.TestEvents.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.events.TestEvents.Alarm;
import io.sluice.events.TestEvents.Collected;
import io.sluice.events.TestEvents.Reading;
import io.sluice.events.TestEvents.ReadingV2;
import io.sluice.records.IncompatibleFormatsException;
import io.sluice.records.RecordFormat;
import io.sluice.records.RecordValue;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LocalEventChannelsTest {

    @Test
    void aSubscriberReceivesWhatIsPublishedInOrder() throws Exception {
        try (EventChannels space = EventChannels.local()) {
            Collected<Reading> got = new Collected<>();
            Subscription<Reading> sub = space.subscribe("readings", Reading.class, got, SubscribeOptions.defaults());
            Publisher<Reading> pub = space.publisher("readings", Reading.class);
            for (int i = 0; i < 100; i++) {
                assertThat(pub.publish(new Reading("roof", i, i / 2.0))).isEqualTo(i);
            }
            assertThat(sub.awaitIdle(WAIT)).isTrue();
            assertThat(got.values()).hasSize(100);
            assertThat(got.values().get(42)).isEqualTo(new Reading("roof", 42, 21.0));
            assertThat(got.seqs()).isSorted();
            assertThat(sub.handled()).isEqualTo(100);
            assertThat(space.channel("readings").orElseThrow().published()).isEqualTo(100);
            assertThat(space.channel("readings").orElseThrow().subscriptions()).containsExactly(sub.name());
        }
    }

    @Test
    void workersThatSpinBeforeTheyParkDeliverAlike() throws Exception {
        try (EventChannels space = EventChannels.builder().workers(1).workerSpin(java.time.Duration.ofNanos(20_000)).build()) {
            Collected<Reading> got = new Collected<>();
            Subscription<Reading> sub = space.subscribe("readings", Reading.class, got, SubscribeOptions.defaults());
            Publisher<Reading> pub = space.publisher("readings", Reading.class);
            for (int i = 0; i < 1000; i++) {
                pub.publish(new Reading("roof", i, i));
                if (i % 100 == 0) {
                    Thread.sleep(1); // let the worker go idle and park
                }
            }
            assertThat(sub.awaitIdle(WAIT)).isTrue();
            assertThat(got.values()).extracting(Reading::level).isSorted().hasSize(1000);
        }
    }

    @Test
    void aSubscriberOfANewerVersionReceivesByFieldName() throws Exception {
        try (EventChannels space = EventChannels.local()) {
            Collected<ReadingV2> v2 = new Collected<>();
            Collected<RecordValue> generic = new Collected<>();
            RecordFormat v2Format = RecordFormat.of(ReadingV2.class);
            space.declare("readings", RecordFormat.of(Reading.class), Durability.TRANSIENT);
            Subscription<ReadingV2> s1 = space.subscribe("readings", ReadingV2.class, v2, SubscribeOptions.defaults());
            Subscription<RecordValue> s2 = space.subscribe("readings", v2Format, generic, SubscribeOptions.defaults());
            space.publisher("readings", Reading.class).publish(new Reading("roof", 12, 3.5));
            assertThat(s1.awaitIdle(WAIT) && s2.awaitIdle(WAIT)).isTrue();
            assertThat(v2.values()).containsExactly(new ReadingV2("roof", 12, 3.5, "volts"));
            assertThat(generic.values().get(0).toJson()).isEqualTo("{\"station\":\"roof\",\"level\":12,\"value\":3.5,\"unit\":\"volts\"}");
            assertThat(v2.events.get(0).writerFormat()).isEqualTo(RecordFormat.of(Reading.class));
        }
    }

    @Test
    void aNewerPublisherReachesAnOlderSubscriberOnTheSameChannel() throws Exception {
        try (EventChannels space = EventChannels.local()) {
            Collected<Reading> v1 = new Collected<>();
            // V2 publishes station/level(long)/value/unit; V1 reads site (no alias on its side) ...
            // so V1 cannot read V2: refused when the publisher is made, naming both formats.
            space.subscribe("readings", Reading.class, v1, SubscribeOptions.defaults());
            assertThatThrownBy(() -> space.publisher("readings", ReadingV2.class))
                    .isInstanceOf(IncompatibleFormatsException.class)
                    .hasMessageContaining("Reading@");
        }
    }

    @Test
    void anEventOfAnotherFormatIsRefusedNamingBoth() throws Exception {
        try (EventChannels space = EventChannels.local()) {
            RecordFormat reading = RecordFormat.of(Reading.class);
            RecordFormat alarm = RecordFormat.of(Alarm.class);
            Publisher<RecordValue> pub = space.publisher("readings", reading);
            RecordValue wrong = RecordValue.builder(alarm).set("what", "fire").set("severity", 3).build();
            assertThatThrownBy(() -> pub.publish(wrong)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("org.example.Alarm").hasMessageContaining("org.example.Reading")
                    .hasMessageContaining("'readings'");
            // A publisher or subscription of another format on the channel is refused too.
            assertThatThrownBy(() -> space.publisher("readings", Alarm.class)).isInstanceOf(IncompatibleFormatsException.class)
                    .hasMessageContaining("Alarm").hasMessageContaining("Reading");
            assertThatThrownBy(() -> space.subscribe("readings", Alarm.class, e -> {}, SubscribeOptions.defaults()))
                    .isInstanceOf(IncompatibleFormatsException.class).hasMessageContaining("Alarm").hasMessageContaining("Reading");
            assertThatThrownBy(() -> space.declare("readings", alarm, Durability.TRANSIENT))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("org.example.Alarm")
                    .hasMessageContaining("org.example.Reading");
        }
    }

    @Test
    void aThrowingHandlerIsReportedWithItsSubscriptionAndTheOthersGoOn() throws Exception {
        List<String> errors = new CopyOnWriteArrayList<>();
        try (EventChannels space = EventChannels.builder()
                .errorListener((s, seq, e) -> errors.add(s.name() + "@" + seq + ": " + e.getMessage())).build()) {
            Collected<Reading> good = new Collected<>();
            Subscription<Reading> bad = space.subscribe("readings", Reading.class, e -> {
                if (e.value().level() % 2 == 0) {
                    throw new IllegalStateException("even level " + e.value().level());
                }
            }, SubscribeOptions.defaults().withName("picky"));
            Subscription<Reading> ok = space.subscribe("readings", Reading.class, good, SubscribeOptions.defaults());
            Publisher<Reading> pub = space.publisher("readings", Reading.class);
            for (int i = 0; i < 10; i++) {
                pub.publish(new Reading("roof", i, 0));
            }
            assertThat(bad.awaitIdle(WAIT) && ok.awaitIdle(WAIT)).isTrue();
            assertThat(good.values()).hasSize(10);
            assertThat(bad.handled()).isEqualTo(10);
            assertThat(bad.failures()).isEqualTo(5);
            assertThat(bad.state()).isEqualTo(SubscriptionState.ACTIVE);
            assertThat(errors).hasSize(5).allSatisfy(m -> assertThat(m).contains("channel 'readings', subscription 'picky'"));
            assertThat(errors.get(0)).startsWith("picky@0: ").contains("event 0").contains("even level 0");
            assertThat(bad.lastFailure().orElseThrow()).isInstanceOf(EventException.class)
                    .hasMessageContaining("event 8").hasCauseInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void aCancelledSubscriptionReceivesNoMore() throws Exception {
        try (EventChannels space = EventChannels.local()) {
            Collected<Reading> got = new Collected<>();
            Subscription<Reading> sub = space.subscribe("readings", Reading.class, got, SubscribeOptions.defaults());
            Publisher<Reading> pub = space.publisher("readings", Reading.class);
            pub.publish(new Reading("a", 1, 1));
            assertThat(sub.awaitIdle(WAIT)).isTrue();
            sub.cancel();
            pub.publish(new Reading("b", 2, 2));
            assertThat(sub.state()).isEqualTo(SubscriptionState.CANCELLED);
            assertThat(got.values()).containsExactly(new Reading("a", 1, 1));
            assertThat(space.channel("readings").orElseThrow().subscriptions()).isEmpty();
        }
    }

    @Test
    void namesAreUniquePerChannelAndATransientChannelCannotStartInThePast() {
        try (EventChannels space = EventChannels.local()) {
            space.subscribe("readings", Reading.class, e -> {}, SubscribeOptions.defaults().withName("one"));
            assertThatThrownBy(() -> space.subscribe("readings", Reading.class, e -> {}, SubscribeOptions.defaults().withName("one")))
                    .hasMessageContaining("'readings' has a subscription named 'one'");
            assertThatThrownBy(() -> space.subscribe("readings", Reading.class, e -> {},
                    SubscribeOptions.defaults().withStart(Start.beginning())))
                    .hasMessageContaining("transient");
            assertThatThrownBy(() -> space.declare("other", RecordFormat.of(Reading.class), Durability.PERSISTENT))
                    .hasMessageContaining("no directory");
        }
    }

    @Test
    void closingTheSpaceStopsItsWorkersAndRefusesPublishing() throws Exception {
        EventChannels space = EventChannels.builder().workers(1).build();
        Publisher<Reading> pub = space.publisher("readings", Reading.class);
        List<Thread> workers = new CopyOnWriteArrayList<>();
        Subscription<Reading> sub = space.subscribe("readings", Reading.class, e -> workers.add(Thread.currentThread()),
                SubscribeOptions.defaults());
        pub.publish(new Reading("a", 1, 1));
        assertThat(sub.awaitIdle(WAIT)).isTrue();
        space.close();
        assertThat(sub.state()).isEqualTo(SubscriptionState.CANCELLED);
        assertThatThrownBy(() -> pub.publish(new Reading("b", 1, 1))).isInstanceOf(IllegalStateException.class);
        assertThat(workers).hasSize(1);
        workers.get(0).join(WAIT.toMillis());
        assertThat(workers.get(0).isAlive()).isFalse();
    }
}
