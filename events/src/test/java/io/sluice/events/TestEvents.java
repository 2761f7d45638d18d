package io.sluice.events;

import io.sluice.records.FieldAliases;
import io.sluice.records.FieldDefault;
import io.sluice.records.FormatName;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Records and helpers the event tests share. */
final class TestEvents {
    private TestEvents() {}

    /** A reading, version 1. */
    @FormatName("org.example.Reading")
    record Reading(String site, int level, double value) {}

    /** A reading, version 2: a field renamed, one widened, one added with a default. */
    @FormatName("org.example.Reading")
    record ReadingV2(@FieldAliases("site") String station, long level, double value, @FieldDefault("\"volts\"") String unit) {}

    /** Another format altogether. */
    @FormatName("org.example.Alarm")
    record Alarm(String what, int severity) {}

    /** A tagged event: who published it and its number there. */
    @FormatName("org.example.Tick")
    record Tick(int publisher, long n) {}

    /** Collects what a handler receives. */
    static final class Collected<T> implements EventHandler<T> {
        final List<Event<T>> events = new CopyOnWriteArrayList<>();

        @Override
        public void handle(Event<T> event) {
            events.add(event);
        }

        List<T> values() {
            List<T> out = new ArrayList<>();
            events.forEach(e -> out.add(e.value()));
            return Collections.unmodifiableList(out);
        }

        List<Long> seqs() {
            return events.stream().map(Event::seq).toList();
        }
    }

    static final Duration WAIT = Duration.ofSeconds(20);

    /** Waits until {@code condition} holds, failing after 20 s. */
    static void await(String what, java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(2);
        }
    }
}
