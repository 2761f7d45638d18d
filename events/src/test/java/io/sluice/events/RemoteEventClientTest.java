package io.sluice.events;

import static io.sluice.events.TestEvents.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.events.TestEvents.Tick;
import io.sluice.remote.RemoteChannels;
import io.sluice.remote.SpaceServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The remote client's options, and what it does when called on its connection's thread (in a
 * callback of a publish's future), where waiting for the server would hold up its answers.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RemoteEventClientTest {
    @TempDir
    Path dir;

    private SpaceServer server() throws Exception {
        EventService service = EventService.create(EventChannels.builder(), Duration.ofSeconds(5));
        return SpaceServer.builder(dir.resolve("space")).port(0).service(service).start();
    }

    @Test
    void optionsRefuseWhatCannotWork() {
        assertThatThrownBy(() -> RemoteEventOptions.defaults().withAnswerTimeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("answer timeout");
        assertThatThrownBy(() -> RemoteEventOptions.defaults().withPublishWindow(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("publish window");
        assertThatThrownBy(() -> RemoteEventOptions.defaults().withWorkers(0)).isInstanceOf(IllegalArgumentException.class);
        RemoteEventOptions d = RemoteEventOptions.defaults();
        assertThat(d.answerTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(d.publishWindow()).isEqualTo(64);
        assertThat(d.reconnect()).as("reconnection is on by default").isTrue();
        assertThat(d.withReconnect(false).reconnect()).isFalse();
        assertThat(d.withAnswerTimeout(Duration.ofMillis(250)).answerTimeout()).isEqualTo(Duration.ofMillis(250));
    }

    /**
     * Publishes until the server holds them (its one subscriber is stuck): the futures of the last
     * ones are not done, so callbacks added to them run on the connection's thread.
     */
    private static List<CompletableFuture<Long>> publishUntilHeld(Publisher<Tick> p) throws Exception {
        List<CompletableFuture<Long>> fs = new ArrayList<>();
        for (int n = 0; n < 40; n++) {
            fs.add(p.publishAsync(new Tick(0, n)));
        }
        await("the first event published", () -> fs.get(0).isDone());
        Thread.sleep(200);
        assertThat(fs.get(30)).as("a publish the server holds").isNotDone();
        return fs;
    }

    @Test
    void closingAPublisherInAPublishCallbackDoesNotHoldUpTheConnection() throws Exception {
        // the default answer timeout (30 s) is what a close blocking the connection's thread would stall for
        try (SpaceServer server = server(); EventChannels sub = EventChannels.connect(server.uri());
                EventChannels pubs = EventChannels.connect(server.uri())) {
            CountDownLatch release = new CountDownLatch(1);
            sub.subscribe("ticks", Tick.class, e -> release.await(), SubscribeOptions.defaults().withQueue(2, Overflow.BLOCK));
            Publisher<Tick> p = pubs.publisher("ticks", Tick.class);
            List<CompletableFuture<Long>> fs = publishUntilHeld(p);
            AtomicReference<Thread> ranOn = new AtomicReference<>();
            CountDownLatch closed = new CountDownLatch(1);
            fs.get(30).whenComplete((seq, e) -> {
                ranOn.set(Thread.currentThread());
                p.close(); // the publishes after it are still in flight: close must not wait here for their answers
                closed.countDown();
            });
            release.countDown();
            assertThat(closed.await(20, TimeUnit.SECONDS)).as("close returned in the callback").isTrue();
            assertThat(ranOn.get()).as("the callback ran on the connection's thread").isNotSameAs(Thread.currentThread());
            // the answers after it still come (a close blocking the thread would hold them for the 30 s timeout)
            assertThat(fs.get(39).get(20, TimeUnit.SECONDS)).as("answered, not failed by the close").isGreaterThan(fs.get(30).get());
            assertThatThrownBy(() -> p.publishAsync(new Tick(0, 99))).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("closed");
            await("the publisher closed at the server", () -> sub.channel("ticks").orElseThrow().publishers().isEmpty());
        }
    }

    @Test
    void waitingForTheServerOnTheConnectionsThreadFailsAtOnceNamingThePublisher() throws Exception {
        try (SpaceServer server = server(); EventChannels sub = EventChannels.connect(server.uri());
                EventChannels pubs = EventChannels.connect(RemoteChannels.connect(server.uri(), RemoteChannels.options()),
                        RemoteEventOptions.defaults().withPublishWindow(40))) {
            CountDownLatch release = new CountDownLatch(1);
            sub.subscribe("ticks", Tick.class, e -> release.await(), SubscribeOptions.defaults().withQueue(2, Overflow.BLOCK));
            Publisher<Tick> p = pubs.publisher("ticks", Tick.class);
            List<CompletableFuture<Long>> fs = publishUntilHeld(p); // the window of 40 is full now
            AtomicReference<Throwable> publish = new AtomicReference<>();
            AtomicReference<Throwable> publishAsync = new AtomicReference<>();
            AtomicReference<Throwable> call = new AtomicReference<>();
            CountDownLatch done = new CountDownLatch(1);
            fs.get(30).whenComplete((seq, e) -> {
                try {
                    p.publish(new Tick(1, 0));
                } catch (Throwable t) {
                    publish.set(t);
                }
                try {
                    // until the window is full (the answers the server holds take room): then it would wait for room
                    for (int n = 0; n < 100; n++) {
                        p.publishAsync(new Tick(1, n));
                    }
                } catch (Throwable t) {
                    publishAsync.set(t);
                }
                try {
                    pubs.channels();
                } catch (Throwable t) {
                    call.set(t);
                }
                done.countDown();
            });
            release.countDown();
            assertThat(done.await(20, TimeUnit.SECONDS)).isTrue();
            assertThat(publish.get()).isInstanceOf(IllegalStateException.class).hasMessageContaining("'ticks'")
                    .hasMessageContaining("publish()").hasMessageContaining("connection's own thread");
            assertThat(publishAsync.get()).isInstanceOf(IllegalStateException.class).hasMessageContaining("'ticks'")
                    .hasMessageContaining("window");
            assertThat(call.get()).isInstanceOf(IllegalStateException.class).hasMessageContaining("connection's own thread");
            assertThat(fs.get(39).get(20, TimeUnit.SECONDS)).isGreaterThan(fs.get(30).get());
            assertThat(p.publish(new Tick(2, 0))).as("the publisher goes on").isGreaterThan(fs.get(39).get());
        }
    }
}
