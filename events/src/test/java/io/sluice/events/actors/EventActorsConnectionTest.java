package io.sluice.events.actors;

import static io.sluice.events.actors.Flows.reading;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.events.CuttableRelay;
import io.sluice.events.Durability;
import io.sluice.events.EventChannels;
import io.sluice.events.Publisher;
import io.sluice.events.RemoteEventOptions;
import io.sluice.records.RecordValue;
import io.sluice.remote.RemoteChannels;
import io.sluice.remote.SpaceServer;
import io.sluice.run.Run;
import io.sluice.run.RunFailedException;
import io.sluice.workflow.Workflow;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The connection parameters of the {@code publish} and {@code subscribe} actor types ({@code
 * reconnect}, {@code answerTimeout}, {@code giveUpAfter}): read from a workflow, and what they do
 * to a run whose link to the space server is cut. On loopback, through a relay the test cuts.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class EventActorsConnectionTest {
    @TempDir
    Path dir;

    private static RunFailedException failure(Run run) {
        try (run) {
            return org.junit.jupiter.api.Assertions.assertThrows(RunFailedException.class, run::await);
        }
    }

    @Test
    void theParametersReachTheClientAndDefaultToTheClientsDefaults() throws Exception {
        Flows.inputs(dir, 0);
        String space = ", \"space\": \"sluice://localhost:1\"";
        Workflow plain = Flows.workflow(dir, "a.json", Flows.SUBSCRIBER.formatted(space), Flows.discovered());
        RemoteEventOptions defaults = ((Subscribe) plain.actor("sub").orElseThrow().actor()).settings().space().eventOptions();
        assertThat(defaults.reconnect()).as("reconnect, as the client's default").isEqualTo(RemoteEventOptions.defaults().reconnect())
                .isTrue();
        assertThat(defaults.answerTimeout()).isEqualTo(RemoteEventOptions.DEFAULT_ANSWER_TIMEOUT);

        Workflow set = Flows.workflow(dir, "b.json", Flows.SUBSCRIBER.formatted(space
                + ", \"reconnect\": false, \"answerTimeout\": 1500, \"giveUpAfter\": 2000"), Flows.discovered());
        RemoteEventOptions sub = ((Subscribe) set.actor("sub").orElseThrow().actor()).settings().space().eventOptions();
        assertThat(sub.reconnect()).isFalse();
        assertThat(sub.answerTimeout()).isEqualTo(Duration.ofMillis(1500));

        Workflow pub = Flows.workflow(dir, "c.json", Flows.PUBLISHER.formatted(0, space + ", \"answerTimeout\": 2500"),
                Flows.discovered());
        RemoteEventOptions p = ((Publish) pub.actor("pub").orElseThrow().actor()).space().eventOptions();
        assertThat(p.answerTimeout()).isEqualTo(Duration.ofMillis(2500));
        assertThat(p.reconnect()).isTrue();

        assertThatThrownBy(() -> Flows.workflow(dir, "d.json", Flows.SUBSCRIBER.formatted(space + ", \"answerTimeout\": 0"),
                Flows.discovered())).hasMessageContaining("parameter 'answerTimeout'").hasMessageContaining("positive");
        assertThatThrownBy(() -> Flows.workflow(dir, "e.json", Flows.SUBSCRIBER.formatted(space + ", \"giveUpAfter\": -5"),
                Flows.discovered())).hasMessageContaining("parameter 'giveUpAfter'");
        try (EventChannels local = EventChannels.local()) {
            assertThatThrownBy(() -> Flows.workflow(dir, "f.json", Flows.SUBSCRIBER.formatted(", \"reconnect\": true"),
                    Flows.withLocal(local))).hasMessageContaining("'reconnect'").hasMessageContaining("the space is local");
        }

        // in Java
        java.net.URI uri = java.net.URI.create("sluice://localhost:1");
        RemoteEventOptions off = RemoteEventOptions.defaults().withReconnect(false).withAnswerTimeout(Duration.ofMillis(900));
        assertThat(Subscribe.to(uri, RemoteChannels.options(), off, "readings").build().settings().space().eventOptions())
                .isSameAs(off);
        assertThat(Publish.to(uri, RemoteChannels.options(), off, "readings").space().eventOptions()).isSameAs(off);
        assertThat(Publish.to(uri, RemoteChannels.options(), off, "readings").format(Flows.READING).space().eventOptions())
                .isSameAs(off);
    }

    /** Subscribes to the persistent channel 'readings' from its beginning through {@code uri}, until 2 events. */
    private Run display(java.net.URI uri, String more) throws Exception {
        return Flows.start(Flows.workflow(dir, "display.json", Flows.SUBSCRIBER.formatted(", \"space\": \"" + uri
                + "\", \"format\": \"reading.avsc\", \"start\": \"beginning\", \"maxEvents\": 2" + more), Flows.discovered()),
                dir.resolve("wd"));
    }

    @Test
    void bySubscribeDefaultARunGoesOnAfterItsLinkWasCut() throws Exception {
        Flows.inputs(dir, 0);
        try (SpaceServer server = Flows.server(dir, dir.resolve("events")); CuttableRelay relay = new CuttableRelay(server.uri());
                EventChannels direct = EventChannels.connect(server.uri())) {
            direct.declare("readings", Flows.READING, Durability.PERSISTENT);
            try (Run run = display(relay.uri(), "")) {
                Flows.awaitSubscribed(run);
                try (Publisher<RecordValue> p = direct.publisher("readings", Flows.READING)) {
                    p.publish(record(0));
                    relay.cut();
                    p.publish(record(1)); // while the subscription registers again, or after
                }
                run.await();
                assertThat(Flows.events(dir.resolve("wd"))).as("each event once, across the cut").containsExactly(reading(0), reading(1));
            }
        }
    }

    @Test
    void withReconnectFalseACutLinkFailsTheSubscribingRun() throws Exception {
        Flows.inputs(dir, 0);
        try (SpaceServer server = Flows.server(dir, dir.resolve("events")); CuttableRelay relay = new CuttableRelay(server.uri());
                EventChannels direct = EventChannels.connect(server.uri())) {
            direct.declare("readings", Flows.READING, Durability.PERSISTENT);
            Run run = display(relay.uri(), ", \"reconnect\": false");
            Flows.awaitSubscribed(run);
            relay.cut();
            RunFailedException e = failure(run);
            assertThat(e).hasMessageContaining("actor 'sub'").hasMessageContaining("event channel 'readings'")
                    .hasMessageContaining(relay.uri().toString()).hasMessageContaining("ended");
        }
    }

    @Test
    void aPublishWaitsAtMostTheAnswerTimeoutForALinkThatDoesNotComeBack() throws Exception {
        Flows.inputs(dir, 0);
        // the workflow subscribes to the program's own space and publishes what it gets to the server, through the relay;
        // its answer timeout also bounds opening the publisher and the first publish's answer, which a loaded
        // machine can delay by seconds: a shorter one would fail the run before the cut
        String workflow = """
                {"name": "bridge",
                 "actors": [
                   {"name": "in",  "type": "subscribe", "params": {"channel": "in", "format": "reading.avsc", "start": "now"}},
                   {"name": "pub", "type": "publish",   "params": {"channel": "readings", "space": "%s",
                                                                   "answerTimeout": 5000, "giveUpAfter": 60000}}
                 ],
                 "channels": [{"from": "in.output", "to": "pub.input"}]}
                """;
        try (SpaceServer server = Flows.server(dir, null); CuttableRelay relay = new CuttableRelay(server.uri());
                EventChannels direct = EventChannels.connect(server.uri()); EventChannels local = EventChannels.local()) {
            List<RecordValue> got = new java.util.concurrent.CopyOnWriteArrayList<>();
            direct.subscribe("readings", Flows.READING, e -> got.add(e.value()), io.sluice.events.SubscribeOptions.defaults());
            Run run = Flows.start(Flows.workflow(dir, "bridge.json", workflow.formatted(relay.uri()), Flows.withLocal(local)),
                    dir.resolve("wb"));
            try (Publisher<RecordValue> in = local.publisher("in", Flows.READING)) {
                awaitLocalSubscription(local);
                in.publish(record(0));
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (got.isEmpty() && System.nanoTime() < deadline) {
                    Thread.sleep(10);
                }
                assertThat(got).as("the first record through the relay").hasSize(1);
                relay.cutForGood(); // no new connection is kept: the client stays disconnected (for up to 60 s)
                relay.awaitRefused(); // it has seen the break: the next publish waits to be sent, not for an answer
                in.publish(record(1));
                RunFailedException e = failure(run);
                assertThat(e).hasMessageContaining("actor 'pub'").hasMessageContaining("not connected and registered again within 5000 ms");
            }
        }
    }

    /** The record of {@link Flows#reading}. */
    private static RecordValue record(int i) {
        return RecordValue.builder(Flows.READING).set("site", i % 3 == 0 ? "cellar" : "roof").set("level", i).build();
    }

    private static void awaitLocalSubscription(EventChannels local) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (local.channel("in").map(c -> c.subscriptions().isEmpty()).orElse(true)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the workflow never subscribed to 'in'");
            }
            Thread.sleep(10);
        }
    }
}
