package io.sluice.events;

import io.sluice.records.RecordFormat;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * A subscription to an event channel: its handler receives the channel's events, read as the
 * subscription's format, on the space's worker pool (see {@link EventHandler}). Made by
 * {@link EventChannels#subscribe}.
 *
 * <p><b>Live updates.</b> The handler, the filter and the blocked formats can be changed while
 * events flow. A changed handler handles every event not yet handled; each event is handled once,
 * by the old handler or the new one. A changed filter applies to events published after the
 * change; those queued already are handled.
 *
 * <p><b>Threading.</b> Every method may be called from any thread, the handler's included.
 *
 * <p><b>Ownership.</b> Cancelled by its caller, or with its space. Cancelling stops it taking
 * events; a handler running meanwhile finishes.
 *
 * @param <T> the type its handler receives: a record class or {@link io.sluice.records.RecordValue}
 */
public interface Subscription<T> extends AutoCloseable {

    /** Its name: given in its options, or made by the space ({@code channel-N}). */
    String name();

    /** The channel's name. */
    String channel();

    /** The format its events are read as. */
    RecordFormat format();

    /** What it is doing. */
    SubscriptionState state();

    /** Replaces the handler, for every event not yet handled. */
    void updateHandler(EventHandler<T> handler);

    /**
     * Replaces the filter (null: none), for events published from now on.
     *
     * @throws FilterException if the expression does not compile against {@link #format()}; the
     *     filter is then unchanged
     */
    void updateFilter(String expression);

    /** The current filter expression, or null. */
    String filter();

    /**
     * Blocks a format by its name: events its publishers write under a format of that name
     * (whatever its version) are not queued for this subscription until it is unblocked.
     * DataExchange's remote blocking: the publisher's side leaves them out.
     */
    void block(String formatName);

    /** Unblocks a format blocked by {@link #block}. */
    void unblock(String formatName);

    /** The names of the formats blocked now. */
    Set<String> blocked();

    /**
     * Acknowledges every event up to and including {@code seq}. On a persistent channel the
     * acknowledgement is written to the space's directory under the subscription's name at once,
     * so that a subscription of that name that starts {@link Start#afterAcknowledged()} resumes
     * after it, also after a crash. On a transient channel it is only remembered.
     *
     * @throws IllegalArgumentException if {@code seq} is negative
     */
    void acknowledge(long seq);

    /** The last seq acknowledged, or -1. */
    long acknowledged();

    /** Events handled (the handler returned or threw). */
    long handled();

    /** Events dropped under {@link Overflow#DROP_OLDEST}. */
    long dropped();

    /** Events whose handling failed (the handler threw, or the event could not be read). */
    long failures();

    /** The last failure, with the channel, subscription and seq in its message. */
    Optional<Throwable> lastFailure();

    /**
     * Waits until every event queued for this subscription so far is handled (or it is no longer
     * active).
     *
     * @return false if the time ran out first
     * @throws IllegalStateException if called from a handler of the space (a worker waiting for
     *     the workers)
     */
    boolean awaitIdle(Duration timeout) throws InterruptedException;

    /** Stops the subscription. Idempotent. */
    void cancel();

    /** The same as {@link #cancel()}. */
    @Override
    default void close() {
        cancel();
    }
}
