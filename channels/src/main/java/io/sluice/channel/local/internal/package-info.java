/**
 * Not API: the pieces of Sluice's persistent channels that its other modules (provenance, durable
 * runs, benchmarks) share, such as the OS locks a writer holds, the checks of a Chronicle queue
 * file made with plain reads, and the room allocated ahead of writes. They may change in any
 * release without notice; programs that use Sluice never need them (the API is in
 * {@link io.sluice.channel.local}).
 */
package io.sluice.channel.local.internal;
