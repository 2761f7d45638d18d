package io.sluice.events;

/**
 * A failure in a subscription, as reported to the {@link EventErrorListener} and kept as
 * {@link Subscription#lastFailure()}: the message names the channel, the subscription and the
 * event's seq (where there is one); the cause is what was thrown.
 */
public final class EventException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String channel;
    private final String subscription;
    private final long seq;

    public EventException(String channel, String subscription, long seq, String problem, Throwable cause) {
        super("channel '" + channel + "', subscription '" + subscription + "'" + (seq >= 0 ? ", event " + seq : "") + ": "
                + problem, cause);
        this.channel = channel;
        this.subscription = subscription;
        this.seq = seq;
    }

    /** The channel's name. */
    public String channel() {
        return channel;
    }

    /** The subscription's name. */
    public String subscription() {
        return subscription;
    }

    /** The event's seq, or -1. */
    public long seq() {
        return seq;
    }
}
