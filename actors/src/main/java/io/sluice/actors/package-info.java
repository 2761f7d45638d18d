/**
 * The standard actor library: sources, arithmetic, control and test actors that real workflows
 * use, registered for JSON and MoML workflows by {@link io.sluice.actors.StandardActorTypes}.
 */
package io.sluice.actors;
