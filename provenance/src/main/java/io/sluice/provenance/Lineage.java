package io.sluice.provenance;

import io.sluice.run.FiringRecord;
import java.util.List;

/**
 * The lineage of a token: the firings it was derived from (backward) or that derived tokens from
 * it (forward), level by level up to a depth.
 *
 * <p>A firing of an actor whose outputs derive from each firing's inputs ({@code @Stateless},
 * {@code @OutputsFromFiringInputs}) is taken to derive every token it produced from every token
 * it consumed. An actor that keeps state across firings derives what it produces from all it
 * consumed since it started, or since it last declared its state empty
 * ({@code FiringContext.declareStateEmpty}): the dependency of such a firing is widened to those
 * firings ({@link Widening}), and what it reaches is followed as ranges of tokens, and of the
 * firings that moved them ({@link RangeStep}), summarised rather than listed one by one.
 *
 * @param token the token asked about
 * @param direction backward (what it came from) or forward (what came from it)
 * @param depth how many levels of firings were followed at most
 * @param steps the firings reached through single tokens, in the order found: level 1 is the
 *     firing that produced (or consumed) the token itself
 * @param rangeSteps the firings reached through ranges of tokens, summarised, in the order found
 * @param ends the initial tokens of their channels where a backward lineage stops: placed before
 *     any firing, produced by none (a source's output is produced by its firings, which consumed
 *     nothing, so it is not among them)
 * @param unrecorded tokens of a backward lineage whose producing firing is not recorded: the run
 *     did not end, and the recorder lost its last batches
 * @param unrecordedRanges ranges of tokens of a backward lineage whose producing firings are not
 *     all recorded, as for {@code unrecorded}
 * @param truncated true if more firings were reachable within the depth than a lineage holds
 *     ({@link ProvenanceStore#MAX_LINEAGE_FIRINGS}, counting each summarised range as one)
 * @param statesRecorded false for a store before format 7, which did not record which actors
 *     keep state: its lineages take every firing to derive what it produced from what it
 *     consumed, and may miss what an actor's state carried
 */
public record Lineage(TokenRef token, Direction direction, int depth, List<Step> steps, List<RangeStep> rangeSteps,
        List<TokenRef> ends, List<TokenRef> unrecorded, List<TokenRange> unrecordedRanges, boolean truncated,
        boolean statesRecorded) {

    public Lineage {
        steps = List.copyOf(steps);
        rangeSteps = List.copyOf(rangeSteps);
        ends = List.copyOf(ends);
        unrecorded = List.copyOf(unrecorded);
        unrecordedRanges = List.copyOf(unrecordedRanges);
    }

    /** Whether some dependency was widened because an actor keeps state. */
    public boolean widened() {
        return steps.stream().anyMatch(s -> s.widening() != null) || rangeSteps.stream().anyMatch(s -> s.widening() != null);
    }

    /** Which way a lineage goes. */
    public enum Direction {
        /** To the firings and tokens a token was derived from. */
        BACKWARD,
        /** To the firings and tokens derived from a token. */
        FORWARD
    }

    /**
     * A firing of a lineage, reached through one token.
     *
     * @param level 1 for the firing next to the token asked about, 2 for the next ones, ...
     * @param firing the firing, with the ranges it consumed and produced
     * @param via the token of the previous level through which it was reached
     * @param widening how its dependency was widened because its actor keeps state, or null if
     *     it was not: the lineage goes on from what the firing consumed (backward) or produced
     *     (forward), else from the widening's tokens
     */
    public record Step(int level, FiringRecord firing, TokenRef via, Widening widening) {
        /** A step whose dependency was not widened. */
        public Step(int level, FiringRecord firing, TokenRef via) {
            this(level, firing, via, null);
        }
    }

    /**
     * Consecutive firings of one actor, reached through a range of tokens (which a widening led
     * to): those that produced the range (backward) or consumed some of it (forward), summarised.
     * The firings between the first and the last are all counted in, also those that moved
     * nothing of the range.
     *
     * @param level as for a {@link Step}
     * @param actor the actor
     * @param firstFiring the first of the firings
     * @param lastFiring the last of them
     * @param consumed what they consumed, a range per input port that moved tokens
     * @param produced what they produced, a range per output port that moved tokens
     * @param via the range of the previous level through which they were reached
     * @param widening as for a {@link Step}, or null
     */
    public record RangeStep(int level, String actor, long firstFiring, long lastFiring, List<TokenRange> consumed,
            List<TokenRange> produced, TokenRange via, Widening widening) {
        public RangeStep {
            consumed = List.copyOf(consumed);
            produced = List.copyOf(produced);
        }

        /** How many firings it summarises. */
        public long firings() {
            return lastFiring - firstFiring + 1;
        }
    }

    /**
     * A dependency widened because the actor keeps state across firings. Backward: what a firing
     * produced derives from what its actor consumed in firings {@code firstFiring} to its own (its
     * first firing, or the first after one that declared its state empty). Forward: what its
     * actor produced in its firings from the one reached to {@code lastFiring} (its last recorded
     * firing, or the next that declared its state empty) derives from what that one consumed.
     *
     * @param firstFiring the first firing the dependency covers
     * @param lastFiring the last firing it covers
     * @param stateEmptied true if it is bounded by a firing that declared the actor's state empty
     *     (backward: the one before {@code firstFiring}; forward: {@code lastFiring}), false if by
     *     the actor's first (backward) or last recorded (forward) firing
     * @param tokens what those firings consumed (backward) or produced (forward), a range per port
     */
    public record Widening(long firstFiring, long lastFiring, boolean stateEmptied, List<TokenRange> tokens) {
        public Widening {
            tokens = List.copyOf(tokens);
        }
    }
}
