/**
 * Event channels: typed publish/subscribe. Any number of publishers put events (records of a
 * {@link io.sluice.records.RecordFormat}) on a named channel, and each subscription's handler
 * receives them, as its own version of the format, on a worker pool shared by the space. Start
 * at {@link io.sluice.events.EventChannels}; {@code docs/event-channels.md} is the guide.
 */
package io.sluice.events;
