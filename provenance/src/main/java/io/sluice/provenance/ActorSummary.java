package io.sluice.provenance;

import java.time.Duration;

/**
 * What one actor did in a run, from its firing records.
 *
 * @param actor the actor's name
 * @param firings how many firings were recorded
 * @param tokensIn how many tokens its firings consumed, over all its input ports
 * @param tokensOut how many tokens its firings produced, over all its output ports
 * @param busy the time its firings took, added up (under the demand-driven director a firing's
 *     time includes the firings upstream that it waited for)
 */
public record ActorSummary(String actor, long firings, long tokensIn, long tokensOut, Duration busy) {}
