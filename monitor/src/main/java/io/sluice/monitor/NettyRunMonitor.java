package io.sluice.monitor;

import io.sluice.monitor.internal.Feed;
import io.sluice.monitor.internal.LineageParameters;
import io.sluice.monitor.internal.MonitorJson;
import io.sluice.monitor.internal.MonitorServer;
import io.sluice.run.RunInfo;
import io.sluice.run.RunResult;
import io.sluice.run.RunSnapshot;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A {@link RunMonitor} served by Netty ({@link MonitorServer}) from a {@link Feed}. The run's
 * callbacks encode JSON on the run's threads and put it in the feed; the server's thread sends it.
 */
final class NettyRunMonitor implements RunMonitor {
    private final Feed feed;
    private final MonitorServer server;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** The id of the run shown; null before the first. */
    private volatile String followed;

    private NettyRunMonitor(Feed feed, MonitorServer server) {
        this.feed = feed;
        this.server = server;
    }

    /** @param lineage where lineages come from, or null to serve none */
    static RunMonitor start(InetSocketAddress bind, LineageSource lineage) throws IOException {
        Objects.requireNonNull(bind, "bind");
        Feed feed = new Feed();
        return new NettyRunMonitor(feed, MonitorServer.start(bind, feed, lineage));
    }

    @Override
    public URI uri() {
        return server.uri();
    }

    @Override
    public InetSocketAddress address() {
        return server.address();
    }

    @Override
    public URI uri(LineageQuery query) {
        return server.uri().resolve("/?" + LineageParameters.query(query));
    }

    @Override
    public void runStarted(RunInfo run) {
        feed.started(run.runId(), MonitorJson.graph(run), MonitorJson.startedEvent(run)); // throws while another run is shown
        followed = run.runId();
    }

    @Override
    public void progress(RunSnapshot snapshot) {
        if (feed.running()) {
            feed.snapshot(snapshot.runId(), MonitorJson.snapshotEvent(snapshot));
        }
    }

    /** Shows the end as the run tells it: its status and, if it failed, the failure's message. */
    @Override
    public void runEnded(RunResult result) {
        if (!result.runId().equals(followed) && !feed.running()) {
            // Refused before it started, so never shown: show it now, as far as its result tells.
            feed.started(result.runId(), MonitorJson.graph(result), MonitorJson.startedEvent(result));
        }
        feed.ended(result.runId(), MonitorJson.endedEvent(result));
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            feed.close();
            server.close();
        }
    }

    @Override
    public String toString() {
        return "run monitor at " + uri();
    }
}
