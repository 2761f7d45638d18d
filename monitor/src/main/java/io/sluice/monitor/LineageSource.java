package io.sluice.monitor;

import java.util.List;
import java.util.Objects;

/**
 * Where a {@link RunMonitor} gets the lineages its page draws and {@code /lineage} serves: a
 * program that keeps a run's provenance gives the monitor a source
 * ({@link RunMonitor.Builder#lineage}), which answers a {@link LineageQuery} with a
 * {@link LineageGraph}. The monitor knows nothing of how provenance is kept; the {@code sluice}
 * command's source reads a run's recorded provenance ({@code sluice prov lineage ... --monitor}).
 * A monitor without a source shows no lineage controls and answers {@code /lineage} with
 * {@code 404 Not Found}.
 *
 * <p><b>Threading.</b> The monitor calls a source on a thread of its own,
 * {@code sluice-monitor-lineage-…}, one call at a time, so a source need not be thread-safe if
 * nothing else uses it meanwhile; and never after {@link RunMonitor#close()} has returned. A
 * call holds up the queries of other pages, never the run's live page: answer in bounded time.
 *
 * <p><b>Ownership.</b> The monitor never closes a source. Whoever made it closes what it holds,
 * after closing the monitor.
 *
 * <p><b>Failure.</b> A query about a channel the run does not have, or a token its channel never
 * held, throws {@link NoSuchTokenException}: the monitor answers {@code 404 Not Found} with its
 * message. Any other exception is answered {@code 500 Internal Server Error} with its message,
 * and the source is asked again at the next query.
 */
@FunctionalInterface
public interface LineageSource {

    /**
     * The lineage {@code query} asks for.
     *
     * @throws NoSuchTokenException if the run has no such channel, or the channel never held the token
     */
    LineageGraph lineage(LineageQuery query);

    /**
     * What the source answers about, shown on the page beside its lineage controls: by default,
     * nothing in particular.
     */
    default Description describe() {
        return Description.NONE;
    }

    /**
     * The run whose lineages a source answers.
     *
     * @param runId the run's identifier, or null if the source does not say
     * @param workflow the workflow's name, or null if the source does not say
     * @param channels the run's channels, in the workflow's order, which the page offers to ask
     *     about and draws as the workflow's graph when no live run is shown; empty if the source
     *     does not say
     */
    record Description(String runId, String workflow, List<Channel> channels) {
        /** A source that says nothing of its run. */
        public static final Description NONE = new Description(null, null, List.of());

        public Description {
            channels = List.copyOf(channels);
        }
    }

    /**
     * A channel of the run.
     *
     * @param name the channel's name
     * @param writer the port that writes it, as {@code actor.port}
     * @param readers the ports that read it, as {@code actor.port}; empty if none does
     */
    record Channel(String name, String writer, List<String> readers) {
        /** @throws IllegalArgumentException if a port is not written {@code actor.port} */
        public Channel {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(writer, "writer");
            readers = List.copyOf(readers);
            checkPort(name, writer);
            readers.forEach(r -> checkPort(name, r));
        }

        private static void checkPort(String channel, String port) {
            if (port.indexOf('.') <= 0 || port.endsWith(".")) {
                throw new IllegalArgumentException("channel " + channel + ": a port is written actor.port, not '" + port + "'");
            }
        }
    }

    /**
     * Thrown by {@link #lineage} when the query names a channel the run does not have, or a token
     * its channel never held; the monitor answers {@code 404 Not Found} with the message, which
     * should say what the run does have.
     */
    final class NoSuchTokenException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public NoSuchTokenException(String message) {
            super(message);
        }

        public NoSuchTokenException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
