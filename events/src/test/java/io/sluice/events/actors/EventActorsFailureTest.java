package io.sluice.events.actors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.events.EventChannels;
import io.sluice.remote.SpaceServer;
import io.sluice.run.Run;
import io.sluice.run.RunFailedException;
import io.sluice.workflow.WorkflowDefinitionException;
import java.net.URI;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** What goes wrong with the event actors is refused or fails the run naming the actor, port, channel and space. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class EventActorsFailureTest {
    @TempDir
    Path dir;

    /** The URI of a space server that was started and closed: nothing listens there now. */
    private URI downServer() throws Exception {
        try (SpaceServer server = Flows.server(dir.resolve("gone"), null)) {
            return server.uri();
        }
    }

    private RunFailedException failure(Run run) {
        try (run) {
            return org.junit.jupiter.api.Assertions.assertThrows(RunFailedException.class, run::await);
        }
    }

    @Test
    void aServerThatIsDownFailsTheRunNamingActorPortChannelAndSpace() throws Exception {
        Flows.inputs(dir, 3);
        URI uri = downServer();
        String space = ", \"space\": \"" + uri + "\"";
        RunFailedException sub = failure(Flows.start(Flows.workflow(dir, "display.json",
                Flows.SUBSCRIBER.formatted(space + ", \"format\": \"reading.avsc\""), Flows.discovered()), dir.resolve("wd")));
        assertThat(sub).hasMessageContaining("actor 'sub'").hasMessageContaining("port 'output'")
                .hasMessageContaining("event channel 'readings'").hasMessageContaining(uri.toString())
                .hasMessageContaining("cannot reach the event space");
        RunFailedException pub = failure(Flows.start(Flows.workflow(dir, "sensor.json", Flows.PUBLISHER.formatted(0, space),
                Flows.discovered()), dir.resolve("ws")));
        assertThat(pub).hasMessageContaining("actor 'pub'").hasMessageContaining("port 'input'")
                .hasMessageContaining("event channel 'readings'").hasMessageContaining(uri.toString());
    }

    @Test
    void aServerThatGoesAwayFailsTheSubscribingRunNamingTheSpace() throws Exception {
        Flows.inputs(dir, 0);
        SpaceServer server = Flows.server(dir, null);
        URI uri = server.uri();
        Run display;
        try (server; EventChannels watcher = EventChannels.connect(uri)) {
            display = Flows.start(Flows.workflow(dir, "display.json", Flows.SUBSCRIBER.formatted(", \"space\": \"" + uri
                    + "\", \"format\": \"reading.avsc\""), Flows.discovered()), dir.resolve("wd"));
            EventActorsRemoteTest.awaitSubscriptions(watcher, 1);
            Flows.awaitSubscribed(display);
        }
        RunFailedException e = failure(display);
        assertThat(e).hasMessageContaining("actor 'sub'").hasMessageContaining("event channel 'readings'")
                .hasMessageContaining(uri.toString()).hasMessageContaining("ended");
    }

    @Test
    void aFilterThatDoesNotCompileIsRefusedWithItsPosition() throws Exception {
        Flows.inputs(dir, 3);
        try (SpaceServer server = Flows.server(dir, null)) {
            String space = ", \"space\": \"" + server.uri() + "\"";
            // With a format, when the workflow is read: the file's line, the parameter, CEL's line and column.
            assertThatThrownBy(() -> Flows.workflow(dir, "display.json", Flows.SUBSCRIBER.formatted(space
                    + ", \"format\": \"reading.avsc\", \"filter\": \"level > && site == 'a'\""), Flows.discovered()))
                    .isInstanceOf(WorkflowDefinitionException.class)
                    .hasMessageContaining("display.json:3:").hasMessageContaining("parameter 'filter'")
                    .hasMessageContaining("line 1, column 9").hasMessageContaining("event channel 'readings'");
            assertThatThrownBy(() -> Flows.workflow(dir, "display.json", Flows.SUBSCRIBER.formatted(space
                    + ", \"format\": \"reading.avsc\", \"endWhen\": \"nosuchfield < 0\""), Flows.discovered()))
                    .hasMessageContaining("parameter 'endWhen'").hasMessageContaining("nosuchfield");
            // Without one, when the run subscribes, against the channel's format.
            try (EventChannels client = EventChannels.connect(server.uri())) {
                client.declare("readings", Flows.READING, io.sluice.events.Durability.TRANSIENT);
                RunFailedException e = failure(Flows.start(Flows.workflow(dir, "display.json", Flows.SUBSCRIBER.formatted(space
                        + ", \"filter\": \"level > 'x'\""), Flows.discovered()), dir.resolve("wd")));
                assertThat(e).hasMessageContaining("actor 'sub'").hasMessageContaining("parameter 'filter'")
                        .hasMessageContaining("line 1, column").hasMessageContaining(server.uri().toString());
            }
        }
    }

    @Test
    void aChannelThatDoesNotExistNeedsAFormat() throws Exception {
        Flows.inputs(dir, 0);
        try (SpaceServer server = Flows.server(dir, null)) {
            RunFailedException e = failure(Flows.start(Flows.workflow(dir, "display.json", Flows.SUBSCRIBER.formatted(
                    ", \"space\": \"" + server.uri() + "\""), Flows.discovered()), dir.resolve("wd")));
            assertThat(e).hasMessageContaining("event channel 'readings'").hasMessageContaining("does not exist")
                    .hasMessageContaining("parameter 'format'");
        }
    }

    @Test
    void aTokenThatIsNotARecordFailsNamingThePort() throws Exception {
        Flows.inputs(dir, 2);
        try (SpaceServer server = Flows.server(dir, null)) {
            String flow = """
                    {"name": "raw", "actors": [
                       {"name": "lines", "type": "line-reader", "params": {"file": "readings.jsonl"}},
                       {"name": "pub",   "type": "publish",     "params": {"channel": "readings", "space": "%s"}}],
                     "channels": [{"from": "lines.output", "to": "pub.input"}]}
                    """.formatted(server.uri());
            RunFailedException e = failure(Flows.start(Flows.workflow(dir, "raw.json", flow, Flows.discovered()), dir.resolve("w")));
            assertThat(e).hasMessageContaining("actor 'pub'").hasMessageContaining("port 'input'").hasMessageContaining("is not a record");
        }
    }

    @Test
    void aPersistentChannelOnAServerWithoutADirectoryIsRefusedNamingTheChannel() throws Exception {
        Flows.inputs(dir, 2);
        try (SpaceServer server = Flows.server(dir, null)) {
            RunFailedException e = failure(Flows.start(Flows.workflow(dir, "sensor.json", Flows.PUBLISHER.formatted(0,
                    ", \"space\": \"" + server.uri() + "\", \"format\": \"reading.avsc\", \"durability\": \"persistent\""),
                    Flows.discovered()), dir.resolve("ws")));
            assertThat(e).hasMessageContaining("actor 'pub'").hasMessageContaining("event channel 'readings'")
                    .hasMessageContaining("persistent");
        }
    }

    @Test
    void badParametersAreRefusedWhenTheWorkflowIsRead() throws Exception {
        Flows.inputs(dir, 0);
        assertThatThrownBy(() -> Flows.workflow(dir, "a.json", Flows.SUBSCRIBER.formatted(", \"space\": \"local\""), Flows.discovered()))
                .hasMessageContaining("parameter 'space'").hasMessageContaining("no local event space");
        assertThatThrownBy(() -> Flows.workflow(dir, "b.json", Flows.SUBSCRIBER.formatted(""), Flows.discovered()))
                .hasMessageContaining("space");
        assertThatThrownBy(() -> Flows.workflow(dir, "c.json", Flows.SUBSCRIBER.formatted(", \"space\": \"http://x:1\""),
                Flows.discovered())).hasMessageContaining("sluice://host:port");
        assertThatThrownBy(() -> Flows.workflow(dir, "d.json", Flows.SUBSCRIBER.formatted(
                ", \"space\": \"sluice://localhost:1\", \"format\": \"missing.avsc\""), Flows.discovered()))
                .hasMessageContaining("parameter 'format'").hasMessageContaining("missing.avsc");
        assertThatThrownBy(() -> Flows.workflow(dir, "e.json", Flows.SUBSCRIBER.formatted(
                ", \"space\": \"sluice://localhost:1\", \"start\": \"later\""), Flows.discovered()))
                .hasMessageContaining("parameter 'start'").hasMessageContaining("later");
        assertThatThrownBy(() -> Flows.workflow(dir, "f.json", Flows.PUBLISHER.formatted(0,
                ", \"space\": \"sluice://localhost:1\", \"durability\": \"forever\""), Flows.discovered()))
                .hasMessageContaining("parameter 'durability'");
        assertThatThrownBy(() -> Flows.workflow(dir, "g.json", Flows.PUBLISHER.formatted(0,
                ", \"space\": \"sluice://localhost:1\", \"endMarker\": {\"site\": \"end\", \"level\": 0}"), Flows.discovered()))
                .hasMessageContaining("parameter 'endMarker' needs the parameter 'format'");
        assertThatThrownBy(() -> Flows.workflow(dir, "h.json", Flows.PUBLISHER.formatted(0,
                ", \"space\": \"sluice://localhost:1\", \"format\": \"reading.avsc\", \"endMarker\": {\"site\": \"end\"}"),
                Flows.discovered())).hasMessageContaining("parameter 'endMarker'").hasMessageContaining("level");
    }
}
