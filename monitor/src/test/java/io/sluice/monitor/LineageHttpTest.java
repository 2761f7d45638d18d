package io.sluice.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.testing.NoLeakedThreads;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code /lineage} over HTTP, with a lineage source told by hand ({@link Pairs}) and without one; loopback only. */
@ExtendWith(NoLeakedThreads.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LineageHttpTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private HttpResponse<String> get(RunMonitor monitor, String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(monitor.uri().resolve(path)).timeout(WAIT).GET().build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** A source that counts its calls and remembers the threads they came on and the queries they asked. */
    private static final class Recording implements LineageSource {
        final LineageSource source;
        final AtomicInteger calls = new AtomicInteger();
        final AtomicInteger inside = new AtomicInteger();
        final AtomicInteger mostAtOnce = new AtomicInteger();
        final Set<String> threads = ConcurrentHashMap.newKeySet();
        final List<LineageQuery> queries = new java.util.concurrent.CopyOnWriteArrayList<>();

        Recording(LineageSource source) {
            this.source = source;
        }

        @Override
        public LineageGraph lineage(LineageQuery query) {
            calls.incrementAndGet();
            mostAtOnce.accumulateAndGet(inside.incrementAndGet(), Math::max);
            try {
                threads.add(Thread.currentThread().getName());
                queries.add(query);
                return source.lineage(query);
            } finally {
                inside.decrementAndGet();
            }
        }

        @Override
        public Description describe() {
            return source.describe();
        }
    }

    @Test
    void withoutASourceTheEndpointIsNotFoundWithAJsonErrorThatSaysHowToGetOne() throws Exception {
        try (RunMonitor monitor = RunMonitor.start()) {
            for (String path : List.of("/lineage", "/lineage?channel=pair.out&seq=1", "/lineage?nonsense=1")) {
                HttpResponse<String> r = get(monitor, path);
                assertThat(r.statusCode()).as(path).isEqualTo(404);
                assertThat(r.headers().firstValue("content-type")).as(path).hasValue("application/json; charset=utf-8");
                assertThat(JSON.readTree(r.body()).get("error").asString()).as(path)
                        .contains("serves no lineages", "without a lineage source", "sluice prov lineage");
            }
            assertThat(NoLeakedThreads.sluiceThreads()).noneSatisfy(t -> assertThat(t.getName()).contains("lineage"));
        }
    }

    @Test
    void aTokensLineageIsAnsweredAsAGraphOfFiringsAndTokens() throws Exception {
        Recording source = new Recording(new Pairs());
        try (RunMonitor monitor = RunMonitor.builder().lineage(source).start()) {
            HttpResponse<String> r = get(monitor, "/lineage?channel=pair.out&seq=2");
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            assertThat(r.headers().firstValue("content-type")).hasValue("application/json; charset=utf-8");
            assertThat(r.headers().firstValue("cache-control")).hasValue("no-store");
            JsonNode lineage = JSON.readTree(r.body());
            assertThat(lineage.get("channel").asString()).isEqualTo("pair.out");
            assertThat(lineage.get("seq").asLong()).isEqualTo(2);
            assertThat(lineage.get("direction").asString()).isEqualTo("back");
            assertThat(lineage.get("depth").asInt()).isEqualTo(LineageQuery.DEFAULT_DEPTH);
            assertThat(source.queries).containsExactly(new LineageQuery("pair.out", 2, LineageQuery.Direction.BACKWARD, 3));

            JsonNode asked = lineage.get("nodes").get(0);
            assertThat(asked.toString()).isEqualTo("{\"id\":\"t-pair.out-2\",\"kind\":\"tokens\",\"label\":\"pair.out#2\","
                    + "\"channel\":\"pair.out\",\"fromSeq\":2,\"toSeq\":3,\"count\":1,\"value\":\"w4+w5\",\"asked\":true}");
            JsonNode firing = lineage.get("nodes").get(1);
            assertThat(firing.toString()).isEqualTo("{\"id\":\"f-pair-2\",\"kind\":\"firings\",\"label\":\"pair#2\",\"actor\":\"pair\","
                    + "\"firstFiring\":2,\"lastFiring\":2,\"count\":1}");
            JsonNode range = lineage.get("nodes").get(2);
            assertThat(range.get("label").asString()).isEqualTo("src.out#4..5");
            assertThat(range.get("count").asLong()).isEqualTo(2);
            assertThat(range.get("value").isNull()).isTrue();
            assertThat(range.get("asked").asBoolean()).isFalse();
            List<String> labels = new ArrayList<>();
            lineage.get("nodes").forEach(n -> labels.add(n.get("label").asString()));
            assertThat(labels).containsExactly("pair.out#2", "pair#2", "src.out#4..5", "src#4", "src.out#4", "src#5", "src.out#5");

            assertThat(lineage.get("edges").get(0).toString())
                    .isEqualTo("{\"from\":\"t-src.out-4..5\",\"to\":\"f-pair-2\",\"flow\":\"consumed\",\"widened\":null}");
            assertThat(lineage.get("edges").get(1).get("flow").asString()).isEqualTo("produced");
            assertThat(lineage.get("edges").get(3).get("flow").asString()).isEqualTo("part");
            assertThat(lineage.get("notes").toString()).isEqualTo("[\"told by hand: pair.out#2\"]");

            JsonNode forward = JSON.readTree(get(monitor, "/lineage?channel=src.out&seq=5&direction=forward&depth=1").body());
            assertThat(forward.get("direction").asString()).isEqualTo("forward");
            assertThat(forward.get("depth").asInt()).isEqualTo(1);
            assertThat(source.queries.get(1)).isEqualTo(new LineageQuery("src.out", 5, LineageQuery.Direction.FORWARD, 1));
            assertThat(forward.get("nodes").get(0).get("asked").asBoolean()).isTrue();
            assertThat(get(monitor, "/lineage?channel=src.out&seq=5&direction=backward").statusCode()).isEqualTo(200);
            assertThat(source.queries.get(2).direction()).isEqualTo(LineageQuery.Direction.BACKWARD);

            assertThat(source.threads).singleElement().asString().startsWith("sluice-monitor-lineage-");

            int port = monitor.address().getPort();
            assertThat(monitor.uri(new LineageQuery("pair.out", 2, LineageQuery.Direction.BACKWARD, 3)))
                    .hasToString("http://127.0.0.1:" + port + "/?channel=pair.out&seq=2&direction=back&depth=3");
            assertThat(monitor.uri(new LineageQuery("odd name&x", 7, LineageQuery.Direction.FORWARD, 1)))
                    .hasToString("http://127.0.0.1:" + port + "/?channel=odd+name%26x&seq=7&direction=forward&depth=1");
            HttpResponse<String> odd = get(monitor, monitor.uri(new LineageQuery("odd name&x", 7, LineageQuery.Direction.FORWARD, 1))
                    .toString().replace("/?", "/lineage?"));
            assertThat(JSON.readTree(odd.body()).get("error").asString()).contains("no channel 'odd name&x'");
        }
    }

    @Test
    void withoutParametersTheEndpointSaysWhatItsSourceAnswersAbout() throws Exception {
        try (RunMonitor monitor = RunMonitor.builder().lineage(new Pairs()).start()) {
            HttpResponse<String> r = get(monitor, "/lineage");
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.body()).isEqualTo("{\"runId\":\"pairs-run\",\"workflow\":\"pairs\",\"channels\":["
                    + "{\"name\":\"src.out\",\"writer\":\"src.out\",\"readers\":[\"pair.in\"]},"
                    + "{\"name\":\"pair.out\",\"writer\":\"pair.out\",\"readers\":[\"sink.in\"]}],"
                    + "\"defaultDepth\":3,\"maxDepth\":20}");
        }
        LineageSource saysNothing = q -> new LineageGraph(List.of(), List.of(), List.of());
        try (RunMonitor monitor = RunMonitor.builder().lineage(saysNothing).start()) {
            assertThat(get(monitor, "/lineage").body())
                    .isEqualTo("{\"runId\":null,\"workflow\":null,\"channels\":[],\"defaultDepth\":3,\"maxDepth\":20}");
        }
    }

    @Test
    void anUnknownChannelOrASeqBeyondWhatItsChannelHeldIsNotFoundNamingIt() throws Exception {
        try (RunMonitor monitor = RunMonitor.builder().lineage(new Pairs()).start()) {
            HttpResponse<String> channel = get(monitor, "/lineage?channel=nowhere.out&seq=0");
            assertThat(channel.statusCode()).isEqualTo(404);
            assertThat(channel.headers().firstValue("content-type")).hasValue("application/json; charset=utf-8");
            assertThat(JSON.readTree(channel.body()).get("error").asString())
                    .isEqualTo("run pairs-run has no channel 'nowhere.out'; its channels: [src.out, pair.out]");

            HttpResponse<String> seq = get(monitor, "/lineage?channel=pair.out&seq=5");
            assertThat(seq.statusCode()).isEqualTo(404);
            assertThat(JSON.readTree(seq.body()).get("error").asString())
                    .isEqualTo("no token pair.out#5 was recorded: channel 'pair.out' holds 5 tokens");
            assertThat(get(monitor, "/lineage?channel=pair.out&seq=4").statusCode()).isEqualTo(200);
        }
    }

    @Test
    void badParametersAreRefusedNamingTheParameterWithoutAskingTheSource() throws Exception {
        Map<String, String> refused = new java.util.LinkedHashMap<>();
        refused.put("seq=1", "channel");
        refused.put("channel=&seq=1", "channel");
        refused.put("channel=pair.out", "seq");
        refused.put("channel=pair.out&seq=-1", "seq");
        refused.put("channel=pair.out&seq=one", "seq");
        refused.put("channel=pair.out&seq=99999999999999999999", "seq");
        refused.put("channel=pair.out&seq=1&direction=sideways", "direction");
        refused.put("channel=pair.out&seq=1&depth=0", "depth");
        refused.put("channel=pair.out&seq=1&depth=21", "depth");
        refused.put("channel=pair.out&seq=1&depth=deep", "depth");
        refused.put("channel=pair.out&seq=1&seq=2", "seq");
        refused.put("channel=pair.out&seq=1&chanel=pair.out", "chanel");
        Recording source = new Recording(new Pairs());
        try (RunMonitor monitor = RunMonitor.builder().lineage(source).start()) {
            for (Map.Entry<String, String> e : refused.entrySet()) {
                HttpResponse<String> r = get(monitor, "/lineage?" + e.getKey());
                assertThat(r.statusCode()).as(e.getKey()).isEqualTo(400);
                assertThat(r.headers().firstValue("content-type")).as(e.getKey()).hasValue("application/json; charset=utf-8");
                JsonNode body = JSON.readTree(r.body());
                assertThat(body.get("parameter").asString()).as(e.getKey()).isEqualTo(e.getValue());
                assertThat(body.get("error").asString()).as(e.getKey()).contains("'" + e.getValue() + "'");
            }
            assertThat(JSON.readTree(get(monitor, "/lineage?channel=pair.out&seq=1&depth=21").body()).get("error").asString())
                    .isEqualTo("parameter 'depth' must be a whole number from 1 to 20, not 21");
            assertThat(source.calls).as("the source is asked nothing a parameter refused").hasValue(0);
        }
    }

    @Test
    void aSourceThatFailsIsAnswered500WithItsMessageAndAskedAgainNextTime() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        LineageSource flaky = q -> {
            if (calls.incrementAndGet() == 1) {
                throw new IllegalStateException("the firing log's batch 7 in /tmp/w/provenance is damaged");
            }
            return new Pairs().lineage(q);
        };
        try (RunMonitor monitor = RunMonitor.builder().lineage(flaky).start()) {
            HttpResponse<String> failed = get(monitor, "/lineage?channel=pair.out&seq=1");
            assertThat(failed.statusCode()).isEqualTo(500);
            assertThat(JSON.readTree(failed.body()).get("error").asString())
                    .isEqualTo("cannot tell the lineage of pair.out#1: the firing log's batch 7 in /tmp/w/provenance is damaged");
            assertThat(get(monitor, "/lineage?channel=pair.out&seq=1").statusCode()).isEqualTo(200);
        }
        AtomicInteger deep = new AtomicInteger();
        LineageSource overflowing = q -> {
            if (deep.incrementAndGet() == 1) {
                throw new StackOverflowError("a source that recursed too deep");
            }
            return new Pairs().lineage(q);
        };
        try (RunMonitor monitor = RunMonitor.builder().lineage(overflowing).start()) {
            HttpResponse<String> failed = get(monitor, "/lineage?channel=pair.out&seq=1");
            assertThat(failed.statusCode()).isEqualTo(500);
            assertThat(failed.body()).contains("StackOverflowError", "a source that recursed too deep");
            assertThat(get(monitor, "/lineage?channel=pair.out&seq=1").statusCode()).as("asked again on a new thread").isEqualTo(200);
        }
        LineageSource silent = q -> null;
        try (RunMonitor monitor = RunMonitor.builder().lineage(silent).start()) {
            HttpResponse<String> r = get(monitor, "/lineage?channel=pair.out&seq=1");
            assertThat(r.statusCode()).isEqualTo(500);
            assertThat(r.body()).contains("answered nothing for pair.out#1");
        }
    }

    @Test
    void questionsAreAnsweredOneAtATimeTooManyWaitingAreRefusedAndCloseWaitsForTheOneUnderWay() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Recording source = new Recording(q -> {
            entered.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new Pairs().lineage(q);
        });
        RunMonitor monitor = RunMonitor.builder().lineage(source).start();
        try {
            HttpRequest first = HttpRequest.newBuilder(monitor.uri().resolve("/lineage?channel=pair.out&seq=0")).timeout(WAIT).build();
            CompletableFuture<HttpResponse<String>> answered = http.sendAsync(first, HttpResponse.BodyHandlers.ofString());
            assertThat(entered.await(20, TimeUnit.SECONDS)).isTrue();
            // The monitor's live views go on while the source is busy.
            assertThat(get(monitor, "/graph").statusCode()).isEqualTo(503);
            assertThat(get(monitor, "/").statusCode()).isEqualTo(200);
            List<CompletableFuture<HttpResponse<String>>> more = new ArrayList<>();
            for (int i = 0; i < 24; i++) {
                HttpRequest r = HttpRequest.newBuilder(monitor.uri().resolve("/lineage?channel=src.out&seq=" + (i % 10))).timeout(WAIT).build();
                more.add(http.sendAsync(r, HttpResponse.BodyHandlers.ofString()));
            }
            // 16 wait their turn; the others are refused at once, to ask again.
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (more.stream().filter(CompletableFuture::isDone).count() < 8 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            List<HttpResponse<String>> done = more.stream().filter(CompletableFuture::isDone).map(CompletableFuture::join).toList();
            assertThat(done).hasSize(8).allSatisfy(r -> {
                assertThat(r.statusCode()).isEqualTo(503);
                assertThat(r.headers().firstValue("retry-after")).hasValue("1");
                assertThat(r.body()).contains("answering other lineages");
            });
            release.countDown();
            assertThat(answered.get(20, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
            for (CompletableFuture<HttpResponse<String>> f : more) {
                assertThat(f.get(20, TimeUnit.SECONDS).statusCode()).isIn(200, 503);
            }
            assertThat(source.mostAtOnce).hasValue(1);
            assertThat(source.calls).hasValue(17);
        } finally {
            release.countDown();
            monitor.close();
        }
        assertThat(NoLeakedThreads.sluiceThreads()).as("threads once close returned")
                .noneSatisfy(t -> assertThat(t.getName()).startsWith("sluice-monitor"));
    }

    @Test
    void closeWaitsForTheAnswerUnderWayAndDropsTheQuestionsThatWait() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger answered = new AtomicInteger();
        LineageSource slow = q -> {
            entered.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            answered.incrementAndGet();
            return new Pairs().lineage(q);
        };
        RunMonitor monitor = RunMonitor.builder().lineage(slow).start();
        String request = "GET /lineage?channel=pair.out&seq=0 HTTP/1.1\r\nHost: 127.0.0.1:" + monitor.address().getPort() + "\r\n\r\n";
        try (Socket first = new Socket(InetAddress.getLoopbackAddress(), monitor.address().getPort());
                Socket second = new Socket(InetAddress.getLoopbackAddress(), monitor.address().getPort())) {
            first.setSoTimeout(20_000);
            second.setSoTimeout(20_000);
            first.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            assertThat(entered.await(20, TimeUnit.SECONDS)).isTrue();
            second.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            Thread.sleep(100); // not needed for the test to pass: lets the second question reach the queue
            Thread closing = new Thread(monitor::close, "test-closing");
            closing.start();
            closing.join(300);
            assertThat(closing.isAlive()).as("close waits for the answer under way").isTrue();
            release.countDown();
            closing.join(20_000);
            assertThat(closing.isAlive()).isFalse();
            assertThat(answered).as("the question that waited was dropped").hasValue(1);
            assertThat(NoLeakedThreads.sluiceThreads()).noneSatisfy(t -> assertThat(t.getName()).startsWith("sluice-monitor"));
            assertThat(new String(readAll(first.getInputStream()), StandardCharsets.UTF_8)).as("the answer under way is sent")
                    .startsWith("HTTP/1.1 200 OK").contains("\"label\":\"pair.out#0\"");
            assertThat(new String(readAll(second.getInputStream()), StandardCharsets.UTF_8)).as("the dropped question's connection")
                    .isEmpty();
        } finally {
            release.countDown();
            monitor.close();
        }
    }

    @Test
    void requestsPipelinedBehindALineageAreAnsweredAfterItInOrder() throws Exception {
        try (RunMonitor monitor = RunMonitor.builder().lineage(new Pairs()).start();
                Socket s = new Socket(InetAddress.getLoopbackAddress(), monitor.address().getPort())) {
            s.setSoTimeout(10_000);
            String host = "Host: 127.0.0.1:" + monitor.address().getPort() + "\r\n";
            OutputStream out = s.getOutputStream();
            out.write(("GET /lineage?channel=pair.out&seq=3 HTTP/1.1\r\n" + host + "\r\n"
                    + "GET /lineage?channel=nowhere&seq=0 HTTP/1.1\r\n" + host + "\r\n"
                    + "GET /graph HTTP/1.1\r\n" + host + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String answers = new String(readAll(s.getInputStream()), StandardCharsets.UTF_8);
            int lineage = answers.indexOf("HTTP/1.1 200 OK");
            int notFound = answers.indexOf("HTTP/1.1 404 Not Found");
            int graph = answers.indexOf("HTTP/1.1 503 Service Unavailable");
            assertThat(lineage).as(answers).isZero();
            assertThat(notFound).as(answers).isGreaterThan(lineage);
            assertThat(graph).as(answers).isGreaterThan(notFound);
            assertThat(answers.substring(lineage, notFound)).contains("\"label\":\"pair.out#3\"");
            assertThat(answers.substring(notFound, graph)).contains("no channel 'nowhere'");
        }
    }

    private static byte[] readAll(InputStream in) throws IOException {
        return in.readAllBytes();
    }
}
