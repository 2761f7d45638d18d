package io.sluice.events;

/** Where a subscription is in its life. */
public enum SubscriptionState {
    /** It receives and handles events. */
    ACTIVE,
    /** Its queue overflowed under {@link Overflow#DISCONNECT}; it takes no more events. */
    DISCONNECTED,
    /**
     * Its remote space's connection broke and it is being registered again (only with {@link
     * RemoteEventOptions#withReconnect}); events received before the break are still handled. It
     * becomes {@link #ACTIVE} again, or {@link #CANCELLED} if it cannot be registered again.
     */
    RECONNECTING,
    /** It was cancelled, or its space was closed. */
    CANCELLED
}
