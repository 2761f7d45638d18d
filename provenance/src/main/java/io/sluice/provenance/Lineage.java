package io.sluice.provenance;

import io.sluice.run.FiringRecord;
import java.util.List;

/**
 * The lineage of a token: the firings it was derived from (backward) or that derived tokens from
 * it (forward), level by level up to a depth. A firing is taken to derive every token it produced
 * from every token it consumed.
 *
 * @param token the token asked about
 * @param direction backward (what it came from) or forward (what came from it)
 * @param depth how many levels of firings were followed at most
 * @param steps the firings reached, in the order found: level 1 is the firing that produced (or
 *     consumed) the token itself
 * @param ends the initial tokens of their channels where a backward lineage stops: placed before
 *     any firing, produced by none (a source's output is produced by its firings, which consumed
 *     nothing, so it is not among them)
 * @param unrecorded tokens of a backward lineage whose producing firing is not recorded: the run
 *     did not end, and the recorder lost its last batches
 * @param truncated true if more firings were reachable within the depth than a lineage holds
 *     ({@link ProvenanceStore#MAX_LINEAGE_FIRINGS})
 */
public record Lineage(TokenRef token, Direction direction, int depth, List<Step> steps, List<TokenRef> ends,
        List<TokenRef> unrecorded, boolean truncated) {

    public Lineage {
        steps = List.copyOf(steps);
        ends = List.copyOf(ends);
        unrecorded = List.copyOf(unrecorded);
    }

    /** Which way a lineage goes. */
    public enum Direction {
        /** To the firings and tokens a token was derived from. */
        BACKWARD,
        /** To the firings and tokens derived from a token. */
        FORWARD
    }

    /**
     * A firing of a lineage.
     *
     * @param level 1 for the firing next to the token asked about, 2 for the next ones, ...
     * @param firing the firing, with the ranges it consumed and produced
     * @param via the token of the previous level through which it was reached
     */
    public record Step(int level, FiringRecord firing, TokenRef via) {}
}
