package io.sluice.events.internal;

import io.sluice.events.EventHandler;
import io.sluice.events.Subscription;

/**
 * A handler that can hold back its subscription's events without holding a worker: before a
 * worker takes each event it asks {@link #ready()}; if not, the worker lets go of the subscription
 * (the events stay queued, and the queue's overflow policy applies as it fills) until
 * {@link #resume} is called. For the event service, whose handlers send events to a client only as
 * far as the client's credit goes; not API.
 *
 * @param <T> the subscription's type
 */
public interface PausingHandler<T> extends EventHandler<T> {

    /**
     * Whether the handler takes an event now; on the subscription's worker, or on a publisher's
     * thread deciding whether to wake it (so thread-safe and cheap). Once it has said true to the
     * worker, the next {@link #handle} call is that worker's, with no other in between; once it
     * says true after having said false, {@link #resume} must be called.
     */
    boolean ready();

    /**
     * Lets {@code subscription} (of a local space) take events again after its handler was not
     * ready; does nothing for another kind of subscription. Any thread.
     */
    static void resume(Subscription<?> subscription) {
        if (subscription instanceof AbstractSubscription<?> s) {
            s.resume();
        }
    }
}
