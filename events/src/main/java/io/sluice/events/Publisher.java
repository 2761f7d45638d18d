package io.sluice.events;

import io.sluice.records.RecordFormat;
import java.util.concurrent.CompletableFuture;

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

    /**
     * Publishes one event without waiting for its seq where that would take a round trip: on a
     * space over a connection ({@link EventChannels#connect}) the event is sent and this returns
     * while the server stores and queues it, so that several publishes are in flight at once; in
     * one process it is {@link #publish} with its result already complete.
     *
     * <p>The events of one publisher keep the order of the calls that returned their futures.
     * At most the connection's publish window of them await the server's answer: beyond it, this
     * call waits for the oldest to be answered, so a subscription's full queue under {@link
     * Overflow#BLOCK} at the server holds this caller too. An event the server refuses (a
     * persistent channel that cannot store it, a publisher the server no longer knows) fails
     * only its own future; the events after it go on. The futures of events not yet answered
     * when the connection is lost fail with {@link io.sluice.remote.SpaceException}. The futures
     * complete on the connection's thread: stages added without an executor run there and must
     * not block.
     *
     * @return the event's seq on the channel, once the server has published it
     * @throws IllegalArgumentException as {@link #publish}, before anything is sent
     * @throws InterruptedException if interrupted while waiting for room in the window; the
     *     event was not sent
     * @throws IllegalStateException if the publisher or its space is closed
     */
    default CompletableFuture<Long> publishAsync(T event) throws InterruptedException {
        return CompletableFuture.completedFuture(publish(event));
    }

    /**
     * Stops publishing. Idempotent. On a space over a connection, first waits for the server's
     * answers to the events already sent ({@link #publishAsync}), for at most 30 seconds: the
     * futures of those still unanswered then fail with an {@link IllegalStateException} saying
     * the publisher closed before the server answered (the server may still publish them).
     */
    @Override
    void close();
}
