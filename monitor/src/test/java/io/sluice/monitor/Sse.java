package io.sluice.monitor;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Iterator;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A client of a monitor's {@code /events}, as a test reads it: each event parsed, in order, with
 * a timeout on every wait. Its reader thread ends when the stream ends or it is closed.
 */
final class Sse implements AutoCloseable {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Event END = new Event("(end of stream)", null);

    record Event(String name, JsonNode data) {}

    private final HttpResponse<Stream<String>> response;
    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final Thread reader;

    private Sse(HttpResponse<Stream<String>> response) {
        this.response = response;
        this.reader = new Thread(this::read, "test-sse-reader");
        reader.setDaemon(true);
        reader.start();
    }

    /** Connects to {@code base}'s {@code /events} and returns once the response's headers came. */
    static Sse open(HttpClient client, URI base) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(base.resolve("/events")).timeout(Duration.ofSeconds(10)).GET().build();
        HttpResponse<Stream<String>> response = client.send(request, HttpResponse.BodyHandlers.ofLines());
        if (response.statusCode() != 200) {
            throw new IOException("GET /events answered " + response.statusCode());
        }
        return new Sse(response);
    }

    HttpResponse<Stream<String>> response() {
        return response;
    }

    private void read() {
        try {
            String name = "message";
            StringBuilder data = new StringBuilder();
            for (Iterator<String> lines = response.body().iterator(); lines.hasNext(); ) {
                String line = lines.next();
                if (line.isEmpty()) {
                    if (data.length() > 0) {
                        events.add(new Event(name, JSON.readTree(data.toString())));
                    }
                    name = "message";
                    data.setLength(0);
                } else if (line.startsWith("event: ")) {
                    name = line.substring("event: ".length());
                } else if (line.startsWith("data: ")) {
                    data.append(line.substring("data: ".length()));
                }
            }
        } catch (RuntimeException e) {
            // closed by the test, or the connection was cut: the stream ends here
        } finally {
            events.add(END);
        }
    }

    /** The next event. @throws AssertionError if none comes within {@code wait} or the stream ended */
    Event next(Duration wait) throws InterruptedException {
        Event e = events.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
        if (e == null) {
            throw new AssertionError("no event within " + wait);
        }
        if (e == END) {
            events.add(END);
            throw new AssertionError("the stream ended");
        }
        return e;
    }

    /** Whether the stream ends within {@code wait} with no event before its end. */
    boolean ends(Duration wait) throws InterruptedException {
        Event e = events.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
        if (e == END) {
            events.add(END);
            return true;
        }
        if (e != null) {
            throw new AssertionError("expected the end of the stream, got " + e);
        }
        return false;
    }

    @Override
    public void close() throws InterruptedException {
        response.body().close();
        reader.join(5_000);
    }
}
