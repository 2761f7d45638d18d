package io.sluice.events;

import java.util.Objects;

/**
 * How a {@link Forwarder} receives and what it runs: the options of its subscription on the
 * source channel (a filter expression there is evaluated before the filter below), a filter
 * before forwarding and a function after. Immutable; {@link #defaults()} has neither.
 */
public final class ForwardOptions {
    private static final ForwardOptions DEFAULTS = new ForwardOptions(SubscribeOptions.defaults(), null, null);

    private final SubscribeOptions subscription;
    private final EventFilter filter;
    private final EventFunction function;

    private ForwardOptions(SubscribeOptions subscription, EventFilter filter, EventFunction function) {
        this.subscription = subscription;
        this.filter = filter;
        this.function = function;
    }

    /** No filter, no function, the default subscription options. */
    public static ForwardOptions defaults() {
        return DEFAULTS;
    }

    /** The options of the forwarder's subscription on its source channel. */
    public ForwardOptions withSubscription(SubscribeOptions options) {
        return new ForwardOptions(Objects.requireNonNull(options, "options"), filter, function);
    }

    /** The filter run before forwarding (drop, pass or replace). */
    public ForwardOptions withFilter(EventFilter filter) {
        return new ForwardOptions(subscription, filter, function);
    }

    /** The function run after forwarding. */
    public ForwardOptions withFunction(EventFunction function) {
        return new ForwardOptions(subscription, filter, function);
    }

    public SubscribeOptions subscription() {
        return subscription;
    }

    /** The filter, or null. */
    public EventFilter filter() {
        return filter;
    }

    /** The function, or null. */
    public EventFunction function() {
        return function;
    }
}
