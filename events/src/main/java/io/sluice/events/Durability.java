package io.sluice.events;

/** Whether an event channel keeps its events. */
public enum Durability {
    /** Events go to the subscriptions there are when they are published, and are kept nowhere else. */
    TRANSIENT,
    /**
     * Events are appended to a persistent (Chronicle) log in the space's directory before they are
     * delivered: a subscription may start from any seq still kept, and one with a name resumes
     * after the last event it acknowledged, also after the space is opened again.
     */
    PERSISTENT
}
