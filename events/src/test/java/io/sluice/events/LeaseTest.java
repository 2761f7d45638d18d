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
    /**
     * The server's lease. The child renews it every third of it; a shorter one could lapse while
     * the child is still subscribed and well, when a loaded machine delays its renewals.
     */
    private static final Duration LEASE = Duration.ofSeconds(3);

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
        // publisher waits. Waited for until the count holds still for half a second (however long
        // a loaded machine takes to get there), then it must still be short of all 20.
        long before;
        do {
            before = published.get();
            Thread.sleep(500);
        } while (published.get() != before);
        assertThat(publishing).isNotDone();
        assertThat(published.get()).isLessThan(20);
        assertThat(space.channel("ticks").orElseThrow().subscriptions()).hasSize(1);

        long stoppedAt = System.nanoTime();
        stop.run();
        publishing.get(30, TimeUnit.SECONDS);
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stoppedAt);
        // The lease and a check's period are under 4 s; the bound leaves a loaded machine room for
        // the signal and the publishes left, and stays far below what would release the publisher
        // otherwise (the stopped child's connection is closed as silent only after 4 x 30 s).
        assertThat(millis).as("released by the lease").isLessThan(LEASE.toMillis() * 5);
        assertThat(published.get()).isEqualTo(20);
        await("the subscriber gone from the name service", () -> space.channel("ticks").orElseThrow().subscriptions().isEmpty());
    }

    private static void signal(String signal, long pid) throws Exception {
        Process p = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start();
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
    }
}
