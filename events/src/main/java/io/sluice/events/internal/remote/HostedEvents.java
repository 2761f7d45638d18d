package io.sluice.events.internal.remote;

import io.sluice.events.EventChannels;
import io.sluice.events.Subscription;
import io.sluice.events.SubscriptionState;
import io.sluice.remote.service.ServicePeer;
import io.sluice.remote.service.ServiceSession;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server's side of remote event channels: a local space of event channels, and one
 * {@link EventSession} per client stream. Owns a pool of threads for the sessions' work (a
 * publish may wait for a full queue) and one thread that checks the sessions' leases.
 */
public final class HostedEvents {
    private static final Logger LOG = LoggerFactory.getLogger(HostedEvents.class);

    private final EventChannels space;
    private final long leaseMillis;
    private final ExecutorService pool;
    private final ScheduledExecutorService leases;
    private final Set<EventSession> sessions = ConcurrentHashMap.newKeySet();
    /** The session each remote subscription belongs to, to tell its client what happened to it. */
    final Map<Subscription<?>, EventSession.RemoteSub> owners = new ConcurrentHashMap<>();

    /** @param builder the space's builder; its error listener is replaced by one that tells the clients */
    public HostedEvents(EventChannels.Builder builder, long leaseMillis) {
        this.leaseMillis = leaseMillis;
        AtomicInteger n = new AtomicInteger();
        this.pool = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "sluice-event-service-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        this.leases = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "sluice-event-leases");
            t.setDaemon(true);
            return t;
        });
        this.space = builder.errorListener((sub, seq, error) -> {
            EventSession.RemoteSub owner = owners.get(sub);
            if (owner != null && sub.state() == SubscriptionState.DISCONNECTED) {
                owner.ended("disconnected: " + error.getMessage());
            }
            LOG.warn("{}", error.getMessage(), error.getCause());
        }).build();
        long period = Math.max(10, leaseMillis / 4);
        leases.scheduleAtFixedRate(this::checkLeases, period, period, TimeUnit.MILLISECONDS);
    }

    /** The hosted space. */
    public EventChannels space() {
        return space;
    }

    /** The lease of every registration, in milliseconds. */
    long leaseMillis() {
        return leaseMillis;
    }

    ExecutorService pool() {
        return pool;
    }

    /** A client opened a stream. */
    public ServiceSession open(ServicePeer peer) {
        EventSession s = new EventSession(this, peer);
        sessions.add(s);
        s.start();
        return s;
    }

    void removed(EventSession s) {
        sessions.remove(s);
    }

    private void checkLeases() {
        long now = System.nanoTime();
        for (EventSession s : sessions) {
            if (s.lapsed(now)) {
                LOG.warn("event service: the lease of {} lapsed ({} ms without renewal); dropping its publishers and subscriptions",
                        s.peerName(), leaseMillis);
                s.expire();
            }
        }
    }

    /** Ends the sessions, the space and the threads. */
    public void close() {
        leases.shutdownNow();
        for (EventSession s : sessions) {
            s.closed();
        }
        space.close();
        pool.shutdownNow();
    }
}
