package io.sluice.events;

import static io.sluice.events.TestEvents.WAIT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.events.TestEvents.Collected;
import io.sluice.events.TestEvents.Reading;
import io.sluice.records.RecordFormat;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Refusals and misuse, besides those of formats and filters in the other tests. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BadInputTest {
    @TempDir
    Path dir;

    @Test
    void badNamesCapacitiesAndSeqsAreRefused() {
        assertThatThrownBy(() -> SubscribeOptions.defaults().withName("a/b")).hasMessageContaining("'a/b'");
        assertThatThrownBy(() -> SubscribeOptions.defaults().withQueue(0, Overflow.BLOCK)).hasMessageContaining("at least 1");
        assertThatThrownBy(() -> Start.at(-1)).hasMessageContaining("-1");
        assertThatThrownBy(() -> EventChannels.builder().workers(0)).hasMessageContaining("at least 1 worker");
        try (EventChannels space = EventChannels.local()) {
            assertThatThrownBy(() -> space.publisher("no/slash", Reading.class)).hasMessageContaining("'no/slash'");
            Subscription<Reading> sub = space.subscribe("readings", Reading.class, e -> {}, SubscribeOptions.defaults());
            assertThatThrownBy(() -> sub.acknowledge(-2)).hasMessageContaining("negative");
            sub.acknowledge(5);
            sub.acknowledge(3);
            assertThat(sub.acknowledged()).isEqualTo(5);
        }
    }

    @Test
    void waitingForTheWorkersFromAHandlerIsRefused() throws Exception {
        List<Throwable> errors = new CopyOnWriteArrayList<>();
        try (EventChannels space = EventChannels.builder().errorListener((s, seq, e) -> errors.add(e.getCause())).build()) {
            Subscription<Reading> sub = space.subscribe("readings", Reading.class, e -> space.close(), SubscribeOptions.defaults());
            Subscription<Reading> other = space.subscribe("readings", Reading.class,
                    e -> sub.awaitIdle(WAIT), SubscribeOptions.defaults());
            space.publisher("readings", Reading.class).publish(new Reading("a", 1, 1));
            assertThat(sub.awaitIdle(WAIT) && other.awaitIdle(WAIT)).isTrue();
            assertThat(errors).hasSize(2).allSatisfy(e -> assertThat(e).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("from a handler"));
        }
    }

    @Test
    void channelsAreListedByRegularExpression() {
        try (EventChannels space = EventChannels.local()) {
            space.declare("model.x", RecordFormat.of(Reading.class), Durability.TRANSIENT);
            space.declare("model.y", RecordFormat.of(Reading.class), Durability.TRANSIENT);
            space.declare("display", RecordFormat.of(Reading.class), Durability.TRANSIENT);
            space.publisher("model.y", Reading.class);
            assertThat(space.channels(Pattern.compile("model\\..*"))).extracting(ChannelInfo::name)
                    .containsExactly("model.x", "model.y");
            assertThat(space.channels(Pattern.compile("model"))).isEmpty();
            assertThat(space.channel("model.y").orElseThrow().publishers()).containsExactly(RecordFormat.of(Reading.class));
        }
    }

    @Test
    void aPersistentSubscriptionCanStartBeyondTheEndAndGoesOnAfterAFailure() throws Exception {
        List<Long> failed = new CopyOnWriteArrayList<>();
        try (EventChannels space = EventChannels.builder().directory(dir).errorListener((s, seq, e) -> failed.add(seq)).build()) {
            Publisher<Reading> pub = space.publisher("readings", Reading.class);
            pub.publish(new Reading("a", 0, 0));
            Collected<Reading> got = new Collected<>();
            Subscription<Reading> sub = space.subscribe("readings", Reading.class, e -> {
                if (e.value().level() == 3) {
                    throw new IllegalArgumentException("three");
                }
                got.handle(e);
            }, SubscribeOptions.defaults().withStart(Start.at(2)));
            for (int i = 1; i < 6; i++) {
                pub.publish(new Reading("a", i, 0));
            }
            assertThat(sub.awaitIdle(WAIT)).isTrue();
            assertThat(got.seqs()).containsExactly(2L, 4L, 5L);
            assertThat(failed).containsExactly(3L);
            assertThat(sub.failures()).isEqualTo(1);
            assertThat(sub.handled()).isEqualTo(4);
        }
    }
}
