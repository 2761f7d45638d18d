package io.sluice.events;

import java.util.Set;

/**
 * Forwards the events of one channel to another: a subscriber and a publisher at once
 * (DataExchange's filter/forwarder). Each event is read under its writer's own format, so every
 * field is forwarded, also those the channels' formats lack; it is published on the target under
 * that format (the target's format must read it). Per event, in order: the subscription's filter
 * expression, the forwarding control of its format, the {@link EventFilter}, the publish, the
 * {@link EventFunction}.
 *
 * <p><b>Forwarding controls</b> are this forwarder's own, per format name: a format not
 * forwarded is received (the function sees it) but not published. Compare
 * {@link Subscription#block}, by which a receiver tells its senders not to send a format.
 *
 * <p><b>Threading.</b> Runs on the space's workers as a subscription; its methods may be called
 * from any thread. Its publish may wait for room ({@link Overflow#BLOCK}) on its worker: a space
 * needs more workers than forwarders (and handlers that publish) that may wait at once, or it
 * deadlocks. A failure (of the filter, the function, or a publish the target refuses) is
 * reported as a failure of its subscription, and the forwarder goes on.
 *
 * <p><b>Ownership.</b> Closed by its caller or with the space; closing cancels its subscription
 * and closes its publishers.
 */
public interface Forwarder extends AutoCloseable {

    /** Its subscription on the source channel (counts, failures, blocking, filter). */
    Subscription<?> subscription();

    /** Whether events of a format of this name are forwarded (by default all are). */
    void forward(String formatName, boolean forward);

    /** The names of the formats not forwarded now. */
    Set<String> notForwarded();

    /** Events published on the target so far. */
    long forwarded();

    /** Stops forwarding. Idempotent. */
    @Override
    void close();
}
