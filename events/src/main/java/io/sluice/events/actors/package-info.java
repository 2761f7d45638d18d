/**
 * Event channels in workflows: the actor types {@code publish} (each record it takes is published
 * on an event channel) and {@code subscribe} (a source that puts the events of a channel),
 * registered by {@link io.sluice.events.actors.EventActorTypes}. A workflow reaches a space server
 * ({@code sluice://host:port}, {@code sluice serve --events}) or, where the program that reads the
 * workflow gives one, an event space in its own JVM. See {@code docs/event-channels.md}.
 */
package io.sluice.events.actors;
