package io.sluice.events;

import io.sluice.records.RecordFormat;
import java.util.Objects;

/**
 * One event as a handler receives it.
 *
 * @param channel the event channel's name
 * @param seq the event's position on its channel: on a persistent channel its index in the log,
 *     the same for every subscription and after a restart; on a transient channel its number in
 *     the order the channel's publishers published (unique on the channel, from 0)
 * @param writerFormat the format the publisher wrote the event under; the value was read from it
 *     as the subscription's format, by field name
 * @param value the event, as the subscription's record class or {@link io.sluice.records.RecordValue}
 * @param <T> the subscription's type
 */
public record Event<T>(String channel, long seq, RecordFormat writerFormat, T value) {
    public Event {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(writerFormat, "writerFormat");
        Objects.requireNonNull(value, "value");
    }
}
