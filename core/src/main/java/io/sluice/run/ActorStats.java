package io.sluice.run;

/**
 * Counters of one actor in a run.
 *
 * @param actor the actor's name
 * @param firings how many times it fired (a firing ended by end of stream counts)
 */
public record ActorStats(String actor, long firings) {}
