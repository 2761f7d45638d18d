package io.sluice.events;

import static io.sluice.events.TestEvents.WAIT;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.events.TestEvents.Tick;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Handlers swapped and filters changed while events flow: nothing lost, nothing handled twice. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LiveUpdateTest {
    @TempDir
    Path dir;

    @Test
    void handlersSwappedWhileEventsFlowHandleEachEventOnce() throws Exception {
        for (EventChannels space : List.of(EventChannels.local(), EventChannels.local(dir))) {
            try (space) {
                int events = 20_000;
                List<List<Long>> byHandler = new CopyOnWriteArrayList<>();
                Subscription<Tick> sub = space.subscribe("ticks", Tick.class, handler(byHandler),
                        SubscribeOptions.defaults().withStart(Start.now()).withQueue(128, Overflow.BLOCK));
                Publisher<Tick> pub = space.publisher("ticks", Tick.class);
                AtomicBoolean done = new AtomicBoolean();
                Thread publisher = new Thread(() -> {
                    try {
                        for (int i = 0; i < events; i++) {
                            pub.publish(new Tick(0, i));
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    } finally {
                        done.set(true);
                    }
                });
                publisher.start();
                int swaps = 0;
                while (!done.get() || swaps < 5) {
                    sub.updateHandler(handler(byHandler));
                    swaps++;
                    Thread.sleep(1);
                }
                publisher.join(WAIT.toMillis());
                assertThat(sub.awaitIdle(WAIT)).isTrue();
                List<Long> all = new ArrayList<>();
                byHandler.forEach(all::addAll);
                // Each handler saw an increasing run, the runs follow each other, together every event once.
                assertThat(all).hasSize(events).isSorted().doesNotHaveDuplicates();
                assertThat(byHandler.stream().filter(l -> !l.isEmpty()).count()).isGreaterThan(1);
            }
        }
    }

    private static EventHandler<Tick> handler(List<List<Long>> byHandler) {
        List<Long> mine = new CopyOnWriteArrayList<>();
        byHandler.add(mine);
        return e -> mine.add(e.value().n());
    }

    @Test
    void aFilterChangedWhileEventsFlowAppliesToEachEventOnce() throws Exception {
        for (EventChannels space : List.of(EventChannels.local(), EventChannels.local(dir))) {
            try (space) {
                int events = 20_000;
                ConcurrentHashMap<Long, AtomicInteger> seen = new ConcurrentHashMap<>();
                Subscription<Tick> sub = space.subscribe("ticks", Tick.class,
                        e -> seen.computeIfAbsent(e.value().n(), k -> new AtomicInteger()).incrementAndGet(),
                        SubscribeOptions.defaults().withStart(Start.now()).withFilter("n % 2 == 0"));
                Publisher<Tick> pub = space.publisher("ticks", Tick.class);
                AtomicBoolean done = new AtomicBoolean();
                Thread publisher = new Thread(() -> {
                    try {
                        for (int i = 0; i < events; i++) {
                            pub.publish(new Tick(0, i));
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    } finally {
                        done.set(true);
                    }
                });
                publisher.start();
                boolean even = true;
                while (!done.get()) {
                    even = !even;
                    sub.updateFilter(even ? "n % 2 == 0" : "n % 2 == 1 || n % 2 == 0");
                    Thread.sleep(1);
                }
                publisher.join(WAIT.toMillis());
                assertThat(sub.awaitIdle(WAIT)).isTrue();
                // Every even event passes either filter: each was handled exactly once; no odd one twice.
                for (long n = 0; n < events; n += 2) {
                    assertThat(seen.get(n)).as("event %d", n).isNotNull().hasValue(1);
                }
                assertThat(seen.values()).allSatisfy(c -> assertThat(c).hasValue(1));
                assertThat(seen.keySet().stream().filter(n -> n % 2 == 1).count()).isGreaterThan(0);
            }
        }
    }
}
