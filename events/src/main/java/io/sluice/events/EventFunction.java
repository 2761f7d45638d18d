package io.sluice.events;

import io.sluice.records.RecordValue;

/**
 * A DataExchange function of a {@link Forwarder}: called for each event received, after it was
 * forwarded (or dropped), on the forwarder's worker; for statistics, tracing or side effects. It
 * cannot change what is forwarded.
 */
@FunctionalInterface
public interface EventFunction {

    /**
     * @param event the event received, under its writer's own format
     * @param forwarded what was forwarded for it, or null if nothing was
     */
    void apply(Event<RecordValue> event, RecordValue forwarded) throws Exception;
}
