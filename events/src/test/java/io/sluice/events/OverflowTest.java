package io.sluice.events;

import static io.sluice.events.TestEvents.WAIT;
import static io.sluice.events.TestEvents.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.events.TestEvents.Collected;
import io.sluice.events.TestEvents.Tick;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Bounded queues, their overflow policies and the one-worker-per-subscription rule. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class OverflowTest {
    @TempDir
    Path dir;

    /** A handler that waits for a latch before it handles anything. */
    private static final class Gate<T> implements EventHandler<T> {
        final CountDownLatch open = new CountDownLatch(1);
        final CountDownLatch entered = new CountDownLatch(1);
        final List<Long> seen = new CopyOnWriteArrayList<>();

        @Override
        public void handle(Event<T> e) throws InterruptedException {
            entered.countDown();
            open.await();
            seen.add(((Tick) e.value()).n());
        }
    }

    @Test
    void blockMakesThePublisherWaitForRoom() throws Exception {
        for (EventChannels space : List.of(EventChannels.local(), EventChannels.local(dir))) {
            try (space) {
                Gate<Tick> gate = new Gate<>();
                Subscription<Tick> sub = space.subscribe("ticks", Tick.class, gate,
                        SubscribeOptions.defaults().withQueue(4, Overflow.BLOCK).withStart(Start.now()));
                Publisher<Tick> pub = space.publisher("ticks", Tick.class);
                AtomicLong published = new AtomicLong();
                Thread publisher = new Thread(() -> {
                    try {
                        for (int i = 0; i < 20; i++) {
                            pub.publish(new Tick(0, i));
                            published.incrementAndGet();
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
                publisher.start();
                gate.entered.await();
                // One event in the handler, at most four waiting: the publisher cannot be far ahead.
                Thread.sleep(200);
                assertThat(published.get()).isLessThanOrEqualTo(6);
                assertThat(publisher.isAlive()).isTrue();
                gate.open.countDown();
                publisher.join(WAIT.toMillis());
                assertThat(sub.awaitIdle(WAIT)).isTrue();
                assertThat(gate.seen).hasSize(20).isSorted();
                assertThat(sub.dropped()).isZero();
            }
        }
    }

    @Test
    void dropOldestKeepsTheNewestAndCountsTheRest() throws Exception {
        for (EventChannels space : List.of(EventChannels.local(), EventChannels.local(dir))) {
            try (space) {
                Gate<Tick> gate = new Gate<>();
                Subscription<Tick> sub = space.subscribe("ticks", Tick.class, gate,
                        SubscribeOptions.defaults().withQueue(4, Overflow.DROP_OLDEST).withStart(Start.now()));
                Publisher<Tick> pub = space.publisher("ticks", Tick.class);
                pub.publish(new Tick(0, 0));
                gate.entered.await();
                for (int i = 1; i < 20; i++) {
                    pub.publish(new Tick(0, i)); // never waits
                }
                gate.open.countDown();
                assertThat(sub.awaitIdle(WAIT)).isTrue();
                // Event 0 was in the handler; of 1..19 the newest four were kept.
                assertThat(gate.seen).containsExactly(0L, 16L, 17L, 18L, 19L);
                assertThat(sub.dropped()).isEqualTo(15);
            }
        }
    }

    @Test
    void disconnectEndsTheSubscriptionAndReportsIt() throws Exception {
        for (boolean persistent : new boolean[] {false, true}) {
            List<Throwable> errors = new CopyOnWriteArrayList<>();
            EventChannels.Builder b = EventChannels.builder().errorListener((s, seq, e) -> errors.add(e));
            try (EventChannels space = persistent ? b.directory(dir.resolve("d")).build() : b.build()) {
                Gate<Tick> gate = new Gate<>();
                Subscription<Tick> slow = space.subscribe("ticks", Tick.class, gate,
                        SubscribeOptions.defaults().withName("slow").withQueue(2, Overflow.DISCONNECT).withStart(Start.now()));
                Collected<Tick> fast = new Collected<>();
                Subscription<Tick> other = space.subscribe("ticks", Tick.class, fast, SubscribeOptions.defaults().withStart(Start.now()));
                Publisher<Tick> pub = space.publisher("ticks", Tick.class);
                pub.publish(new Tick(0, 0));
                gate.entered.await();
                for (int i = 1; i < 10; i++) {
                    pub.publish(new Tick(0, i));
                }
                assertThat(slow.state()).isEqualTo(SubscriptionState.DISCONNECTED);
                gate.open.countDown();
                assertThat(other.awaitIdle(WAIT)).isTrue();
                assertThat(fast.values()).hasSize(10);
                assertThat(errors).singleElement().satisfies(e -> assertThat(e).hasMessageContaining("subscription 'slow'")
                        .hasMessageContaining("overflowed"));
                assertThat(space.channel("ticks").orElseThrow().subscriptions()).doesNotContain("slow");
            }
        }
    }

    @Test
    void aSubscriptionNeverRunsOnTwoWorkersAtOnceAndKeepsEachPublishersOrder() throws Exception {
        try (EventChannels space = EventChannels.builder().workers(4).build()) {
            int subs = 6;
            int publishers = 3;
            int perPublisher = 2000;
            List<AtomicLong> inside = new CopyOnWriteArrayList<>();
            List<long[]> last = new CopyOnWriteArrayList<>();
            AtomicLong overlaps = new AtomicLong();
            AtomicLong disorder = new AtomicLong();
            List<Subscription<Tick>> all = new CopyOnWriteArrayList<>();
            for (int s = 0; s < subs; s++) {
                AtomicLong in = new AtomicLong();
                long[] lastN = new long[publishers];
                java.util.Arrays.fill(lastN, -1);
                inside.add(in);
                last.add(lastN);
                all.add(space.subscribe("ticks", Tick.class, e -> {
                    if (in.incrementAndGet() != 1) {
                        overlaps.incrementAndGet();
                    }
                    Tick t = e.value();
                    if (t.n() != lastN[t.publisher()] + 1) {
                        disorder.incrementAndGet();
                    }
                    lastN[t.publisher()] = t.n();
                    in.decrementAndGet();
                }, SubscribeOptions.defaults().withQueue(64, Overflow.BLOCK)));
            }
            List<Thread> threads = new java.util.ArrayList<>();
            for (int p = 0; p < publishers; p++) {
                int id = p;
                Publisher<Tick> pub = space.publisher("ticks", Tick.class);
                Thread t = new Thread(() -> {
                    try {
                        for (int i = 0; i < perPublisher; i++) {
                            pub.publish(new Tick(id, i));
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
                threads.add(t);
                t.start();
            }
            for (Thread t : threads) {
                t.join(WAIT.toMillis());
            }
            for (Subscription<Tick> s : all) {
                assertThat(s.awaitIdle(WAIT)).isTrue();
                assertThat(s.handled()).isEqualTo((long) publishers * perPublisher);
            }
            assertThat(overlaps.get()).isZero();
            assertThat(disorder.get()).isZero();
        }
        await("nothing", () -> true);
    }
}
