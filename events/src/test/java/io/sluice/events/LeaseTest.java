package io.sluice.events;

import static io.sluice.events.TestEvents.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.events.TestEvents.Tick;
import io.sluice.remote.SpaceServer;
import io.sluice.testing.ChildJvm;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A subscriber in another process that stops taking events holds up a publisher under BLOCK; when
 * the process dies (SIGKILL) or stops renewing its lease (SIGSTOP), the server drops it and the
 * publisher goes on.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LeaseTest {
    private static final Duration LEASE = Duration.ofMillis(1500);

    @TempDir
    Path dir;

    @Test
    void aKilledSubscriberIsDroppedAndThePublisherBlockedOnItReleased() throws Exception {
        try (SpaceServer server = SpaceServer.builder(dir).port(0)
                .service(EventService.create(EventChannels.builder(), LEASE)).start();
                EventChannels space = EventChannels.connect(server.uri());
                ChildJvm child = ChildJvm.start(RemoteSubscriberProcess.class, server.uri().toString(), "stuck")) {
            child.await("SUBSCRIBED", Duration.ofSeconds(60));
            blockedThenReleased(space, () -> child.kill());
        }
    }

    @Test
    void aSubscriberThatStopsRenewingItsLeaseIsDropped() throws Exception {
        // The connection stays open (a stopped process's socket does), and the server's heartbeat
        // limit is far longer than the lease: only the lease drops it.
        try (SpaceServer server = SpaceServer.builder(dir).port(0).heartbeatMillis(30_000)
                .service(EventService.create(EventChannels.builder(), LEASE)).start();
                EventChannels space = EventChannels.connect(server.uri());
                ChildJvm child = ChildJvm.start(RemoteSubscriberProcess.class, server.uri().toString(), "stopped")) {
            child.await("SUBSCRIBED", Duration.ofSeconds(60));
            try {
                blockedThenReleased(space, () -> signal("STOP", child.pid()));
                assertThat(child.isAlive()).isTrue();
            } finally {
                signal("CONT", child.pid());
                child.kill();
            }
        }
    }

    private interface Action {
        void run() throws Exception;
    }

    private static void blockedThenReleased(EventChannels space, Action stop) throws Exception {
        Publisher<Tick> pub = space.publisher("ticks", Tick.class);
        AtomicLong published = new AtomicLong();
        CompletableFuture<Void> publishing = CompletableFuture.runAsync(() -> {
            try {
                for (int i = 0; i < 20; i++) {
                    pub.publish(new Tick(0, i));
                    published.incrementAndGet();
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        // The child takes one event and never returns; the server's queue of one fills: the
        // publisher waits.
        Thread.sleep(1000);
        long before = published.get();
        Thread.sleep(500);
        assertThat(publishing).isNotDone();
        assertThat(published.get()).isEqualTo(before).isLessThan(20);
        assertThat(space.channel("ticks").orElseThrow().subscriptions()).hasSize(1);

        long stoppedAt = System.nanoTime();
        stop.run();
        publishing.get(30, TimeUnit.SECONDS);
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stoppedAt);
        assertThat(millis).as("released within the lease and a check's period").isLessThan(LEASE.toMillis() * 4);
        assertThat(published.get()).isEqualTo(20);
        await("the subscriber gone from the name service", () -> space.channel("ticks").orElseThrow().subscriptions().isEmpty());
    }

    private static void signal(String signal, long pid) throws Exception {
        Process p = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start();
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
    }
}
