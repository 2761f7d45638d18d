package io.sluice.monitor;

import io.sluice.monitor.internal.Feed;
import io.sluice.monitor.internal.MonitorJson;
import io.sluice.monitor.internal.MonitorServer;
import io.sluice.run.Run;
import io.sluice.run.RunFailedException;
import io.sluice.run.RunInfo;
import io.sluice.run.RunResult;
import io.sluice.run.RunSnapshot;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A {@link RunMonitor} served by Netty ({@link MonitorServer}) from a {@link Feed}. The run's
 * callbacks encode JSON on the run's threads and put it in the feed; the server's thread sends it.
 */
final class NettyRunMonitor implements RunMonitor {
    /** How often the server's thread looks whether a run that told its end has its outcome. */
    private static final long OUTCOME_POLL_MILLIS = 10;
    /** How long it looks before it shows the end as the run's listeners were told it. */
    private static final long OUTCOME_WAIT_MILLIS = 30_000;

    private final Feed feed;
    private final MonitorServer server;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** The run shown, its handle if it gave one, and its result once told; null before the first. */
    private volatile Followed followed;

    private record Followed(String runId, Run handle, RunResult told) {}

    private NettyRunMonitor(Feed feed, MonitorServer server) {
        this.feed = feed;
        this.server = server;
    }

    static RunMonitor start(InetSocketAddress bind) throws IOException {
        Objects.requireNonNull(bind, "bind");
        Feed feed = new Feed();
        return new NettyRunMonitor(feed, MonitorServer.start(bind, feed));
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
    public void runStarted(RunInfo run) {
        runStarted(null, run);
    }

    @Override
    public void runStarted(Run handle, RunInfo run) {
        byte[] graph = MonitorJson.graph(run);
        byte[] started = MonitorJson.startedEvent(run);
        Followed before = followed;
        if (before != null && before.told() != null) {
            // The run before has ended and its outcome is being looked for: show its end as told.
            feed.ended(before.runId(), MonitorJson.endedEvent(before.told(), before.told().status(), null));
        }
        feed.started(run.runId(), graph, started); // throws while another run is shown
        followed = new Followed(run.runId(), handle, null);
    }

    @Override
    public void progress(RunSnapshot snapshot) {
        if (feed.running()) {
            feed.snapshot(snapshot.runId(), MonitorJson.snapshotEvent(snapshot));
        }
    }

    /**
     * Shows the end once the run's outcome is known: the run tells its listeners before it records
     * its outcome (a listener after this one may still fail it), and the failure's message is told
     * by {@link Run#await(Duration)} only, which a listener must not wait for. So the server's thread
     * looks, without waiting, until the outcome is there.
     */
    @Override
    public void runEnded(RunResult result) {
        Followed f = followed;
        if (f == null || !f.runId().equals(result.runId())) {
            // Refused before it started, so never shown: show it now, as far as its result tells.
            if (!feed.running()) {
                feed.started(result.runId(), MonitorJson.graph(result), MonitorJson.startedEvent(result));
            }
            feed.ended(result.runId(), MonitorJson.endedEvent(result, result.status(), null));
            return;
        }
        if (f.handle() == null) {
            feed.ended(result.runId(), MonitorJson.endedEvent(result, result.status(), null));
            return;
        }
        followed = new Followed(f.runId(), f.handle(), result);
        long deadline = System.nanoTime() + Duration.ofMillis(OUTCOME_WAIT_MILLIS).toNanos();
        server.schedule(() -> showOutcome(f.handle(), result, deadline), 0);
    }

    /** On the server's thread: shows the run's outcome if it is known, else looks again soon. */
    private void showOutcome(Run handle, RunResult told, long deadline) {
        try {
            Optional<RunResult> completed = handle.await(Duration.ZERO);
            if (completed.isPresent()) {
                feed.ended(told.runId(), MonitorJson.endedEvent(completed.get(), completed.get().status(), null));
            } else if (System.nanoTime() - deadline >= 0) {
                feed.ended(told.runId(), MonitorJson.endedEvent(told, told.status(), null));
            } else {
                server.schedule(() -> showOutcome(handle, told, deadline), OUTCOME_POLL_MILLIS);
            }
        } catch (RunFailedException e) {
            feed.ended(told.runId(), MonitorJson.endedEvent(told, e.status(), e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // not waited: only if the thread was interrupted before
            feed.ended(told.runId(), MonitorJson.endedEvent(told, told.status(), null));
        } catch (RuntimeException e) {
            // A handle that cannot tell its outcome: show the end as the listeners were told it.
            feed.ended(told.runId(), MonitorJson.endedEvent(told, told.status(), null));
        }
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
