package io.sluice.events;

/**
 * Told of what went wrong in a subscription: its handler threw, an event could not be read as
 * its format, its filter failed on an event, or it was disconnected on overflow. Called on the
 * thread where it happened (a worker, or a publisher's thread); it should return quickly and not
 * throw (what it throws is logged and ignored).
 */
@FunctionalInterface
public interface EventErrorListener {

    /**
     * @param subscription the subscription, by which its name and channel are known
     * @param seq the seq of the event involved, or -1 if none
     * @param error what happened; its message names the channel and subscription
     */
    void onError(Subscription<?> subscription, long seq, Throwable error);
}
