package io.sluice.monitor.internal;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What the monitor shows, and the event streams that show it. The run's threads put what it does
 * here ({@link #started}, {@link #snapshot}, {@link #ended}) and return at once: each puts one
 * immutable value ({@link Shown}) behind one reference and wakes the streams, which then send
 * whatever they have not sent of it, each on its own connection's event loop
 * ({@link EventStream}). A stream that cannot keep up thus skips snapshots and gets the latest;
 * none of these methods waits for a socket.
 *
 * <p>Thread-safe: called by a run's threads, the HTTP handlers and whoever closes the monitor.
 */
public final class Feed {

    /**
     * What is shown now.
     *
     * @param runId the run shown, or null before the first
     * @param graph its graph ({@link MonitorJson#graph}), or null before the first run
     * @param started its {@code started} event
     * @param snapshotNo counts the snapshots shown, so that a stream tells a new one from one it sent
     * @param snapshot its latest {@code snapshot} event, or null before the first
     * @param ended its {@code ended} event, or null while it runs
     * @param closed whether the monitor was closed: every stream then sends {@code closed} and ends
     */
    record Shown(String runId, byte[] graph, byte[] started, long snapshotNo, byte[] snapshot, byte[] ended, boolean closed) {
        static final Shown NOTHING = new Shown(null, null, null, 0, null, null, false);

        boolean running() {
            return runId != null && ended == null;
        }
    }

    private final AtomicReference<Shown> shown = new AtomicReference<>(Shown.NOTHING);
    private final Set<EventStream> streams = ConcurrentHashMap.newKeySet();

    /** What is shown now. */
    Shown current() {
        return shown.get();
    }

    /** The graph of the run shown, or null before the first run. */
    public byte[] graph() {
        return shown.get().graph;
    }

    /** Whether a run is shown that has not ended. */
    public boolean running() {
        return shown.get().running();
    }

    /**
     * Shows a new run, in place of the one before; nothing once closed.
     *
     * @throws IllegalStateException if the run shown has not ended
     */
    public void started(String runId, byte[] graph, byte[] startedEvent) {
        Shown now;
        do {
            now = shown.get();
            if (now.closed) {
                return;
            }
            if (now.running()) {
                throw new IllegalStateException("the monitor shows run " + now.runId + ", which has not ended: "
                        + "a monitor follows one run at a time");
            }
        } while (!shown.compareAndSet(now, new Shown(runId, graph, startedEvent, now.snapshotNo, null, null, false)));
        wakeAll();
    }

    /** Shows a snapshot of run {@code runId}; nothing if another run is shown, or it has ended. */
    public void snapshot(String runId, byte[] event) {
        Shown now;
        do {
            now = shown.get();
            if (now.closed || !runId.equals(now.runId) || now.ended != null) {
                return;
            }
        } while (!shown.compareAndSet(now, new Shown(now.runId, now.graph, now.started, now.snapshotNo + 1, event, null, false)));
        wakeAll();
    }

    /** Shows that run {@code runId} has ended; nothing if another run is shown, or it was told before. */
    public void ended(String runId, byte[] event) {
        Shown now;
        do {
            now = shown.get();
            if (now.closed || !runId.equals(now.runId) || now.ended != null) {
                return;
            }
        } while (!shown.compareAndSet(now, new Shown(now.runId, now.graph, now.started, now.snapshotNo, now.snapshot, event,
                false)));
        wakeAll();
    }

    /** Shows nothing more: every stream sends {@code closed} and ends. Idempotent. */
    public void close() {
        Shown now;
        do {
            now = shown.get();
            if (now.closed) {
                return;
            }
        } while (!shown.compareAndSet(now, new Shown(now.runId, now.graph, now.started, now.snapshotNo, now.snapshot, now.ended,
                true)));
        wakeAll();
    }

    /** Adds a stream, which is then woken on every change; it removes itself when its connection closes. */
    void add(EventStream stream) {
        streams.add(stream);
    }

    void remove(EventStream stream) {
        streams.remove(stream);
    }

    private void wakeAll() {
        for (EventStream s : streams) {
            s.wake();
        }
    }
}
