package io.sluice.events.actors;

import static io.sluice.events.actors.Flows.reading;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.events.ChannelInfo;
import io.sluice.events.Event;
import io.sluice.events.EventChannels;
import io.sluice.events.SubscribeOptions;
import io.sluice.events.Subscription;
import io.sluice.records.RecordValue;
import io.sluice.remote.SpaceServer;
import io.sluice.run.Run;
import io.sluice.run.RunCancelledException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * JSON workflows publish to and subscribe from event channels of a space server on loopback: one
 * workflow's events are consumed by another workflow and by a plain Java subscriber while it runs.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class EventActorsRemoteTest {
    @TempDir
    Path dir;

    @Test
    void aSecondWorkflowAndAJavaSubscriberGetEveryEventOnceInOrderWhileTheFirstRuns() throws Exception {
        int n = 200;
        Flows.inputs(dir, n);
        try (SpaceServer server = Flows.server(dir, null); EventChannels watcher = EventChannels.connect(server.uri())) {
            String space = ", \"space\": \"" + server.uri() + "\"";
            // The consumer workflow subscribes first (a transient channel keeps no events) and ends after n events.
            Run display = Flows.start(Flows.workflow(dir, "display.json", Flows.SUBSCRIBER.formatted(space
                    + ", \"format\": \"reading.avsc\", \"start\": \"now\", \"maxEvents\": " + n), Flows.discovered()), dir.resolve("wd"));
            try {
                awaitSubscriptions(watcher, 1);
                AtomicBoolean sensorEnded = new AtomicBoolean();
                AtomicBoolean firstBeforeEnd = new AtomicBoolean();
                List<Event<RecordValue>> seen = new CopyOnWriteArrayList<>();
                Subscription<RecordValue> java = watcher.subscribe("readings", Flows.READING, e -> {
                    if (seen.isEmpty()) {
                        firstBeforeEnd.set(!sensorEnded.get());
                    }
                    seen.add(e);
                }, SubscribeOptions.defaults().withName("java"));
                try (Run sensor = Flows.start(Flows.workflow(dir, "sensor.json", Flows.PUBLISHER.formatted(2, space), Flows.discovered()),
                        dir.resolve("ws"))) {
                    sensor.await();
                    sensorEnded.set(true);
                }
                display.await();
                List<String> expected = IntStream.range(0, n).mapToObj(Flows::reading).collect(Collectors.toList());
                assertThat(Flows.events(dir.resolve("wd"))).containsExactlyElementsOf(expected);
                assertThat(java.awaitIdle(Duration.ofSeconds(30))).isTrue();
                assertThat(seen).extracting(e -> e.value().toJson()).containsExactlyElementsOf(expected);
                assertThat(seen).extracting(Event::seq).containsExactlyElementsOf(IntStream.range(0, n).mapToObj(i -> (long) i).toList());
                assertThat(firstBeforeEnd).as("an event was consumed while the publishing run went on").isTrue();
                // The ended runs closed their publisher and subscription at the server.
                awaitSubscriptions(watcher, 1);
                ChannelInfo info = watcher.channel("readings").orElseThrow();
                assertThat(info.publishers()).isEmpty();
                assertThat(info.subscriptions()).containsExactly("java");
            } finally {
                display.close();
            }
        }
    }

    @Test
    void aFilterAndAnEndMarkerOnAPersistentChannelReadFromTheBeginning() throws Exception {
        int n = 100;
        Flows.inputs(dir, n, "{\"site\":\"end\",\"level\":-1}", reading(1000));
        try (SpaceServer server = Flows.server(dir, dir.resolve("events"))) {
            String space = ", \"space\": \"" + server.uri() + "\"";
            // Published first, with the channel declared persistent; read afterwards from the start.
            try (Run sensor = Flows.start(Flows.workflow(dir, "sensor.json",
                    Flows.PUBLISHER.formatted(0, space + ", \"format\": \"reading.avsc\", \"durability\": \"persistent\""),
                    Flows.discovered()), dir.resolve("ws"))) {
                sensor.await();
            }
            try (Run display = Flows.start(Flows.workflow(dir, "display.json", Flows.SUBSCRIBER.formatted(space
                    + ", \"start\": \"beginning\", \"filter\": \"level % 2 == 0 && site == 'roof'\", \"endWhen\": \"level < 0\""
                    + ", \"name\": \"evens\""), Flows.discovered()), dir.resolve("wd"))) {
                display.await();
            }
            assertThat(Flows.events(dir.resolve("wd"))).containsExactlyElementsOf(IntStream.range(0, n)
                    .filter(i -> i % 2 == 0 && i % 3 != 0).mapToObj(Flows::reading).toList());
            // The subscription acknowledged up to the end marker: the same name goes on after it.
            try (Run again = Flows.start(Flows.workflow(dir, "again.json", Flows.SUBSCRIBER.formatted(space
                    + ", \"name\": \"evens\", \"maxEvents\": 1"), Flows.discovered()), dir.resolve("wa"))) {
                again.await();
            }
            assertThat(Flows.events(dir.resolve("wa"))).containsExactly(reading(1000));
        }
    }

    @Test
    void anIdleTimeoutEndsASubscriptionThatGetsNoEvents() throws Exception {
        Flows.inputs(dir, 0);
        try (SpaceServer server = Flows.server(dir, null)) {
            try (Run display = Flows.start(Flows.workflow(dir, "display.json", Flows.SUBSCRIBER.formatted(", \"space\": \""
                    + server.uri() + "\", \"format\": \"reading.avsc\", \"idleTimeout\": 300"), Flows.discovered()), dir.resolve("wd"))) {
                display.await();
            }
            assertThat(Flows.events(dir.resolve("wd"))).isEmpty();
        }
    }

    @Test
    void aCancelledRunWhoseSubscribeWaitsStopsAndLeavesTheServer() throws Exception {
        Flows.inputs(dir, 0);
        try (SpaceServer server = Flows.server(dir, null); EventChannels watcher = EventChannels.connect(server.uri())) {
            // No end rule: it would put events until the run stops.
            try (Run display = Flows.start(Flows.workflow(dir, "display.json", Flows.SUBSCRIBER.formatted(", \"space\": \""
                    + server.uri() + "\", \"format\": \"reading.avsc\""), Flows.discovered()), dir.resolve("wd"))) {
                awaitSubscriptions(watcher, 1);
                display.cancel();
                assertThatThrownBy(display::await).isInstanceOf(RunCancelledException.class);
            }
            awaitSubscriptions(watcher, 0);
        }
    }

    @Test
    void aServerWithATokenIsReachedWithTheTokenFile() throws Exception {
        Flows.inputs(dir, 0);
        java.nio.file.Files.writeString(dir.resolve("token.txt"), "s3cret\n");
        try (SpaceServer server = SpaceServer.builder(dir.resolve("space")).port(0).token("s3cret")
                .service(io.sluice.events.EventService.create(EventChannels.builder(), Duration.ofSeconds(5))).start()) {
            String params = ", \"space\": \"" + server.uri() + "\", \"format\": \"reading.avsc\", \"idleTimeout\": 200";
            try (Run refused = Flows.start(Flows.workflow(dir, "a.json", Flows.SUBSCRIBER.formatted(params), Flows.discovered()),
                    dir.resolve("wa"))) {
                assertThatThrownBy(refused::await).hasMessageContaining("actor 'sub'").hasMessageContaining(server.uri().toString())
                        .hasMessageContaining("cannot reach the event space");
            }
            try (Run admitted = Flows.start(Flows.workflow(dir, "b.json", Flows.SUBSCRIBER.formatted(params
                    + ", \"tokenFile\": \"token.txt\""), Flows.discovered()), dir.resolve("wb"))) {
                admitted.await();
            }
            assertThat(Flows.events(dir.resolve("wb"))).isEmpty();
        }
    }

    static void awaitSubscriptions(EventChannels space, int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            Optional<ChannelInfo> info = space.channel("readings");
            if (info.isPresent() && info.get().subscriptions().size() == count) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the channel readings never had " + count + " subscriptions: " + info);
            }
            Thread.sleep(10);
        }
    }
}
