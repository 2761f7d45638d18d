package io.sluice.events;

import static io.sluice.events.TestEvents.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.events.TestEvents.Collected;
import io.sluice.events.TestEvents.Tick;
import io.sluice.remote.SpaceServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Four publishers and eight subscribers, each on a connection of its own, on a persistent channel
 * of a space server: every subscriber gets every event once, each publisher's in its order; a
 * subscriber joining late from seq 0 gets them all too.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RemoteManyToManyTest {
    private static final int PER_PUBLISHER = 250;

    @TempDir
    Path dir;

    @Test
    void everySubscriberGetsEveryEventOnceInEachPublishersOrder() throws Exception {
        List<EventChannels> clients = new ArrayList<>();
        try (SpaceServer server = SpaceServer.builder(dir.resolve("space")).port(0)
                .service(EventService.create(EventChannels.builder().directory(dir.resolve("events")), Duration.ofSeconds(5)))
                .start()) {
            try {
                List<Collected<Tick>> subs = new ArrayList<>();
                for (int s = 0; s < 8; s++) {
                    EventChannels c = EventChannels.connect(server.uri());
                    clients.add(c);
                    Collected<Tick> got = new Collected<>();
                    c.subscribe("ticks", Tick.class, got, SubscribeOptions.defaults().withName("s" + s)
                            .withQueue(16, Overflow.BLOCK).withStart(Start.beginning()));
                    subs.add(got);
                }
                List<CompletableFuture<Void>> pubs = new ArrayList<>();
                for (int p = 0; p < 4; p++) {
                    EventChannels c = EventChannels.connect(server.uri());
                    clients.add(c);
                    Publisher<Tick> pub = c.publisher("ticks", Tick.class);
                    int id = p;
                    pubs.add(CompletableFuture.runAsync(() -> {
                        try {
                            for (int i = 0; i < PER_PUBLISHER; i++) {
                                pub.publish(new Tick(id, i));
                            }
                        } catch (InterruptedException e) {
                            throw new IllegalStateException(e);
                        }
                    }));
                }
                CompletableFuture.allOf(pubs.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
                EventChannels late = EventChannels.connect(server.uri());
                clients.add(late);
                Collected<Tick> lateGot = new Collected<>();
                late.subscribe("ticks", Tick.class, lateGot, SubscribeOptions.defaults().withStart(Start.at(0)));
                subs.add(lateGot);
                for (Collected<Tick> got : subs) {
                    await("every event", () -> got.events.size() == 4 * PER_PUBLISHER);
                    assertThat(got.seqs()).doesNotHaveDuplicates();
                    for (int p = 0; p < 4; p++) {
                        int id = p;
                        assertThat(got.values().stream().filter(t -> t.publisher() == id).map(Tick::n).toList())
                                .isEqualTo(java.util.stream.LongStream.range(0, PER_PUBLISHER).boxed().toList());
                    }
                }
            } finally {
                clients.forEach(EventChannels::close);
            }
        }
    }
}
