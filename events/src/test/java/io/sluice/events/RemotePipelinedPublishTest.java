package io.sluice.events;

import static io.sluice.events.TestEvents.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.events.TestEvents.Collected;
import io.sluice.events.TestEvents.Tick;
import io.sluice.remote.RemoteChannels;
import io.sluice.remote.SpaceException;
import io.sluice.remote.SpaceServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Remote publishes in flight several at once ({@link Publisher#publishAsync}), over loopback. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RemotePipelinedPublishTest {
    @TempDir
    Path dir;

    private EventService service;

    private SpaceServer server() throws Exception {
        service = EventService.create(EventChannels.builder(), Duration.ofSeconds(5));
        return SpaceServer.builder(dir.resolve("space")).port(0).service(service).start();
    }

    private static Thread start(Runnable r) {
        Thread t = new Thread(r, "test-publisher");
        t.start();
        return t;
    }

    private static EventChannels connect(SpaceServer server, int window) throws Exception {
        return EventChannels.connect(RemoteChannels.connect(server.uri(), RemoteChannels.options()), window);
    }

    @Test
    void manyInFlightArriveOnceEachAndInOrder() throws Exception {
        int publishers = 4;
        int each = 3_000;
        try (SpaceServer server = server(); EventChannels sub = EventChannels.connect(server.uri());
                EventChannels pubs = connect(server, 32)) {
            Collected<Tick> got = new Collected<>();
            sub.subscribe("ticks", Tick.class, got, SubscribeOptions.defaults().withQueue(64, Overflow.BLOCK));
            List<Publisher<Tick>> ps = new ArrayList<>();
            for (int p = 0; p < publishers; p++) {
                ps.add(pubs.publisher("ticks", Tick.class));
            }
            List<List<CompletableFuture<Long>>> futures = new ArrayList<>();
            List<Thread> threads = new ArrayList<>();
            for (int p = 0; p < publishers; p++) {
                int who = p;
                List<CompletableFuture<Long>> mine = new ArrayList<>();
                futures.add(mine);
                threads.add(start(() -> {
                    try {
                        for (int n = 0; n < each; n++) {
                            mine.add(ps.get(who).publishAsync(new Tick(who, n)));
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }));
            }
            for (Thread t : threads) {
                t.join();
            }
            Set<Long> seqs = new HashSet<>();
            for (int p = 0; p < publishers; p++) {
                assertThat(futures.get(p)).hasSize(each);
                long last = -1;
                for (CompletableFuture<Long> f : futures.get(p)) {
                    long seq = f.get(30, TimeUnit.SECONDS);
                    assertThat(seq).as("seqs of one publisher rise in the order of its calls").isGreaterThan(last);
                    last = seq;
                    seqs.add(seq);
                }
            }
            assertThat(seqs).hasSize(publishers * each);
            await("every event", () -> got.events.size() >= publishers * each);
            assertThat(got.events).hasSize(publishers * each);
            Map<Integer, Long> next = new HashMap<>();
            for (Event<Tick> e : got.events) {
                long expected = next.getOrDefault(e.value().publisher(), 0L);
                assertThat(e.value().n()).as("publisher %d's events in order, each once", e.value().publisher()).isEqualTo(expected);
                next.put(e.value().publisher(), expected + 1);
                assertThat(seqs).contains(e.seq());
            }
        }
    }

    @Test
    void aWindowBelowOneIsRefused() throws Exception {
        try (SpaceServer server = server()) {
            assertThatThrownBy(() -> connect(server, 0)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("publish window").hasMessageContaining(server.uri().toString());
        }
    }

    @Test
    void aWindowOfOneStillPublishesEverythingInOrder() throws Exception {
        try (SpaceServer server = server(); EventChannels sub = EventChannels.connect(server.uri());
                EventChannels pubs = connect(server, 1)) {
            Collected<Tick> got = new Collected<>();
            sub.subscribe("ticks", Tick.class, got, SubscribeOptions.defaults());
            Publisher<Tick> p = pubs.publisher("ticks", Tick.class);
            List<CompletableFuture<Long>> fs = new ArrayList<>();
            for (int n = 0; n < 200; n++) {
                fs.add(p.publishAsync(new Tick(0, n)));
            }
            long sync = p.publish(new Tick(0, 200));
            assertThat(fs.get(199).get(30, TimeUnit.SECONDS)).isLessThan(sync);
            await("every event", () -> got.events.size() == 201);
            assertThat(got.values().stream().map(Tick::n).toList()).isSorted().doesNotHaveDuplicates();
        }
    }

    @Test
    void theServerRefusingMidStreamFailsOnlyTheEventsItRefused() throws Exception {
        int total = 2_000;
        try (SpaceServer server = server(); EventChannels pubs = connect(server, 64)) {
            Publisher<Tick> p = pubs.publisher("ticks", Tick.class);
            List<CompletableFuture<Long>> fs = new ArrayList<>();
            for (int n = 0; n < total; n++) {
                if (n == total / 2) {
                    service.space().close(); // the hosted space refuses every publish from now on
                }
                fs.add(p.publishAsync(new Tick(0, n)));
            }
            int ok = 0;
            int refused = 0;
            long last = -1;
            for (CompletableFuture<Long> f : fs) {
                try {
                    long seq = f.get(30, TimeUnit.SECONDS);
                    assertThat(refused).as("an event published after one refused").isZero();
                    assertThat(seq).isGreaterThan(last);
                    last = seq;
                    ok++;
                } catch (ExecutionException e) {
                    assertThat(e.getCause()).isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
                    refused++;
                }
            }
            assertThat(ok).isGreaterThanOrEqualTo(1);
            assertThat(refused).isGreaterThanOrEqualTo(total / 2);
            assertThat(ok + refused).isEqualTo(total);
            assertThatThrownBy(() -> p.publish(new Tick(0, total))).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("closed");
        }
    }

    @Test
    void closeWaitsForThePublishesStillQueued() throws Exception {
        int total = 300;
        try (SpaceServer server = server(); EventChannels sub = EventChannels.connect(server.uri());
                EventChannels pubs = connect(server, total)) {
            CountDownLatch release = new CountDownLatch(1);
            Collected<Tick> got = new Collected<>();
            sub.subscribe("ticks", Tick.class, e -> {
                release.await();
                got.handle(e);
            }, SubscribeOptions.defaults().withQueue(4, Overflow.BLOCK));
            Publisher<Tick> p = pubs.publisher("ticks", Tick.class);
            List<CompletableFuture<Long>> fs = new ArrayList<>();
            for (int n = 0; n < total; n++) {
                fs.add(p.publishAsync(new Tick(0, n)));
            }
            await("the first events published", () -> fs.get(3).isDone());
            Thread.sleep(300);
            assertThat(fs.get(total - 1)).isNotDone();
            Thread closer = start(p::close);
            closer.join(300);
            assertThat(closer.isAlive()).as("close waits for the events queued").isTrue();
            assertThatThrownBy(() -> p.publishAsync(new Tick(0, total))).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("closed");
            release.countDown();
            closer.join(TimeUnit.SECONDS.toMillis(60));
            assertThat(closer.isAlive()).isFalse();
            for (CompletableFuture<Long> f : fs) {
                assertThat(f).isCompleted();
                f.get();
            }
            await("every event", () -> got.events.size() == total);
            assertThat(got.values().stream().map(Tick::n).toList()).isSorted().doesNotHaveDuplicates();
        }
    }

    @Test
    void closeFailsClearlyThePublishesTheServerNeverAnswers() throws Exception {
        // The connection's answer timeout is what close waits at most: shorter than the default,
        // so the test ends sooner, yet not short: it also bounds every call the set-up makes
        // (the lease, opening the publisher), and a loaded machine can take far longer than half
        // a second to answer those.
        try (SpaceServer server = server(); EventChannels sub = EventChannels.connect(server.uri());
                EventChannels pubs = EventChannels.connect(RemoteChannels.connect(server.uri(), RemoteChannels.options()),
                        RemoteEventOptions.defaults().withPublishWindow(64).withAnswerTimeout(Duration.ofSeconds(5)))) {
            CountDownLatch release = new CountDownLatch(1);
            sub.subscribe("ticks", Tick.class, e -> release.await(), SubscribeOptions.defaults().withQueue(2, Overflow.BLOCK));
            Publisher<Tick> p = pubs.publisher("ticks", Tick.class);
            List<CompletableFuture<Long>> fs = new ArrayList<>();
            for (int n = 0; n < 40; n++) {
                fs.add(p.publishAsync(new Tick(0, n)));
            }
            await("the first event published", () -> fs.get(0).isDone());
            p.close(); // the subscriber never takes another: close gives up after its wait
            release.countDown();
            assertThat(fs).allSatisfy(f -> assertThat(f).isDone());
            assertThat(fs.get(39)).isCompletedExceptionally();
            assertThatThrownBy(() -> fs.get(39).get()).cause().isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("closed before the server answered").hasMessageContaining("'ticks'")
                    .hasMessageContaining("5000 ms");
        }
    }

    @Test
    void aFullQueueAtTheServerHoldsThePublisher() throws Exception {
        try (SpaceServer server = server(); EventChannels sub = EventChannels.connect(server.uri());
                EventChannels pubs = connect(server, 8)) {
            CountDownLatch release = new CountDownLatch(1);
            AtomicInteger handled = new AtomicInteger();
            sub.subscribe("ticks", Tick.class, e -> {
                release.await();
                handled.incrementAndGet();
            }, SubscribeOptions.defaults().withQueue(4, Overflow.BLOCK));
            Publisher<Tick> p = pubs.publisher("ticks", Tick.class);
            AtomicInteger sent = new AtomicInteger();
            Thread publisher = start(() -> {
                try {
                    for (int n = 0; n < 10_000; n++) {
                        p.publishAsync(new Tick(0, n));
                        sent.incrementAndGet();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            int before;
            do { // until the publisher is held
                before = sent.get();
                Thread.sleep(300);
            } while (sent.get() != before);
            assertThat(sent.get()).as("publishes accepted while the subscriber is stuck").isLessThan(100);
            assertThat(publisher.isAlive()).isTrue();
            release.countDown();
            publisher.join(TimeUnit.SECONDS.toMillis(60));
            assertThat(sent.get()).isEqualTo(10_000);
            await("every event", () -> handled.get() == 10_000);
        }
    }

    @Test
    void aCutConnectionFailsThePublishesInFlight() throws Exception {
        // without reconnection (opted out): the publisher fails for good with the connection
        try (SpaceServer server = server(); CuttableRelay relay = new CuttableRelay(server.uri());
                EventChannels sub = EventChannels.connect(server.uri());
                EventChannels pubs = EventChannels.connect(RemoteChannels.connect(relay.uri(), RemoteChannels.options()),
                        RemoteEventOptions.defaults().withPublishWindow(64).withReconnect(false))) {
            CountDownLatch release = new CountDownLatch(1);
            sub.subscribe("ticks", Tick.class, e -> release.await(), SubscribeOptions.defaults().withQueue(2, Overflow.BLOCK));
            Publisher<Tick> p = pubs.publisher("ticks", Tick.class);
            List<CompletableFuture<Long>> fs = new ArrayList<>();
            for (int n = 0; n < 40; n++) {
                fs.add(p.publishAsync(new Tick(0, n)));
            }
            await("the server to hold the publisher", () -> fs.get(0).isDone());
            Thread.sleep(200);
            assertThat(fs.get(39)).isNotDone();
            relay.cut(); // the publisher's connection breaks: its answers never come
            await("every publish answered", () -> fs.stream().allMatch(CompletableFuture::isDone));
            release.countDown();
            assertThat(fs.get(39)).isCompletedExceptionally();
            assertThatThrownBy(() -> fs.get(39).get()).cause().isInstanceOf(SpaceException.class);
            assertThatThrownBy(() -> p.publishAsync(new Tick(0, 40))).isInstanceOf(SpaceException.class);
            p.close(); // returns: nothing left to wait for
        }
    }

    @Test
    void byDefaultACutConnectionFailsOnlyThePublishesInFlightAndThePublisherAndSubscriptionsGoOn() throws Exception {
        try (SpaceServer server = server(); CuttableRelay relay = new CuttableRelay(server.uri());
                EventChannels sub = EventChannels.connect(server.uri());
                EventChannels pubs = EventChannels.connect(RemoteChannels.connect(relay.uri(), RemoteChannels.options()),
                        RemoteEventOptions.defaults().withPublishWindow(64))) {
            assertThat(RemoteEventOptions.defaults().reconnect()).as("reconnection is the default").isTrue();
            CountDownLatch release = new CountDownLatch(1);
            Collected<Tick> got = new Collected<>();
            sub.subscribe("ticks", Tick.class, e -> {
                release.await();
                got.handle(e);
            }, SubscribeOptions.defaults().withQueue(2, Overflow.BLOCK));
            // a subscription of the cut client, on another channel: it goes on after the cut
            Collected<Tick> news = new Collected<>();
            Subscription<Tick> newsSub = pubs.subscribe("news", Tick.class, news, SubscribeOptions.defaults());
            try (Publisher<Tick> direct = sub.publisher("news", Tick.class)) {
                direct.publish(new Tick(7, 0));
                await("the first news through the relay", () -> news.events.size() == 1);

                Publisher<Tick> p = pubs.publisher("ticks", Tick.class);
                List<CompletableFuture<Long>> fs = new ArrayList<>();
                for (int n = 0; n < 40; n++) {
                    fs.add(p.publishAsync(new Tick(0, n)));
                }
                await("the server to hold the publisher", () -> fs.get(0).isDone());
                Thread.sleep(200);
                assertThat(fs.get(39)).isNotDone();
                relay.cut(); // the publisher's connection breaks: its answers never come
                await("every publish answered", () -> fs.stream().allMatch(CompletableFuture::isDone));
                assertThat(fs.get(39)).isCompletedExceptionally();
                assertThatThrownBy(() -> fs.get(39).get()).cause().isInstanceOf(SpaceException.class)
                        .hasMessageContaining("may or may not");
                release.countDown();

                // the same publisher goes on once the client is registered again
                long seq = p.publish(new Tick(1, 0));
                assertThat(seq).isNotNegative();
                assertThat(p.publishAsync(new Tick(1, 1)).get(30, TimeUnit.SECONDS)).isGreaterThan(seq);
                await("the events published after the cut", () -> got.values().contains(new Tick(1, 1)));
                assertThat(got.values()).containsSubsequence(new Tick(1, 0), new Tick(1, 1));
                p.close();

                await("the subscription active again", () -> newsSub.state() == SubscriptionState.ACTIVE);
                direct.publish(new Tick(7, 1));
                await("the news after the cut", () -> news.events.size() == 2);
                assertThat(news.values()).containsExactly(new Tick(7, 0), new Tick(7, 1));
            }
        }
    }

    @Test
    void aPublishMeetingACutIsNeverRefusedAsNotSentButWaitsForTheReconnect() throws Exception {
        try (SpaceServer server = server(); CuttableRelay relay = new CuttableRelay(server.uri());
                EventChannels sub = EventChannels.connect(server.uri());
                EventChannels pubs = EventChannels.connect(RemoteChannels.connect(relay.uri(), RemoteChannels.options()))) {
            Collected<Tick> got = new Collected<>();
            sub.subscribe("ticks", Tick.class, got, SubscribeOptions.defaults());
            Publisher<Tick> p = pubs.publisher("ticks", Tick.class);
            List<CompletableFuture<Long>> futures = new java.util.concurrent.CopyOnWriteArrayList<>();
            List<Throwable> refused = new java.util.concurrent.CopyOnWriteArrayList<>();
            java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
            // publishes a new event every millisecond or so, so that some publish is sent just as the client finds each cut
            Thread publishing = start(() -> {
                for (int n = 0; !stop.get(); n++) {
                    try {
                        futures.add(p.publishAsync(new Tick(0, n)));
                        Thread.sleep(1);
                    } catch (SpaceException e) {
                        refused.add(e);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            try {
                for (int round = 0; round < 10; round++) {
                    int before = futures.size();
                    await("publishes before the cut", () -> futures.size() > before + 20);
                    relay.cut();
                }
                int before = futures.size();
                await("publishes after the last cut", () -> futures.size() > before + 20);
            } finally {
                stop.set(true);
                publishing.join(TimeUnit.SECONDS.toMillis(30));
            }
            // one that found the connection gone was never sent: it waited for the reconnect instead of failing
            assertThat(refused).as("publishes refused at once").isEmpty();
            int ok = 0;
            for (CompletableFuture<Long> f : futures) {
                try {
                    f.get(30, TimeUnit.SECONDS);
                    ok++;
                } catch (ExecutionException e) {
                    // sent on the dying connection: the client cannot know whether the server published it
                    assertThat(e.getCause()).isInstanceOf(SpaceException.class).hasMessageContaining("may or may not");
                }
            }
            int published = ok;
            await("the events published", () -> got.events.size() >= published);
        }
    }
}
