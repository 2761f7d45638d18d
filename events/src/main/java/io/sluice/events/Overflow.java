package io.sluice.events;

/**
 * What happens when a subscription's queue is full: when it has {@link SubscribeOptions#capacity()}
 * events not yet handled. On a persistent channel the queue is the log, and "full" means the
 * subscription is that many events behind the last one published.
 */
public enum Overflow {
    /** The publisher waits until the subscription has room (back-pressure). */
    BLOCK,
    /** The oldest event waiting is dropped to make room, and counted in {@link Subscription#dropped()}. */
    DROP_OLDEST,
    /**
     * The subscription is ended ({@link SubscriptionState#DISCONNECTED}): it takes no more events,
     * and its error listener is told. The events it queued before are not handled.
     */
    DISCONNECT
}
