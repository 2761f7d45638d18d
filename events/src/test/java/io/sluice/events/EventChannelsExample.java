package io.sluice.events;

import io.sluice.records.FieldAliases;
import io.sluice.records.FieldDefault;
import io.sluice.records.FormatName;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** The example of docs/event-channels.md, compiled and run by {@link EventChannelsExampleTest}. */
final class EventChannelsExample {
    private EventChannelsExample() {}

    // BEGIN example
    /** A reading, as the program that publishes readings has it. */
    @FormatName("org.example.Reading")
    record Reading(String site, int level, double value) {}

    /** A reading in a newer program that displays them: a field renamed, one widened, one added. */
    @FormatName("org.example.Reading")
    record ReadingV2(@FieldAliases("site") String station, long level, double value,
            @FieldDefault("\"volts\"") String unit) {}

    static List<String> example(Path directory) throws Exception {
        List<String> shown = new CopyOnWriteArrayList<>();
        // A space whose channels are persistent, kept under the directory; it owns the workers.
        try (EventChannels space = EventChannels.local(directory)) {
            // A display of the newer version: only high readings, handled on the space's workers.
            Subscription<ReadingV2> display = space.subscribe("readings", ReadingV2.class,
                    event -> shown.add(event.seq() + ": " + event.value()),
                    SubscribeOptions.defaults()
                            .withName("display")                      // its acknowledgements are kept by name
                            .withFilter("level >= 10 && station != 'test'")
                            .withQueue(1024, Overflow.BLOCK));         // a slow display slows the publisher

            Publisher<Reading> sensor = space.publisher("readings", Reading.class);
            sensor.publish(new Reading("roof", 12, 3.5));
            sensor.publish(new Reading("roof", 4, 1.0));     // filtered out: never handled
            sensor.publish(new Reading("test", 99, 0.0));    // filtered out
            sensor.publish(new Reading("cellar", 10, 2.25));

            display.awaitIdle(Duration.ofSeconds(10));
            display.acknowledge(3);                          // a restarted display resumes after seq 3
        }
        return shown;
    }
    // END example
}
