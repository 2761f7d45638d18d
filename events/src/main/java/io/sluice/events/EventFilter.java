package io.sluice.events;

import io.sluice.records.RecordValue;

/**
 * A DataExchange filter of a {@link Forwarder}: called for each event received, before it is
 * forwarded, on the forwarder's worker. It decides what is forwarded: return the event's value
 * to pass it, null to drop it, or another record value (of any format) to forward instead.
 */
@FunctionalInterface
public interface EventFilter {

    /**
     * @param event the event, read under its writer's own format: every field is there
     * @return the value to forward, or null to forward nothing
     */
    RecordValue filter(Event<RecordValue> event) throws Exception;
}
