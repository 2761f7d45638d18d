package io.sluice.events.actors;

import io.sluice.actors.StandardActorTypes;
import io.sluice.director.Directors;
import io.sluice.events.EventChannels;
import io.sluice.events.EventService;
import io.sluice.records.RecordFormat;
import io.sluice.records.actors.RecordActorTypes;
import io.sluice.remote.SpaceServer;
import io.sluice.run.Run;
import io.sluice.run.RunConfig;
import io.sluice.workflow.ActorRegistry;
import io.sluice.workflow.Workflow;
import io.sluice.workflow.json.WorkflowJson;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Workflow files, formats and servers the event actor tests share. */
final class Flows {
    static final String FORMAT = """
            {"type": "record", "name": "Reading", "namespace": "org.example",
             "fields": [{"name": "site", "type": "string"}, {"name": "level", "type": "int"}]}
            """;
    static final RecordFormat READING = RecordFormat.parse(FORMAT);

    /** Reads lines of JSON, makes records of them and publishes them; {@code %s} the space, {@code %s} a pause per record. */
    static final String PUBLISHER = """
            {"name": "sensor",
             "actors": [
               {"name": "lines",   "type": "line-reader",    "params": {"file": "readings.jsonl"}},
               {"name": "records", "type": "json-to-record", "params": {"format": "reading.avsc"}},
               {"name": "pace",    "type": "sleep",          "params": {"sleepTime": %d}},
               {"name": "pub",     "type": "publish",        "params": {"channel": "readings"%s}}
             ],
             "channels": [
               {"from": "lines.output",   "to": "records.input"},
               {"from": "records.output", "to": "pace.input"},
               {"from": "pace.output",    "to": "pub.input"}
             ]}
            """;

    /** Subscribes with {@code %s} as the subscribe actor's parameters, writes each event as a line of events.txt. */
    static final String SUBSCRIBER = """
            {"name": "display",
             "actors": [
               {"name": "sub", "type": "subscribe",   "params": {"channel": "readings"%s}},
               {"name": "out", "type": "line-writer", "params": {"file": "events.txt"}}
             ],
             "channels": [{"from": "sub.output", "to": "out.input"}]}
            """;

    private Flows() {}

    /** A space server on loopback, port 0, hosting event channels (persistent ones in {@code eventsDir} if not null). */
    static SpaceServer server(Path dir, Path eventsDir) throws Exception {
        EventChannels.Builder space = EventChannels.builder().workers(2);
        if (eventsDir != null) {
            space.directory(eventsDir);
        }
        return SpaceServer.builder(dir.resolve("space")).port(0).service(EventService.create(space, Duration.ofSeconds(5))).start();
    }

    /** The record of reading {@code i}: site roof or cellar, level {@code i}. */
    static String reading(int i) {
        return "{\"site\":\"" + (i % 3 == 0 ? "cellar" : "roof") + "\",\"level\":" + i + "}";
    }

    /** Writes the format file and {@code n} readings (and the extra lines) in {@code dir}. */
    static void inputs(Path dir, int n, String... extra) throws Exception {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("reading.avsc"), FORMAT);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            lines.add(reading(i));
        }
        lines.addAll(List.of(extra));
        Files.write(dir.resolve("readings.jsonl"), lines, StandardCharsets.UTF_8);
    }

    /** Writes {@code json} as {@code dir/name} and reads it as a workflow. */
    static Workflow workflow(Path dir, String name, String json, ActorRegistry registry) throws Exception {
        Files.createDirectories(dir);
        Path file = dir.resolve(name);
        Files.writeString(file, json);
        return WorkflowJson.read(file, registry);
    }

    /** The types found on the class path: standard, record and event actors (with no local space). */
    static ActorRegistry discovered() {
        return ActorRegistry.discover(Flows.class.getClassLoader());
    }

    /** The standard, record and event actors, with {@code local} as the local event space. */
    static ActorRegistry withLocal(EventChannels local) {
        return ActorRegistry.builder().include(new StandardActorTypes()).include(new RecordActorTypes())
                .include(EventActorTypes.withLocalSpace(local)).build();
    }

    /** Starts a data-driven run of {@code workflow} in {@code work}, stopped after a minute at most. */
    static Run start(Workflow workflow, Path work) {
        return Directors.dataDriven().start(workflow, RunConfig.builder().workDirectory(work).timeout(Duration.ofSeconds(60)).build());
    }

    /**
     * Waits until {@code condition} holds, polling it; fails after {@code within}, saying what was
     * awaited ({@code what}, asked only then).
     */
    static void await(Supplier<String> what, Duration within, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(what.get() + " did not happen within " + within.toSeconds() + " s");
            }
            Thread.sleep(10);
        }
    }

    /**
     * Waits until the subscribe actor 'sub' of {@code run} has fired once, so its subscription
     * was answered. The server lists a subscription a moment before its answer reaches the
     * client: a link cut or a server closed in between fails the subscribe call itself, in the
     * actor's initialize, not the subscription that a test means to end.
     */
    static void awaitSubscribed(Run run) throws InterruptedException {
        await(() -> "the subscribe actor firing: " + run.snapshot(), Duration.ofSeconds(30),
                () -> run.snapshot().actors().stream().anyMatch(a -> a.name().equals("sub") && a.firings() > 0));
    }

    /** The lines of a run's events.txt. */
    static List<String> events(Path work) throws Exception {
        return Files.readAllLines(work.resolve("events.txt"), StandardCharsets.UTF_8);
    }
}
