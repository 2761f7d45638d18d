package io.sluice.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.director.Directors;
import io.sluice.run.ActorSnapshot;
import io.sluice.run.ActorState;
import io.sluice.run.ChannelSnapshot;
import io.sluice.run.Run;
import io.sluice.run.RunConfig;
import io.sluice.run.RunFailedException;
import io.sluice.run.RunInfo;
import io.sluice.run.RunPhase;
import io.sluice.run.RunResult;
import io.sluice.run.RunSnapshot;
import io.sluice.run.RunStatus;
import io.sluice.channel.ChannelStats;
import io.sluice.testing.NoLeakedThreads;
import io.sluice.testing.TestActors;
import io.sluice.workflow.Workflow;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The monitor over HTTP, as a GUI or a script that follows a run sees it; loopback only. */
@ExtendWith(NoLeakedThreads.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RunMonitorHttpTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private RunMonitor monitor;

    @BeforeEach
    void start() throws IOException {
        monitor = RunMonitor.start();
    }

    @AfterEach
    void close() {
        monitor.close();
    }

    private HttpResponse<String> send(String method, String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(monitor.uri().resolve(path)).timeout(WAIT)
                .method(method, HttpRequest.BodyPublishers.noBody()).build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private static RunConfig.Builder watchedClosely() {
        return RunConfig.builder().progressInterval(Duration.ofMillis(20)).timeout(Duration.ofSeconds(50));
    }

    @Test
    void bindsToLoopbackAtAFreePortAndTellsItsAddress() {
        assertThat(monitor.address().getAddress().isLoopbackAddress()).isTrue();
        assertThat(monitor.address().getPort()).isPositive();
        assertThat(monitor.uri()).isEqualTo(URI.create("http://127.0.0.1:" + monitor.address().getPort() + "/"));
        assertThat(monitor.toString()).contains(monitor.uri().toString());
    }

    @Test
    void servesTheGraphAsJsonOnceARunHasStarted() throws Exception {
        HttpResponse<String> before = send("GET", "/graph");
        assertThat(before.statusCode()).isEqualTo(503);

        CountDownLatch release = new CountDownLatch(1);
        release.countDown(); // the source ends at once
        try (Run run = Directors.dataDriven().start(Watched.workflow(release, 1),
                watchedClosely().runId("graph-run").listener(monitor).build())) {
            run.await();
        }
        HttpResponse<String> response = send("GET", "/graph");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("content-type")).hasValue("application/json; charset=utf-8");
        JsonNode graph = JSON.readTree(response.body());
        assertThat(graph.get("runId").asString()).isEqualTo("graph-run");
        assertThat(graph.get("workflow").asString()).isEqualTo("watched");
        assertThat(graph.get("director").asString()).isEqualTo("data");
        assertThat(names(graph.get("actors"))).containsExactlyElementsOf(Watched.ACTORS);
        JsonNode mix = graph.get("actors").get(1);
        assertThat(mix.get("className").asString()).isEqualTo(Watched.Mix.class.getName());
        assertThat(mix.get("type").asString()).isEqualTo(Watched.Mix.class.getName());
        assertThat(mix.get("fired").asBoolean()).isTrue();
        assertThat(mix.get("ports").toString()).isEqualTo("[{\"name\":\"in\",\"direction\":\"in\",\"type\":\"java.lang.Integer\"},"
                + "{\"name\":\"back\",\"direction\":\"in\",\"type\":\"java.lang.Integer\"},"
                + "{\"name\":\"out\",\"direction\":\"out\",\"type\":\"java.lang.Integer\"}]");
        assertThat(names(graph.get("channels"))).containsExactlyElementsOf(Watched.CHANNELS);
        JsonNode forked = graph.get("channels").get(4);
        assertThat(forked.get("writer").asString()).isEqualTo("fork.out");
        assertThat(forked.get("readers").toString()).isEqualTo("[\"sink.in\",\"count.in\"]");
        JsonNode back = graph.get("channels").get(5);
        assertThat(back.get("writer").asString()).isEqualTo("fork.back");
        assertThat(back.get("readers").toString()).isEqualTo("[\"mix.back\"]");
        assertThat(back.get("initialTokens").asInt()).isEqualTo(1);
        assertThat(back.get("capacity").isNull()).isTrue();
        assertThat(back.get("capacityBytes").isNull()).as("no byte capacity of its own").isTrue();
        JsonNode state = graph.get("channels").get(2);
        assertThat(state.get("writer").asString()).isEqualTo("work.next");
        assertThat(state.get("readers").toString()).isEqualTo("[\"work.state\"]");
        JsonNode spare = graph.get("channels").get(6);
        assertThat(spare.get("writer").asString()).isEqualTo("fork.spare");
        assertThat(spare.get("readers").toString()).isEqualTo("[]");
    }

    private static List<String> names(JsonNode array) {
        List<String> names = new ArrayList<>();
        array.forEach(n -> names.add(n.get("name").asString()));
        return names;
    }

    @Test
    void streamsSnapshotsWhoseCountsMoveThenTheEndAndClosesTheStream() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        try (Sse events = Sse.open(http, monitor.uri())) {
            assertThat(events.response().headers().firstValue("content-type")).hasValue("text/event-stream; charset=utf-8");
            RunResult result;
            try (Run run = Directors.dataDriven().start(Watched.workflow(release, 2),
                    watchedClosely().runId("moving").listener(monitor).build())) {
                Sse.Event started = events.next(WAIT);
                assertThat(started.name()).isEqualTo("started");
                assertThat(started.data().get("runId").asString()).isEqualTo("moving");
                assertThat(started.data().get("workflow").asString()).isEqualTo("watched");

                // Snapshots come while the source ticks; wait until the counts have moved twice.
                List<Long> written = new ArrayList<>();
                while (written.stream().distinct().count() < 3) {
                    Sse.Event e = events.next(WAIT);
                    assertThat(e.name()).isEqualTo("snapshot");
                    assertThat(e.data().get("runId").asString()).isEqualTo("moving");
                    assertThat(e.data().get("phase").asString()).isEqualTo("RUNNING");
                    assertThat(names(e.data().get("actors"))).containsExactlyElementsOf(Watched.ACTORS);
                    written.add(e.data().get("tokensWritten").asLong());
                }
                assertThat(written).isSorted();
                release.countDown();
                result = run.await();
            }
            JsonNode last = null;
            Sse.Event e;
            while ((e = events.next(WAIT)).name().equals("snapshot")) {
                last = e.data();
            }
            assertThat(e.name()).isEqualTo("ended");
            assertThat(e.data().get("runId").asString()).isEqualTo("moving");
            assertThat(e.data().get("status").asString()).isEqualTo("COMPLETED");
            assertThat(e.data().get("message").isNull()).isTrue();
            long tokens = result.channels().stream().mapToLong(c -> c.tokensWritten()).sum();
            assertThat(e.data().get("tokensWritten").asLong()).isEqualTo(tokens);
            assertThat(last).as("the run's last snapshot comes before its end").isNotNull();
            assertThat(last.get("phase").asString()).isEqualTo("ENDING");
            assertThat(last.get("tokensWritten").asLong()).isEqualTo(tokens);
            JsonNode sink = last.get("actors").get(4);
            assertThat(sink.get("name").asString()).isEqualTo("sink");
            assertThat(sink.get("state").asString()).isEqualTo("ENDED");
            assertThat(sink.get("firings").asLong()).isEqualTo(result.actor("sink").orElseThrow().firings());
            assertThat(events.ends(WAIT)).as("the stream ends after the run's end").isTrue();
        }
    }

    @Test
    void aFailedRunEndsWithItsStatusAndFailureMessage() throws Exception {
        Workflow failing = Workflow.builder("failing")
                .actor("source", TestActors.emit(Integer.class, IntStream.range(0, 100).boxed().toList()))
                .actor("boom", TestActors.map(Integer.class, Integer.class, x -> {
                    if (x == 42) {
                        throw new IllegalArgumentException("no 42 here");
                    }
                    return x;
                }))
                .actor("sink", TestActors.collect(Integer.class))
                .connect("source.out", "boom.in")
                .connect("boom.out", "sink.in")
                .build();
        try (Run run = Directors.dataDriven().start(failing, watchedClosely().listener(monitor).build())) {
            assertThatThrownBy(run::await).isInstanceOf(RunFailedException.class);
        }
        try (Sse events = Sse.open(http, monitor.uri())) {
            assertThat(events.next(WAIT).name()).isEqualTo("started");
            Sse.Event snapshot = events.next(WAIT);
            assertThat(snapshot.name()).isEqualTo("snapshot");
            assertThat(snapshot.data().get("actors").get(1).get("state").asString()).isEqualTo("FAILED");
            Sse.Event ended = events.next(WAIT);
            assertThat(ended.name()).isEqualTo("ended");
            assertThat(ended.data().get("status").asString()).isEqualTo("FAILED");
            assertThat(ended.data().get("message").asString()).contains("boom", "no 42 here");
            assertThat(events.ends(WAIT)).isTrue();
        }
    }

    @Test
    void aClientThatComesLateGetsTheLatestSnapshotFirst() throws Exception {
        Workflow workflow = pipeline();
        monitor.runStarted(null, info("late", workflow));
        monitor.progress(snapshot("late", 1, 10));
        monitor.progress(snapshot("late", 2, 20));
        monitor.progress(snapshot("late", 3, 30));
        try (Sse events = Sse.open(http, monitor.uri())) {
            assertThat(events.next(WAIT).name()).isEqualTo("started");
            Sse.Event latest = events.next(WAIT);
            assertThat(latest.name()).isEqualTo("snapshot");
            assertThat(latest.data().get("elapsedMillis").asLong()).isEqualTo(3);
            assertThat(latest.data().get("tokensWritten").asLong()).isEqualTo(30);
            JsonNode channel = latest.data().get("channels").get(0);
            assertThat(channel.get("name").asString()).isEqualTo("src.out");
            assertThat(channel.get("written").asLong()).isEqualTo(30);
            assertThat(channel.get("read").toString()).isEqualTo("{\"sink.in\":25}");
            assertThat(channel.get("depth").asLong()).isEqualTo(5);
            assertThat(channel.get("capacity").asInt()).isEqualTo(64);
            assertThat(channel.get("capacityBytes").asLong()).isEqualTo(16L << 20);
            assertThat(channel.get("rate").asDouble()).isEqualTo(1.5);

            monitor.progress(snapshot("late", 4, 40));
            assertThat(events.next(WAIT).data().get("tokensWritten").asLong()).isEqualTo(40);
            monitor.progress(snapshot("another-run", 5, 50)); // not the run shown: ignored
            monitor.runEnded(result("late", RunStatus.COMPLETED, 40));
            Sse.Event ended = events.next(WAIT);
            assertThat(ended.name()).isEqualTo("ended");
            assertThat(ended.data().get("tokensWritten").asLong()).isEqualTo(40);
            assertThat(events.ends(WAIT)).isTrue();
        }
        try (Sse afterTheEnd = Sse.open(http, monitor.uri())) {
            assertThat(afterTheEnd.next(WAIT).name()).isEqualTo("started");
            assertThat(afterTheEnd.next(WAIT).data().get("tokensWritten").asLong()).isEqualTo(40);
            assertThat(afterTheEnd.next(WAIT).name()).isEqualTo("ended");
            assertThat(afterTheEnd.ends(WAIT)).isTrue();
        }
    }

    @Test
    void aRunThatStartsWhileAnotherIsShownIsRefusedAndOneAfterItsEndReplacesIt() throws Exception {
        Workflow workflow = pipeline();
        monitor.runStarted(null, info("first", workflow));
        assertThatThrownBy(() -> monitor.runStarted(null, info("second", workflow)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("first").hasMessageContaining("one run at a time");
        monitor.runEnded(result("first", RunStatus.COMPLETED, 0));
        monitor.runStarted(null, info("third", workflow));
        assertThat(JSON.readTree(send("GET", "/graph").body()).get("runId").asString()).isEqualTo("third");
    }

    @Test
    void anythingButGetIsRefusedAndUnknownPathsAreNotFound() throws Exception {
        for (String method : List.of("POST", "PUT", "DELETE", "HEAD", "OPTIONS")) {
            HttpResponse<String> r = send(method, "/events");
            assertThat(r.statusCode()).as(method).isEqualTo(405);
            assertThat(r.headers().firstValue("allow")).as(method).hasValue("GET");
        }
        assertThat(send("POST", "/").statusCode()).isEqualTo(405);
        for (String path : List.of("/nothing", "/graph/x", "/index.html", "/../pom.xml", "/events/")) {
            assertThat(send("GET", path).statusCode()).as(path).isEqualTo(404);
        }
    }

    @Test
    void servesThePageAndItsScriptFromTheJarWithAPolicyThatAllowsNothingElse() throws Exception {
        HttpResponse<String> page = send("GET", "/");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("content-type")).hasValue("text/html; charset=utf-8");
        assertThat(page.headers().firstValue("content-security-policy")).hasValueSatisfying(p ->
                assertThat(p).contains("default-src 'none'", "script-src 'self'", "connect-src 'self'"));
        assertThat(page.body()).contains("<script src=\"monitor.js\"", "monitor.css").doesNotContain("http://", "https://");
        HttpResponse<String> script = send("GET", "/monitor.js?v=1");
        assertThat(script.statusCode()).isEqualTo(200);
        assertThat(script.headers().firstValue("content-type")).hasValue("text/javascript; charset=utf-8");
        assertThat(script.body()).contains("new EventSource('events')");
        assertThat(script.body().replace("'http://www.w3.org/2000/svg'", "")).as("addresses in the script, but SVG's namespace")
                .doesNotContain("http://", "https://");
        HttpResponse<String> style = send("GET", "/monitor.css");
        assertThat(style.statusCode()).isEqualTo(200);
        assertThat(style.headers().firstValue("content-type")).hasValue("text/css; charset=utf-8");
    }

    @Test
    void answersOnlyRequestsAddressedToLoopback() throws Exception {
        int port = monitor.address().getPort();
        assertThat(rawGet("localhost:" + port)).startsWith("HTTP/1.1 503");
        assertThat(rawGet("127.0.0.1:" + port)).startsWith("HTTP/1.1 503");
        assertThat(rawGet("attacker.example:" + port)).startsWith("HTTP/1.1 403");
        assertThat(rawGet("127.0.0.1:" + (port == 65535 ? 1 : port + 1))).startsWith("HTTP/1.1 403");
    }

    /** A GET of /graph with the given Host header, over a plain socket; the response's text. */
    private String rawGet(String host) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), monitor.address().getPort())) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write(("GET /graph HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void aClientThatDoesNotReadNeverHoldsTheRunBackAndGetsTheLatestWhenItDoes() throws Exception {
        Workflow workflow = pipeline();
        monitor.runStarted(null, info("stalled", workflow));
        int published = 300;
        try (Socket stalled = new Socket()) {
            stalled.setReceiveBufferSize(4096);
            stalled.setSoTimeout(10_000);
            stalled.connect(monitor.address());
            stalled.getOutputStream().write(("GET /events HTTP/1.1\r\nHost: 127.0.0.1:" + monitor.address().getPort() + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            Thread.sleep(100); // not needed for the test to pass: lets the stream start before the flood
            long start = System.nanoTime();
            for (int i = 1; i <= published; i++) {
                monitor.progress(bigSnapshot("stalled", i)); // about 100 kB each, 30 MB in all
            }
            monitor.runEnded(result("stalled", RunStatus.COMPLETED, published));
            Duration publishing = Duration.ofNanos(System.nanoTime() - start);
            assertThat(publishing).as("publishing to a client that reads nothing").isLessThan(Duration.ofSeconds(15));

            // Now read all: the latest snapshot and the end come, most snapshots were skipped.
            String stream = new String(readAll(stalled.getInputStream()), StandardCharsets.UTF_8);
            List<String> elapsed = new ArrayList<>();
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"elapsedMillis\":(\\d+)").matcher(stream);
            while (m.find()) {
                elapsed.add(m.group(1));
            }
            assertThat(elapsed).isNotEmpty().hasSizeLessThan(published / 2);
            assertThat(elapsed.get(elapsed.size() - 1)).isEqualTo(String.valueOf(published));
            assertThat(stream).contains("event: ended");
            assertThat(stream.indexOf("event: ended")).isGreaterThan(stream.lastIndexOf("event: snapshot"));
        }
    }

    /** The body of a chunked response until the server closes the connection, chunk sizes and all. */
    private static byte[] readAll(InputStream in) throws IOException {
        return in.readAllBytes();
    }

    @Test
    void closingReleasesTheThreadAndThePortAndTellsOpenStreams() throws Exception {
        monitor.runStarted(null, info("closing", pipeline()));
        InetSocketAddress address = monitor.address();
        try (Sse events = Sse.open(http, monitor.uri())) {
            assertThat(events.next(WAIT).name()).isEqualTo("started");
            assertThat(NoLeakedThreads.sluiceThreads()).anySatisfy(t -> assertThat(t.getName()).startsWith("sluice-monitor"));
            monitor.close();
            assertThat(NoLeakedThreads.sluiceThreads()).as("threads once close returned")
                    .noneSatisfy(t -> assertThat(t.getName()).startsWith("sluice-monitor"));
            Sse.Event closed = events.next(WAIT);
            assertThat(closed.name()).isEqualTo("closed");
            assertThat(events.ends(WAIT)).isTrue();
        }
        try (ServerSocket again = new ServerSocket()) {
            again.setReuseAddress(true);
            again.bind(address);
            assertThat(again.getLocalPort()).isEqualTo(address.getPort());
        }
        monitor.close(); // idempotent
        monitor.progress(snapshot("closing", 1, 1)); // a closed monitor ignores the run
        monitor.runEnded(result("closing", RunStatus.COMPLETED, 1));
    }

    @Test
    void closingClosesConnectionsThatWaitForTheirNextRequest() throws Exception {
        List<Socket> idle = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                Socket s = new Socket(InetAddress.getLoopbackAddress(), monitor.address().getPort());
                idle.add(s);
                s.setSoTimeout(10_000);
                s.getOutputStream().write(("GET /graph HTTP/1.1\r\nHost: 127.0.0.1:" + monitor.address().getPort() + "\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                byte[] answer = new byte[4096];
                assertThat(new String(answer, 0, s.getInputStream().read(answer), StandardCharsets.US_ASCII))
                        .startsWith("HTTP/1.1 503"); // kept alive, waiting for its next request
            }
            monitor.close();
            for (Socket s : idle) {
                assertThat(s.getInputStream().read()).as("the monitor closed the connection").isEqualTo(-1);
            }
        } finally {
            for (Socket s : idle) {
                s.close();
            }
        }
    }

    @Test
    void aPortThatIsTakenFailsToStartNamingItAndLeavesNoThread() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            assertThatThrownBy(() -> RunMonitor.start(taken.getLocalPort()))
                    .isInstanceOf(IOException.class).hasMessageContaining("127.0.0.1:" + taken.getLocalPort());
        }
        // NoLeakedThreads checks that no monitor thread is left.
    }

    // ---- Runs told by hand ----

    private static Workflow pipeline() {
        return Workflow.builder("p")
                .actor("src", TestActors.emit(Integer.class, List.of(1, 2, 3)))
                .actor("sink", TestActors.collect(Integer.class))
                .connect("src.out", "sink.in")
                .build();
    }

    private static RunInfo info(String runId, Workflow workflow) {
        return new RunInfo(runId, workflow, "data", Instant.parse("2026-11-26T10:00:00Z"), null, "memory");
    }

    private static RunSnapshot snapshot(String runId, long elapsedMillis, long written) {
        return new RunSnapshot(runId, RunPhase.RUNNING, Duration.ofMillis(elapsedMillis),
                List.of(new ActorSnapshot("src", ActorState.FIRING, null, written, Duration.ZERO, Duration.ZERO, Duration.ZERO),
                        new ActorSnapshot("sink", ActorState.WAITING_TO_READ, "src.out", written - 5, Duration.ZERO,
                                Duration.ZERO, Duration.ZERO)),
                List.of(new ChannelSnapshot("src.out", written, Map.of("sink.in", written - 5), 5, 64, 1.5, 16L << 20)));
    }

    /** A snapshot with a thousand channels. */
    private static RunSnapshot bigSnapshot(String runId, long elapsedMillis) {
        List<ChannelSnapshot> channels = IntStream.range(0, 1000)
                .mapToObj(i -> new ChannelSnapshot("channel-number-" + i, elapsedMillis, Map.of("reader-" + i + ".in", 0L),
                        elapsedMillis, Integer.MAX_VALUE, 0))
                .toList();
        return new RunSnapshot(runId, RunPhase.RUNNING, Duration.ofMillis(elapsedMillis), List.of(), channels);
    }

    private static RunResult result(String runId, RunStatus status, long written) {
        return new RunResult(runId, "p", "data", status, Instant.parse("2026-11-26T10:00:00Z"), Duration.ofMillis(40), List.of(),
                List.of(new ChannelStats("src.out", written, 5, 64)));
    }
}
