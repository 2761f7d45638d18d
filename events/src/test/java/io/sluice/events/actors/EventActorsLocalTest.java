package io.sluice.events.actors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.events.Event;
import io.sluice.director.Directors;
import io.sluice.events.Durability;
import io.sluice.events.EventChannels;
import io.sluice.events.Publisher;
import io.sluice.events.Start;
import io.sluice.records.actors.RecordFilter;
import io.sluice.run.RunConfig;
import io.sluice.workflow.Workflow;
import io.sluice.events.Overflow;
import io.sluice.events.SubscribeOptions;
import io.sluice.events.Subscription;
import io.sluice.records.RecordValue;
import io.sluice.run.Run;
import io.sluice.run.RunCancelledException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Workflows meet on an event space of the program that runs them, given to the registry; the runs borrow it. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class EventActorsLocalTest {
    @TempDir
    Path dir;

    @Test
    void aWorkflowBuiltInJavaForwardsFromOneChannelToAnother() throws Exception {
        try (EventChannels space = EventChannels.builder().workers(2).build()) {
            List<Event<RecordValue>> out = new CopyOnWriteArrayList<>();
            space.subscribe("high", Flows.READING, out::add, SubscribeOptions.defaults());
            Workflow workflow = Workflow.builder("forward")
                    .actor("sub", Subscribe.to(space, "readings").format(Flows.READING).start(Start.now()).endWhen("level < 0").build())
                    .actor("keep", new RecordFilter("level >= 10"))
                    .actor("pub", Publish.to(space, "high").durability(Durability.TRANSIENT))
                    .connect("sub.output", "keep.input")
                    .connect("keep.output", "pub.input")
                    .build();
            try (Run run = Directors.demandDriven().start(workflow, RunConfig.builder().timeout(Duration.ofSeconds(60)).build())) {
                EventActorsRemoteTest.awaitSubscriptions(space, 1);
                Publisher<RecordValue> pub = space.publisher("readings", Flows.READING);
                for (int level : new int[] {3, 12, 10, 9, -1, 50}) {
                    pub.publish(RecordValue.builder(Flows.READING).set("site", "roof").set("level", level).build());
                }
                run.await();
            }
            await(() -> out.size() == 2);
            assertThat(out).extracting(e -> e.value().getInt("level")).containsExactly(12, 10);
        }
    }

    @Test
    void aSubscriptionWithAFullQueueHoldsThePublishingWorkflowBack() throws Exception {
        int n = 50;
        Flows.inputs(dir, n);
        try (EventChannels space = EventChannels.builder().workers(2).build()) {
            CountDownLatch open = new CountDownLatch(1);
            List<Event<RecordValue>> seen = new CopyOnWriteArrayList<>();
            space.subscribe("readings", Flows.READING, e -> {
                open.await();
                seen.add(e);
            }, SubscribeOptions.defaults().withQueue(4, Overflow.BLOCK));
            try (Run sensor = Flows.start(Flows.workflow(dir, "sensor.json", Flows.PUBLISHER.formatted(0, ""), Flows.withLocal(space)),
                    dir.resolve("ws"))) {
                // The handler holds one event and the queue four; the publish waits for room.
                assertThat(sensor.await(Duration.ofMillis(500))).isEmpty();
                assertThat(space.channel("readings").orElseThrow().published()).isLessThanOrEqualTo(6);
                open.countDown();
                sensor.await();
            }
            await(() -> seen.size() == n);
            assertThat(seen).extracting(e -> e.value().getInt("level")).containsExactlyElementsOf(IntStream.range(0, n).boxed().toList());
        }
    }

    /** A run cancelled while its publish waits for room ends at once: the director asks the actor to stop. */
    @Test
    void aRunCancelledWhileItsPublishWaitsForRoomEnds() throws Exception {
        Flows.inputs(dir, 50);
        try (EventChannels space = EventChannels.builder().workers(2).build()) {
            CountDownLatch open = new CountDownLatch(1);
            space.subscribe("readings", Flows.READING, e -> open.await(), SubscribeOptions.defaults().withQueue(4, Overflow.BLOCK));
            try (Run sensor = Flows.start(Flows.workflow(dir, "sensor.json", Flows.PUBLISHER.formatted(0, ""), Flows.withLocal(space)),
                    dir.resolve("ws"))) {
                await(() -> space.channel("readings").map(c -> c.published() >= 5).orElse(false));
                assertThat(sensor.await(Duration.ofMillis(200))).as("the publish waits for room").isEmpty();
                sensor.cancel();
                assertThatThrownBy(() -> sensor.await(Duration.ofSeconds(10))).isInstanceOf(RunCancelledException.class);
            } finally {
                open.countDown();
            }
        }
    }

    private static void await(java.util.function.BooleanSupplier condition) throws InterruptedException {
        Flows.await(() -> "the condition", Duration.ofSeconds(30), condition);
    }

    @Test
    void twoWorkflowsAndAHandlerMeetOnTheProgramsSpaceWhichOutlivesTheirRuns() throws Exception {
        int n = 50;
        Flows.inputs(dir, n);
        try (EventChannels space = EventChannels.builder().workers(2).build()) {
            List<Event<RecordValue>> seen = new CopyOnWriteArrayList<>();
            Subscription<RecordValue> java = space.subscribe("readings", Flows.READING, seen::add, SubscribeOptions.defaults());
            // No "space" parameter: the registry's local space is the default.
            try (Run display = Flows.start(Flows.workflow(dir, "display.json", Flows.SUBSCRIBER.formatted(", \"maxEvents\": " + n),
                    Flows.withLocal(space)), dir.resolve("wd"))) {
                EventActorsRemoteTest.awaitSubscriptions(space, 2);
                try (Run sensor = Flows.start(Flows.workflow(dir, "sensor.json", Flows.PUBLISHER.formatted(0, ""), Flows.withLocal(space)),
                        dir.resolve("ws"))) {
                    sensor.await();
                }
                display.await();
            }
            List<String> expected = IntStream.range(0, n).mapToObj(Flows::reading).toList();
            assertThat(Flows.events(dir.resolve("wd"))).containsExactlyElementsOf(expected);
            assertThat(java.awaitIdle(Duration.ofSeconds(30))).isTrue();
            assertThat(seen).extracting(e -> e.value().toJson()).containsExactlyElementsOf(expected);
            // The runs closed their publisher and subscription, not the space.
            assertThat(space.channel("readings").orElseThrow().publishers()).isEmpty();
            assertThat(space.channel("readings").orElseThrow().subscriptions()).containsExactly(java.name());
            space.publisher("readings", Flows.READING).publish(RecordValue.builder(Flows.READING).set("site", "x").set("level", 1).build());
            assertThat(java.awaitIdle(Duration.ofSeconds(30))).isTrue();
            assertThat(seen).hasSize(n + 1);
        }
    }
}
