package io.sluice.events;

/** Where a subscription is in its life. */
public enum SubscriptionState {
    /** It receives and handles events. */
    ACTIVE,
    /** Its queue overflowed under {@link Overflow#DISCONNECT}; it takes no more events. */
    DISCONNECTED,
    /** It was cancelled, or its space was closed. */
    CANCELLED
}
