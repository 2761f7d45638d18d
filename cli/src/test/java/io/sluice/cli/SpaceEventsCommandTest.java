package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.events.EventChannels;
import io.sluice.events.Publisher;
import io.sluice.events.SubscribeOptions;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code sluice serve --events} and {@code sluice space ls --events}: the event channels' name service. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SpaceEventsCommandTest {
    record Tick(int n) {}

    record Alarm(String what) {}

    @TempDir
    Path dir;

    @Test
    void lsListsEventChannelsWithTheirPublishersAndSubscribers() throws Exception {
        // A lease of 5 s, renewed every 1.7 s: a shorter one could lapse on a loaded machine that delays
        // the renewals, and the listing would then miss the client's publisher and subscriptions.
        try (Sluice.Running serve = Sluice.start(dir, "serve", "--dir", "space", "--events", "--lease-ms", "5000")) {
            String address = serve.firstLine(Duration.ofSeconds(20));
            try (EventChannels events = EventChannels.connect(URI.create(address))) {
                Publisher<Tick> pub = events.publisher("plant.ticks", Tick.class);
                pub.publish(new Tick(1));
                events.subscribe("plant.ticks", Tick.class, e -> {}, SubscribeOptions.defaults().withName("display"));
                events.subscribe("plant.alarms", Alarm.class, e -> {}, SubscribeOptions.defaults().withName("pager"));
                events.subscribe("other", Tick.class, e -> {}, SubscribeOptions.defaults().withName("x"));

                String out = Sluice.run(dir, "space", "ls", "--events", address, "plant\\..*").out();
                assertThat(out.lines()).containsExactly(
                        "plant.ticks\t" + io.sluice.records.RecordFormat.of(Tick.class) + "\ttransient\t1 published",
                        "  publisher\t" + io.sluice.records.RecordFormat.of(Tick.class),
                        "  subscriber\tdisplay",
                        "plant.alarms\t" + io.sluice.records.RecordFormat.of(Alarm.class) + "\ttransient\t0 published",
                        "  subscriber\tpager");
            }
            // The client is gone: its registrations with it.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (Sluice.run(dir, "space", "ls", "-e", address, "plant.ticks").out().lines().count() > 1
                    && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(Sluice.run(dir, "space", "ls", "-e", address, "plant.ticks").out().lines())
                    .containsExactly("plant.ticks\t" + io.sluice.records.RecordFormat.of(Tick.class) + "\ttransient\t1 published");
            serve.stop();
        }
    }

    @Test
    void lsOfASpaceWithoutEventChannelsSaysSo() throws Exception {
        try (Sluice.Running serve = Sluice.start(dir, "serve", "--dir", "space")) {
            String address = serve.firstLine(Duration.ofSeconds(20));
            Sluice.Outcome o = Sluice.run(dir, "space", "ls", "--events", address);
            assertThat(o.code()).isEqualTo(Main.FAILED);
            assertThat(o.err()).contains("does not host event channels");
            serve.stop();
        }
    }
}
