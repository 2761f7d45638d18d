package io.sluice.events;

import static io.sluice.events.TestEvents.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.events.TestEvents.Collected;
import io.sluice.events.TestEvents.Tick;
import io.sluice.records.FormatName;
import io.sluice.remote.SpaceServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The event service's server under load it must not give in to: subscribers that take nothing,
 * events larger than the connection's frames; and what its close leaves behind.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RemoteEventServerTest {
    /** An event whose text may be larger than a frame. */
    @FormatName("org.example.Blob")
    record Blob(String text) {}

    @TempDir
    Path dir;

    private SpaceServer server(EventService service) throws Exception {
        return SpaceServer.builder(dir.resolve("space")).port(0).service(service).start();
    }

    @Test
    void subscribersWithoutCreditHoldNoWorkerOfTheServer() throws Exception {
        int serverWorkers = 2;
        EventService service = EventService.create(EventChannels.builder().workers(serverWorkers), Duration.ofSeconds(10));
        CountDownLatch release = new CountDownLatch(1);
        try (SpaceServer server = server(service);
                EventChannels slowClient = EventChannels.connect(server.uri());
                EventChannels fastClient = EventChannels.connect(server.uri())) {
            try {
                // more stuck subscriptions than the server has workers; each has room for 2 events
                for (int i = 0; i < 2 * serverWorkers + 1; i++) {
                    slowClient.subscribe("ticks", Tick.class, e -> release.await(), SubscribeOptions.defaults().withName("slow-" + i)
                            .withQueue(2, Overflow.DROP_OLDEST));
                }
                Collected<Tick> fast = new Collected<>();
                fastClient.subscribe("ticks", Tick.class, fast, SubscribeOptions.defaults().withName("fast"));
                Publisher<Tick> pub = service.space().publisher("ticks", Tick.class);
                for (int i = 0; i < 200; i++) {
                    pub.publish(new Tick(0, i));
                }
                await("the fast subscriber's 200 events while the slow ones hold theirs", () -> fast.events.size() == 200);
                assertThat(fast.values().get(199)).isEqualTo(new Tick(0, 199));
            } finally {
                release.countDown();
            }
        }
    }

    @Test
    void anEventLargerThanTheFramesIsReportedForItsSubscriptionWhichGoesOn() throws Exception {
        EventService service = EventService.create(EventChannels.builder(), Duration.ofSeconds(10));
        try (SpaceServer server = server(service); EventChannels client = EventChannels.connect(server.uri())) {
            Collected<Blob> got = new Collected<>();
            Subscription<Blob> s = client.subscribe("blobs", Blob.class, got, SubscribeOptions.defaults().withQueue(4, Overflow.BLOCK));
            Publisher<Blob> pub = service.space().publisher("blobs", Blob.class);
            pub.publish(new Blob("x".repeat(2 << 20))); // more than the default frames of 1 MiB
            for (int i = 0; i < 20; i++) { // more than the credit: the refused event's credit came back
                pub.publish(new Blob("small " + i));
            }
            await("the small events", () -> got.events.size() == 20);
            assertThat(got.values().get(0)).isEqualTo(new Blob("small 0"));
            assertThat(s.failures()).isEqualTo(1);
            assertThat(s.lastFailure()).get().extracting(Throwable::getMessage).asString()
                    .contains("blobs", "bytes of the connection's frames", "not delivered");
        }
    }

    @Test
    void closingTheServiceAndTheClientLeavesNoThreadOfTheirs() throws Exception {
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        // A lease of 3 s, renewed every second and checked every 750 ms: the sleep below lets both
        // happen. A shorter one could lapse, dropping the subscription before its events came,
        // when a loaded machine delays the renewals.
        EventService service = EventService.create(EventChannels.builder(), Duration.ofSeconds(3));
        try (SpaceServer server = server(service); EventChannels client = EventChannels.connect(server.uri())) {
            Collected<Tick> got = new Collected<>();
            client.subscribe("ticks", Tick.class, got, SubscribeOptions.defaults());
            Publisher<Tick> pub = client.publisher("ticks", Tick.class);
            for (int i = 0; i < 50; i++) {
                pub.publish(new Tick(1, i));
            }
            await("the events", () -> got.events.size() == 50);
            Thread.sleep(1500); // the lease is renewed and checked meanwhile
        }
        List<String> left = new ArrayList<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            String n = t.getName();
            if (!before.contains(t) && t.isAlive()
                    && (n.startsWith("sluice-remote-events") || n.startsWith("sluice-event-service") || n.startsWith("sluice-event-leases"))) {
                left.add(n);
            }
        }
        assertThat(left).as("threads of the event service or its client alive after close").isEmpty();
    }
}
