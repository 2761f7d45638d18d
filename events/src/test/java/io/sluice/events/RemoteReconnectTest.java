package io.sluice.events;

import static io.sluice.events.TestEvents.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.events.TestEvents.Collected;
import io.sluice.events.TestEvents.Tick;
import io.sluice.remote.RemoteChannels;
import io.sluice.records.FormatName;
import io.sluice.records.RecordFormat;
import io.sluice.remote.SpaceException;
import io.sluice.remote.SpaceServer;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client with {@link RemoteEventOptions#withReconnect} registers its publishers and
 * subscriptions again after its connection broke: the server restarted on the same port, or the
 * link cut. On loopback, in one process.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RemoteReconnectTest {
    @TempDir
    Path dir;

    /** A server hosting persistent event channels under {@code dir}, on {@code port} (0: any). */
    private SpaceServer server(int port) throws Exception {
        EventService service = EventService.create(EventChannels.builder().directory(dir.resolve("events")), Duration.ofSeconds(5));
        return SpaceServer.builder(dir.resolve("space")).port(port).service(service).start();
    }

    private static EventChannels reconnecting(URI uri, List<Throwable> told) throws Exception {
        return EventChannels.connect(uri, RemoteChannels.options().giveUpAfter(Duration.ofSeconds(60)),
                RemoteEventOptions.defaults().withReconnect(true).withAnswerTimeout(Duration.ofSeconds(20))
                        .withErrorListener((s, seq, e) -> told.add(e)));
    }

    private static List<Long> upTo(long n) {
        return LongStream.range(0, n).boxed().toList();
    }

    @Test
    void aPersistentSubscriptionAndAPublisherGoOnAfterTheServerRestartedWithNothingLostOrTwice() throws Exception {
        List<Throwable> told = new CopyOnWriteArrayList<>();
        SpaceServer server = server(0);
        int port = server.uri().getPort();
        try (EventChannels client = reconnecting(server.uri(), told)) {
            Collected<Tick> got = new Collected<>();
            Subscription<Tick> sub = client.subscribe("log", Tick.class, got,
                    SubscribeOptions.defaults().withName("reader").withStart(Start.beginning()));
            Publisher<Tick> p = client.publisher("log", Tick.class);
            for (int n = 0; n < 100; n++) {
                p.publish(new Tick(0, n));
            }
            await("the first 100", () -> got.events.size() == 100);
            // one that starts now and receives nothing before the break: it goes on where it started
            Collected<Tick> late = new Collected<>();
            Subscription<Tick> lateSub = client.subscribe("log", Tick.class, late, SubscribeOptions.defaults().withStart(Start.now()));

            server.close();
            await("the subscription reconnecting", () -> sub.state() == SubscriptionState.RECONNECTING);
            await("the error listener told", () -> !told.isEmpty()); // it is told on a worker
            assertThat(told).anySatisfy(e -> assertThat(e).isInstanceOf(EventException.class)
                    .hasMessageContaining("'log'").hasMessageContaining("reader").hasMessageContaining("connection broke"));
            Thread.sleep(1500); // the client tries meanwhile, backing off

            server = server(port);
            // another client publishes at once, likely before the first is registered again
            try (EventChannels other = EventChannels.connect(server.uri())) {
                try (Publisher<Tick> q = other.publisher("log", Tick.class)) {
                    for (int n = 100; n < 150; n++) {
                        q.publish(new Tick(1, n));
                    }
                }
            }
            await("the subscriptions active again",
                    () -> sub.state() == SubscriptionState.ACTIVE && lateSub.state() == SubscriptionState.ACTIVE);
            for (int n = 150; n < 200; n++) {
                p.publish(new Tick(0, n)); // the same publisher, opened again at the new server
            }
            await("all 200", () -> got.events.size() >= 200);
            Thread.sleep(200);
            assertThat(got.seqs()).as("every event once, in order").isEqualTo(upTo(200));
            assertThat(got.values().stream().map(Tick::n).toList()).isEqualTo(upTo(200));
            assertThat(sub.failures()).isZero();
            await("the late one's 100", () -> late.events.size() >= 100);
            assertThat(late.seqs()).as("from where it started, once each").isEqualTo(LongStream.range(100, 200).boxed().toList());
        } finally {
            server.close();
        }
    }

    @Test
    void aCutLinkIsMadeAgainAndEveryDurableEventArrivesOnceWhileTransientOnesGoOnFromThen() throws Exception {
        List<Throwable> told = new CopyOnWriteArrayList<>();
        try (SpaceServer server = server(0); CuttableRelay relay = new CuttableRelay(server.uri());
                EventChannels direct = EventChannels.connect(server.uri());
                EventChannels client = reconnecting(relay.uri(), told)) {
            direct.declare("news", RecordFormat.of(Tick.class), Durability.TRANSIENT);
            Collected<Tick> durable = new Collected<>();
            Collected<Tick> transientGot = new Collected<>();
            Subscription<Tick> d = client.subscribe("log", Tick.class, durable,
                    SubscribeOptions.defaults().withName("reader").withStart(Start.now()).withQueue(8, Overflow.BLOCK));
            Subscription<Tick> t = client.subscribe("news", Tick.class, transientGot, SubscribeOptions.defaults());
            Publisher<Tick> relayed = client.publisher("news", Tick.class);

            // a publisher that goes on all the time, over its own, unbroken connection
            AtomicBoolean stop = new AtomicBoolean();
            AtomicLong published = new AtomicLong();
            Thread publishing = new Thread(() -> {
                try (Publisher<Tick> p = direct.publisher("log", Tick.class)) {
                    for (long n = 0; !stop.get(); n++) {
                        p.publish(new Tick(0, n));
                        published.incrementAndGet();
                        if (n % 50 == 0) {
                            Thread.sleep(5);
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "test-publisher");
            publishing.start();
            try {
                await("some events through the relay", () -> durable.events.size() > 100);
                relayed.publish(new Tick(9, 0));
                await("a transient event", () -> transientGot.events.size() == 1);

                relay.cut();
                await("reconnecting", () -> d.state() != SubscriptionState.ACTIVE || told.size() > 0);
                await("active again", () -> d.state() == SubscriptionState.ACTIVE && t.state() == SubscriptionState.ACTIVE);
                long after = published.get();
                await("events published after the cut", () -> durable.events.size() > after + 100);
                relayed.publish(new Tick(9, 1)); // the publisher opened again at the server
                await("the transient event published after", () -> transientGot.events.size() == 2);
            } finally {
                stop.set(true);
                publishing.join(TimeUnit.SECONDS.toMillis(30));
            }
            long total = published.get();
            await("every durable event", () -> durable.events.size() >= total);
            Thread.sleep(200);
            assertThat(durable.values().stream().map(Tick::n).toList()).as("every event once, in order").isEqualTo(upTo(total));
            assertThat(transientGot.values()).containsExactly(new Tick(9, 0), new Tick(9, 1));
            await("the error listener told", () -> !told.isEmpty());
            assertThat(told).anySatisfy(e -> assertThat(e).hasMessageContaining("connection broke"));
            assertThat(d.failures()).isZero();
        }
    }

    @Test
    void aSubscriptionThatCannotBeRegisteredAgainEndsAndSaysWhy() throws Exception {
        List<Throwable> told = new CopyOnWriteArrayList<>();
        SpaceServer server = server(0);
        int port = server.uri().getPort();
        // The answer timeout bounds how long registering again tries before it gives up, and also every
        // call here (subscribing, opening the publisher, the publish at the end): not a short one.
        try (EventChannels client = EventChannels.connect(server.uri(), RemoteChannels.options().giveUpAfter(Duration.ofSeconds(60)),
                RemoteEventOptions.defaults().withReconnect(true).withAnswerTimeout(Duration.ofSeconds(5))
                        .withErrorListener((s, seq, e) -> told.add(e)))) {
            Subscription<Tick> sub = client.subscribe("log", Tick.class, new Collected<>(),
                    SubscribeOptions.defaults().withName("reader"));
            Publisher<Tick> p = client.publisher("log", Tick.class);
            server.close();
            await("reconnecting", () -> sub.state() == SubscriptionState.RECONNECTING);
            Thread.sleep(1500); // the client backs off between its tries
            server = server(port);
            // another client takes the subscription's name first, and keeps it
            try (EventChannels other = EventChannels.connect(server.uri())) {
                try {
                    other.subscribe("log", Tick.class, new Collected<>(), SubscribeOptions.defaults().withName("reader"));
                } catch (IllegalArgumentException e) {
                    org.junit.jupiter.api.Assumptions.abort("the client registered again before the other took the name: " + e);
                }
                await("the subscription ended", () -> sub.state() == SubscriptionState.CANCELLED);
                await("the error listener told why", () -> told.stream().anyMatch(e -> e.getMessage().contains("could not be registered again")));
                assertThat(told).anySatisfy(e -> assertThat(e).isInstanceOf(EventException.class).hasMessageContaining("reader")
                        .hasMessageContaining("could not be registered again"));
                // the rest of the client goes on: its publisher was opened again
                assertThat(p.publish(new Tick(0, 1))).isNotNegative();
            }
        } finally {
            server.close();
        }
    }

    @Test
    void callsWhileDisconnectedWaitAtMostTheAnswerTimeoutAndGoOnOnceConnected() throws Exception {
        List<Throwable> told = new CopyOnWriteArrayList<>();
        SpaceServer server = server(0);
        int port = server.uri().getPort();
        // The answer timeout is what a call waits while disconnected, and also what the calls made while
        // connected wait for their answers at most: long enough for a loaded machine to answer them.
        try (EventChannels client = EventChannels.connect(server.uri(), RemoteChannels.options().giveUpAfter(Duration.ofSeconds(60)),
                RemoteEventOptions.defaults().withReconnect(true).withAnswerTimeout(Duration.ofSeconds(5))
                        .withErrorListener((s, seq, e) -> told.add(e)))) {
            Subscription<Tick> sub = client.subscribe("log", Tick.class, new Collected<>(), SubscribeOptions.defaults());
            server.close();
            await("reconnecting", () -> sub.state() == SubscriptionState.RECONNECTING);
            assertThatThrownBy(client::channels).isInstanceOf(SpaceException.class)
                    .hasMessageContaining("not connected and registered again within 5000 ms");
            assertThat(sub.state()).as("still waiting to be registered again").isEqualTo(SubscriptionState.RECONNECTING);
            server = server(port);
            await("active again", () -> sub.state() == SubscriptionState.ACTIVE);
            assertThat(client.channels()).extracting(ChannelInfo::name).containsExactly("log");
        } finally {
            server.close();
        }
    }

    /** The channel's format, which also reads {@link Marker}s (its alias). */
    @FormatName(value = "org.example.Beat", aliases = "org.example.Marker")
    record Beat(int publisher, long n) {}

    /** Another format on the same channel: not blocked when {@link Beat} is. */
    @FormatName("org.example.Marker")
    record Marker(int publisher, long n) {}

    @Test
    void aBlockedFormatStaysBlockedFromTheFirstEventAfterTheServerRestarted() throws Exception {
        List<Throwable> told = new CopyOnWriteArrayList<>();
        String beat = RecordFormat.of(Beat.class).name();
        SpaceServer server = server(0);
        int port = server.uri().getPort();
        try (EventChannels client = reconnecting(server.uri(), told)) {
            Collected<Beat> got = new Collected<>();
            Subscription<Beat> sub = client.subscribe("beats", Beat.class, got,
                    SubscribeOptions.defaults().withName("reader").withStart(Start.now()));
            sub.block(beat);
            server.close();
            await("reconnecting", () -> sub.state() == SubscriptionState.RECONNECTING);
            Thread.sleep(1500);
            server = server(port);
            // published before the subscription is registered again (likely): a backlog sent at once when it is
            try (EventChannels other = EventChannels.connect(server.uri()); Publisher<Beat> q = other.publisher("beats", Beat.class);
                    Publisher<Marker> m = other.publisher("beats", Marker.class)) {
                for (int n = 0; n < 50; n++) {
                    q.publish(new Beat(1, n));
                }
                await("active again", () -> sub.state() == SubscriptionState.ACTIVE);
                for (int n = 50; n < 60; n++) {
                    q.publish(new Beat(1, n));
                }
                m.publish(new Marker(2, 0)); // of a format not blocked: it comes after every event before it was judged
                await("the marker", () -> got.events.size() >= 1);
                assertThat(got.values()).as("none of the blocked format").containsExactly(new Beat(2, 0));
                sub.unblock(beat);
                q.publish(new Beat(1, 60));
                await("the event after the unblock", () -> got.events.size() >= 2);
                assertThat(got.values()).containsExactly(new Beat(2, 0), new Beat(1, 60));
                assertThat(sub.blocked()).isEmpty();
            }
        } finally {
            server.close();
        }
    }
}
