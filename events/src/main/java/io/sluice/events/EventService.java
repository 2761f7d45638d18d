package io.sluice.events;

import io.sluice.events.internal.remote.HostedEvents;
import io.sluice.remote.service.ServicePeer;
import io.sluice.remote.service.ServiceSession;
import io.sluice.remote.service.SpaceService;
import java.time.Duration;

/**
 * Hosts event channels on a space server, for clients of {@link EventChannels#connect}:
 * {@code SpaceServer.builder(dir).service(EventService.create(EventChannels.builder(), lease))}.
 * The channels live in a local space built here, which programs in the server's process reach by
 * {@link #space()}.
 *
 * <p><b>Where the work is done.</b> A remote subscription is a subscription of the hosted space:
 * its filter runs at the server, so an event it drops never crosses the network; its queue and
 * overflow policy are the server's, and the server sends its client at most the queue's capacity
 * ahead of what the client's handler has taken. A remote publish is a publish of the hosted space,
 * answered once it returns.
 *
 * <p><b>Leases.</b> Each client's stream holds a lease of {@code lease} that its client renews
 * (every third of it). When a lease lapses, or the connection breaks, the server cancels the
 * stream's subscriptions and closes its publishers: a publisher waiting for a subscription's full
 * queue is released, and a publish waiting in the server for that client's publisher is
 * interrupted.
 *
 * <p><b>Threads and ownership.</b> The server closes the service when it closes: the hosted space,
 * its workers and files, and the service's threads (a pool for the clients' requests, and one
 * that checks leases). Errors of remote subscriptions are logged at the server (SLF4J); the
 * builder's own error listener is replaced.
 */
public final class EventService implements SpaceService {
    /** The service's name on the wire. */
    public static final String NAME = "sluice.events";

    private final HostedEvents hosted;

    private EventService(HostedEvents hosted) {
        this.hosted = hosted;
    }

    /**
     * A service hosting the space {@code space} would build, with leases of {@code lease}.
     *
     * @throws IllegalArgumentException if the lease is less than 10 ms
     */
    public static EventService create(EventChannels.Builder space, Duration lease) {
        if (lease.toMillis() < 10) {
            throw new IllegalArgumentException("a lease must be at least 10 ms, was " + lease);
        }
        return new EventService(new HostedEvents(space, lease.toMillis()));
    }

    /** The hosted space, for publishers, subscriptions and forwarders in the server's process. */
    public EventChannels space() {
        return hosted.space();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ServiceSession open(ServicePeer peer) {
        return hosted.open(peer);
    }

    @Override
    public void close() {
        hosted.close();
    }
}
