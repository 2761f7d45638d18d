package io.sluice.events.actors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.events.Durability;
import io.sluice.events.EventChannels;
import io.sluice.events.Overflow;
import io.sluice.events.Publisher;
import io.sluice.events.Start;
import io.sluice.records.RecordValue;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A subscribe actor restarted from its snapshot, as a resumed run restarts it, goes on with the
 * event after the last one it put: on a persistent channel each event is put once across the
 * restart; on a transient one the resume is refused.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SubscribeResumeTest {
    @TempDir
    Path dir;

    /** A firing context that keeps what is put. */
    static final class Firing implements FiringContext {
        final List<RecordValue> put = new ArrayList<>();
        boolean finished;

        @Override public String actorName() { return "sub"; }
        @Override public String runId() { return "test"; }
        @Override public Path workDirectory() { throw new IllegalStateException(); }
        @Override public Path outputFile(String parameter) { throw new IllegalArgumentException(); }
        @Override public long firing() { return 0; }
        @Override public <T> T take(InputPort<T> port) { throw new IllegalArgumentException(); }
        @Override public boolean hasNext(InputPort<?> port) { throw new IllegalArgumentException(); }
        @Override public void finish() { finished = true; }
        @Override public void declareStateEmpty() {}

        @Override
        public <T> void put(OutputPort<T> port, T token) {
            put.add((RecordValue) token);
        }
    }

    private static Subscribe subscribe(EventChannels space, Start start, long maxEvents) {
        return new Subscribe(new Subscribe.Settings("readings", EventSpaceRef.of("space", "local", space), Flows.READING, null, start,
                "level % 2 == 0", null, maxEvents, null, 16, Overflow.BLOCK));
    }

    private static RecordValue reading(int level) {
        return RecordValue.builder(Flows.READING).set("site", "roof").set("level", level).build();
    }

    private static void fireUntil(Subscribe actor, Firing firing, int puts) throws Exception {
        while (firing.put.size() < puts && !firing.finished) {
            actor.fire(firing);
        }
    }

    @Test
    void onAPersistentChannelTheRestartedActorPutsEachEventOnce() throws Exception {
        try (EventChannels space = EventChannels.local(dir.resolve("events"))) {
            space.declare("readings", Flows.READING, Durability.PERSISTENT);
            Publisher<RecordValue> pub = space.publisher("readings", Flows.READING);
            for (int i = 0; i < 20; i++) {
                pub.publish(reading(i));
            }
            Firing first = new Firing();
            Subscribe before = subscribe(space, Start.beginning(), 8);
            before.initialize(first);
            fireUntil(before, first, 4);
            byte[] snapshot = before.snapshot();
            fireUntil(before, first, 6); // put after the snapshot, then the process dies: a resume puts them again
            before.wrapUp(first);

            Firing second = new Firing();
            Subscribe after = subscribe(space, Start.beginning(), 8);
            after.resume(second, snapshot);
            fireUntil(after, second, 10);
            after.wrapUp(second);
            assertThat(first.put.subList(0, 4)).extracting(r -> r.getInt("level")).containsExactly(0, 2, 4, 6);
            assertThat(second.put).extracting(r -> r.getInt("level")).containsExactly(8, 10, 12, 14);
            assertThat(second.finished).as("maxEvents counts the events put before the restart").isTrue();
            assertThat(after.eventsPut()).isEqualTo(8);
            assertThat(space.channel("readings").orElseThrow().subscriptions()).isEmpty();
        }
    }

    @Test
    void onATransientChannelAResumeIsRefusedNamingTheChannel() throws Exception {
        try (EventChannels space = EventChannels.local()) {
            space.declare("readings", Flows.READING, Durability.TRANSIENT);
            Firing first = new Firing();
            Subscribe before = subscribe(space, Start.now(), 0);
            before.initialize(first);
            space.publisher("readings", Flows.READING).publish(reading(2));
            fireUntil(before, first, 1);
            byte[] snapshot = before.snapshot();
            before.wrapUp(first);
            Subscribe after = subscribe(space, Start.now(), 0);
            Firing second = new Firing();
            assertThatThrownBy(() -> after.resume(second, snapshot)).hasMessageContaining("event channel 'readings'")
                    .hasMessageContaining("transient").hasMessageContaining("resume");
            after.wrapUp(second);
        }
    }
}
