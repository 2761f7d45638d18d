package io.sluice.events;

import io.sluice.records.RecordFormat;

/**
 * Publishes events of one format on one event channel. Made by {@link EventChannels#publisher}.
 *
 * <p><b>Threading.</b> Thread-safe; the events of one publisher reach each subscription in the
 * order {@link #publish} returned for them. Each publish runs the filters of the channel's
 * subscriptions on the calling thread (so an event a filter drops is never queued), and may wait
 * for a subscription's queue under {@link Overflow#BLOCK}.
 *
 * <p><b>Ownership.</b> Closed by its caller, or with its space. Closing ends nothing on the
 * channel: subscriptions go on receiving other publishers' events.
 *
 * @param <T> the events' type: a record class or {@link io.sluice.records.RecordValue}
 */
public interface Publisher<T> extends AutoCloseable {

    /** The channel's name. */
    String channel();

    /** The format this publisher writes events under. */
    RecordFormat format();

    /**
     * Publishes one event: on a persistent channel appends it to the log, then queues it for each
     * subscription whose filter passes it and that has not blocked this format.
     *
     * @return the event's seq on the channel
     * @throws IllegalArgumentException if the event is a record value of another format than
     *     {@link #format()} (the message names both), or a record that cannot be encoded
     * @throws InterruptedException if interrupted while waiting for a full queue ({@link
     *     Overflow#BLOCK}); the event may have been queued for some subscriptions already
     * @throws IllegalStateException if the publisher or its space is closed
     * @throws io.sluice.channel.ChannelException if a persistent channel cannot store it
     */
    long publish(T event) throws InterruptedException;

    /** Stops publishing. Idempotent. */
    @Override
    void close();
}
