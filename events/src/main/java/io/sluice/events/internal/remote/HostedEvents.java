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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server's side of remote event channels: a local space of event channels, and one
 * {@link EventSession} per client stream. Owns a pool of threads for the sessions' work (a
 * publish may wait for a full queue) and one thread that checks the sessions' leases.
 */
public final class HostedEvents {
    private static final Logger LOG = LoggerFactory.getLogger(HostedEvents.class);
    /** How long close waits for each of its executors' threads. */
    private static final long CLOSE_MILLIS = 10_000;

    private final EventChannels space;
    private final long leaseMillis;
    private final NamedThreads poolThreads = new NamedThreads("sluice-event-service");
    private final NamedThreads leaseThreads = new NamedThreads("sluice-event-leases");
    private final ExecutorService pool;
    private final ScheduledExecutorService leases;
    private final Set<EventSession> sessions = ConcurrentHashMap.newKeySet();
    /** The session each remote subscription belongs to, to tell its client what happened to it. */
    final Map<Subscription<?>, EventSession.RemoteSub> owners = new ConcurrentHashMap<>();

    /** @param builder the space's builder; its error listener is replaced by one that tells the clients */
    public HostedEvents(EventChannels.Builder builder, long leaseMillis) {
        this.leaseMillis = leaseMillis;
        this.pool = Executors.newCachedThreadPool(poolThreads);
        this.leases = Executors.newSingleThreadScheduledExecutor(leaseThreads);
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

    /**
     * Ends the sessions, the space and the threads; returns once every thread of the service has
     * ended (a request still running is interrupted; one that ignores it is waited for 10 s, then
     * logged).
     */
    public void close() {
        leaseThreads.shutdown(leases, true, CLOSE_MILLIS);
        for (EventSession s : sessions) {
            s.closed();
        }
        space.close();
        poolThreads.shutdown(pool, true, CLOSE_MILLIS);
    }
}
