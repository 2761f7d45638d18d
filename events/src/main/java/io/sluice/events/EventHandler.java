package io.sluice.events;

/**
 * Handles a subscription's events. Called on one of the space's worker threads, for one event at
 * a time per subscription and in the subscription's order; two subscriptions' handlers may run at
 * once on different workers. A handler should not wait long: it holds a worker meanwhile.
 *
 * <p>An exception thrown is reported to the space's {@link EventErrorListener} and kept as the
 * subscription's {@link Subscription#lastFailure()}; the subscription goes on with its next event,
 * and other subscriptions are not affected.
 *
 * @param <T> the subscription's type
 */
@FunctionalInterface
public interface EventHandler<T> {

    /** Handles one event. */
    void handle(Event<T> event) throws Exception;
}
