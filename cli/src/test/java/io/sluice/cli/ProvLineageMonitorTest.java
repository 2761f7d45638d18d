package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code sluice prov lineage ... --monitor}, run in this JVM: it prints the lineage as without
 * the option, says where its page is on stderr, serves the lineage (and the run's others) on
 * loopback, and is stopped by an interrupt of its thread, as SIGTERM stops the command's own
 * process.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ProvLineageMonitorTest {
    private static final Duration START = Duration.ofSeconds(30);
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String SAID = "sluice: monitor at ";

    @TempDir
    Path dir;

    /**
     * The client's threads, started before the command is, so that the check that the command left
     * no thread behind ({@link Sluice.Running#stop()}) does not count them.
     */
    private final ThreadPoolExecutor clientThreads = new ThreadPoolExecutor(2, 2, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>());
    private final HttpClient http;

    ProvLineageMonitorTest() {
        clientThreads.prestartAllCoreThreads();
        http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).executor(clientThreads).build();
    }

    @AfterEach
    void stopClient() throws InterruptedException {
        clientThreads.shutdownNow();
        clientThreads.awaitTermination(10, TimeUnit.SECONDS);
    }

    private HttpResponse<String> get(URI uri) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri).timeout(START).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private static List<String> labels(JsonNode lineage, String kind) {
        List<String> labels = new ArrayList<>();
        lineage.get("nodes").forEach(n -> {
            if (n.get("kind").asString().equals(kind)) {
                labels.add(n.get("label").asString());
            }
        });
        return labels;
    }

    @Test
    void printsTheLineageThenServesItOnThePageUntilStopped() throws Exception {
        Sluice.run(dir, "run", "filter", "--tokens", "3000", "--work", "w").summary();
        List<String> result = Files.readAllLines(dir.resolve("w/result.txt"));
        Sluice.Outcome printed = Sluice.run(dir, "prov", "lineage", "w", "--line", "2");
        assertThat(printed.code()).as(printed.err()).isZero();

        Sluice.Outcome stopped;
        String said;
        try (Sluice.Running served = Sluice.start(dir, "prov", "lineage", "w", "--line", "2", "--monitor")) {
            said = served.firstErrLine(START);
            assertThat(said).matches("sluice: monitor at http://127\\.0\\.0\\.1:\\d+/\\?channel=filter\\.out&seq=1&direction=back&depth=3");
            URI page = URI.create(said.substring(SAID.length()));

            HttpResponse<String> html = get(page);
            assertThat(html.statusCode()).isEqualTo(200);
            assertThat(html.headers().firstValue("content-type")).hasValue("text/html; charset=utf-8");

            JsonNode about = JSON.readTree(get(page.resolve("/lineage")).body());
            assertThat(about.get("workflow").asString()).isEqualTo("filter");
            assertThat(about.get("channels").toString()).isEqualTo("[{\"name\":\"source.out\",\"writer\":\"source.out\","
                    + "\"readers\":[\"filter.in\"]},{\"name\":\"filter.out\",\"writer\":\"filter.out\",\"readers\":[\"sink.in\"]}]");

            HttpResponse<String> asked = get(page.resolve("/lineage?" + page.getRawQuery()));
            assertThat(asked.statusCode()).as(asked.body()).isEqualTo(200);
            JsonNode lineage = JSON.readTree(asked.body());
            JsonNode token = lineage.get("nodes").get(0);
            assertThat(token.get("label").asString()).isEqualTo("filter.out#1");
            assertThat(token.get("asked").asBoolean()).isTrue();
            assertThat(token.get("value").asString()).isEqualTo(result.get(1));
            assertThat(labels(lineage, "firings")).hasSize(2).first().asString().startsWith("filter#");
            assertThat(labels(lineage, "firings").get(1)).startsWith("source#");

            JsonNode ahead = JSON.readTree(get(page.resolve("/lineage?channel=source.out&seq=0&direction=forward&depth=1")).body());
            assertThat(labels(ahead, "firings")).containsExactly("filter#0");

            HttpResponse<String> beyond = get(page.resolve("/lineage?channel=filter.out&seq=" + result.size()));
            assertThat(beyond.statusCode()).isEqualTo(404);
            assertThat(JSON.readTree(beyond.body()).get("error").asString()).startsWith("no token filter.out#" + result.size()
                    + " was recorded");
            HttpResponse<String> nowhere = get(page.resolve("/lineage?channel=nowhere&seq=0"));
            assertThat(nowhere.statusCode()).isEqualTo(404);
            assertThat(JSON.readTree(nowhere.body()).get("error").asString()).contains("has no channel 'nowhere'");
            HttpResponse<String> bad = get(page.resolve("/lineage?channel=filter.out&seq=x"));
            assertThat(bad.statusCode()).isEqualTo(400);
            assertThat(JSON.readTree(bad.body()).get("parameter").asString()).isEqualTo("seq");

            stopped = served.stop(); // also checks that no thread of the command is left
        }
        assertThat(stopped.code()).as(stopped.err()).isEqualTo(Main.OK);
        assertThat(stopped.out()).as("the lineage printed as without --monitor").isEqualTo(printed.out());
        assertThat(stopped.err()).isEqualTo(said + System.lineSeparator());
        int port = URI.create(said.substring(SAID.length())).getPort();
        try (ServerSocket again = new ServerSocket()) {
            again.setReuseAddress(true);
            again.bind(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        }
    }

    @Test
    void aForwardLineageAtAPortGivenOpensThePageOnIt() throws Exception {
        Sluice.run(dir, "run", "filter", "--tokens", "200", "--work", "w").summary();
        int port = freePort();
        try (Sluice.Running served = Sluice.start(dir, "prov", "lineage", "w", "--forward", "--depth", "2",
                "--monitor=" + port, "source.out#4")) {
            String said = served.firstErrLine(START);
            assertThat(said).isEqualTo(SAID + "http://127.0.0.1:" + port + "/?channel=source.out&seq=4&direction=forward&depth=2");
            assertThat(served.stop().code()).isEqualTo(Main.OK);
        }
        // A token after the option is the token, not a port.
        try (Sluice.Running served = Sluice.start(dir, "prov", "lineage", "w", "--monitor", "source.out#4")) {
            assertThat(served.firstErrLine(START)).matches("sluice: monitor at http://127\\.0\\.0\\.1:\\d+/\\?channel=source\\.out&seq=4"
                    + "&direction=back&depth=3");
            assertThat(served.stop().code()).isEqualTo(Main.OK);
        }
    }

    @Test
    void whatCannotBeServedFailsBeforeServingAndBadOptionsAreUsageErrors() throws Exception {
        Sluice.run(dir, "run", "filter", "--tokens", "100", "--work", "w").summary();
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Sluice.Outcome refused = Sluice.run(dir, "prov", "lineage", "w", "--line", "1", "--monitor",
                    Integer.toString(taken.getLocalPort()));
            refused.isFailure("sluice: cannot serve: --monitor: ");
            assertThat(refused.err()).contains("127.0.0.1:" + taken.getLocalPort());
        }
        Sluice.run(dir, "prov", "lineage", "w", "source.out#100000", "--monitor")
                .isFailure("sluice: no token source.out#100000 was recorded");
        Sluice.run(dir, "prov", "lineage", "nowhere", "--line", "1", "--monitor").isFailure("sluice: ");
        assertThat(Sluice.run(dir, "prov", "lineage", "w", "--line", "1", "--monitor", "70000").isUsageError().err())
                .contains("--monitor", "70000");
        assertThat(Sluice.run(dir, "prov", "lineage", "w", "--line", "1", "--monitor", "99999999999").isUsageError().err())
                .contains("--monitor", "99999999999");
        assertThat(Sluice.run(dir, "prov", "lineage", "w", "--line", "1", "--depth", "21", "--monitor").isUsageError().err())
                .contains("--depth", "20");
        assertThat(Sluice.run(dir, "prov", "lineage", "w", "--line", "1", "--depth", "21").code())
                .as("without --monitor, any depth").isEqualTo(Main.OK);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
