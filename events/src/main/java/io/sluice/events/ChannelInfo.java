package io.sluice.events;

import io.sluice.records.RecordFormat;
import java.util.List;

/**
 * What a space knows of one event channel at one moment.
 *
 * @param name the channel's name
 * @param format the channel's format: every event published on it reads as this format
 * @param durability transient or persistent
 * @param published how many events were published on it (on a persistent channel, the log's
 *     length, events of earlier openings of the space included)
 * @param publishers the formats of its open publishers, one entry per publisher
 * @param subscriptions the names of its active subscriptions
 */
public record ChannelInfo(String name, RecordFormat format, Durability durability, long published,
        List<RecordFormat> publishers, List<String> subscriptions) {
    public ChannelInfo {
        publishers = List.copyOf(publishers);
        subscriptions = List.copyOf(subscriptions);
    }
}
