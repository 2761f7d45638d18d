package io.sluice.composite.internal;

import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.channel.Channel;
import io.sluice.channel.ChannelReader;
import io.sluice.remote.RemoteSpace;
import io.sluice.workflow.CopySource;
import io.sluice.workflow.ReplicatedActor;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The copies of one replicated actor that workers run through a space: a watcher thread looks
 * for workers' hello channels ({@link ReplicaChannels}) every {@link #SCAN_MILLIS}, links each
 * new one whose copy class is the actor's, and probes the workers that have slices to answer for
 * being alive (a worker holds its hello channel's writer while it lives): one found gone is lost,
 * its slices failed, for the replicated actor to fire elsewhere.
 *
 * <p><b>Threads.</b> {@link #joined()} and {@link #close()} on the replicated actor's firing
 * thread; the watcher and each link's result reader are threads of their own, ended by close.
 */
public final class SpaceCopySource implements CopySource {
    /** How often the space is asked for new workers and busy workers are probed. */
    static final long SCAN_MILLIS = 200;
    private static final Logger LOG = LoggerFactory.getLogger(SpaceCopySource.class);

    private final RemoteSpace space;
    private final String actor;
    private final String copyClass;
    private final InputPort<?> input;
    private final List<OutputPort<?>> outputs = new ArrayList<>();
    private final Set<String> seen = new HashSet<>();
    private final ConcurrentLinkedQueue<WorkerLink> fresh = new ConcurrentLinkedQueue<>();
    private final List<WorkerLink> links = new CopyOnWriteArrayList<>();
    private final Thread watcher;
    private volatile boolean closed;

    /** Watches {@code space} for workers of the replicated actor {@code actor}; the space stays the caller's. */
    public SpaceCopySource(RemoteSpace space, String actor, ReplicatedActor replicated) {
        this.space = space;
        this.actor = actor;
        this.copyClass = replicated.copyClass().getName();
        InputPort<?> in = null;
        for (Port<?> p : replicated.ports()) {
            if (p instanceof InputPort<?> i) {
                in = i;
            } else if (p instanceof OutputPort<?> o) {
                outputs.add(o);
            }
        }
        this.input = in;
        scan(); // the workers already waiting fire from the first round
        watcher = new Thread(this::watch, "sluice-replicas-" + actor + "-watch");
        watcher.setDaemon(true);
        watcher.start();
    }

    @Override
    public List<Copy> joined() {
        List<Copy> out = new ArrayList<>();
        for (WorkerLink l; (l = fresh.poll()) != null; ) {
            out.add(l);
        }
        return out;
    }

    private void watch() {
        while (!closed) {
            try {
                Thread.sleep(SCAN_MILLIS);
                scan();
                for (WorkerLink link : links) {
                    if (link.busy() && !link.alive()) {
                        link.lose(new IllegalStateException("its process released its channel "
                                + "(killed, or its link to the space cut)"));
                    }
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                LOG.warn("replicated actor '{}': cannot look for workers in {}: {}", actor, space.name(), e.toString());
            }
        }
    }

    private synchronized void scan() {
        if (closed) {
            return;
        }
        for (String name : space.names(ReplicaChannels.helloNames(actor).pattern())) {
            String worker = ReplicaChannels.workerOf(actor, name);
            if (worker == null || !seen.add(worker)) {
                continue;
            }
            ReplicaChannels names = new ReplicaChannels(actor, worker);
            String hello = readHello(names);
            if (hello == null) {
                seen.remove(worker); // not yet said: looked at again next time
                continue;
            }
            if (!holdsHello(names)) {
                continue; // an earlier run's worker, ended or gone: its hello stays in the space
            }
            String[] f = hello.split("\t", 3);
            if (f.length != 3 || !f[0].equals(ReplicaChannels.HELLO) || !f[1].equals(copyClass)) {
                LOG.warn("replicated actor '{}' refuses worker '{}' in {}: it says '{}', not {} copies of {}", actor, worker,
                        space.name(), hello, ReplicaChannels.HELLO, copyClass);
                new WorkerLink(space, names, f.length == 3 ? f[2] : worker, input, outputs).close();
                continue;
            }
            WorkerLink link = new WorkerLink(space, names, "worker " + worker + " (" + f[2] + ")", input, outputs);
            links.add(link);
            fresh.add(link);
        }
    }

    /** Whether a worker still holds its hello channel's writer, as a live one does. */
    private boolean holdsHello(ReplicaChannels names) {
        try {
            space.held(names.hello());
            return false;
        } catch (RuntimeException e) {
            return true;
        }
    }

    /** The worker's hello, or null if it has not written it yet. */
    private String readHello(ReplicaChannels names) {
        try (Channel<String> c = space.open(names.hello()); ChannelReader<String> r = c.openReader("coordinator")) {
            long deadline = System.nanoTime() + 2_000_000_000L;
            while (System.nanoTime() < deadline) {
                String hello = r.poll();
                if (hello != null || r.isEndOfStream()) {
                    return hello;
                }
                Thread.sleep(5);
            }
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** Stops looking for workers and ends the input of every worker linked or waiting. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        watcher.interrupt();
        try {
            watcher.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (WorkerLink link : links) {
            link.close();
        }
        try { // workers that came too late: their input ends at once
            for (String name : space.names(ReplicaChannels.helloNames(actor).pattern())) {
                String worker = ReplicaChannels.workerOf(actor, name);
                if (worker != null && !seen.contains(worker)) {
                    new WorkerLink(space, new ReplicaChannels(actor, worker), worker, input, outputs).close();
                }
            }
        } catch (RuntimeException e) {
            LOG.warn("replicated actor '{}': cannot end the input of late workers in {}: {}", actor, space.name(), e.toString());
        }
    }

    @Override
    public String toString() {
        return "workers of '" + actor + "' in " + space.name();
    }
}
