package io.sluice.run;

import java.util.List;

/**
 * What one firing did, described by channel positions: no token value is copied.
 *
 * @param actor the actor's name
 * @param firing the firing's number, 0-based per actor
 * @param startEpochNanos when the firing started, in nanoseconds since the epoch
 * @param endEpochNanos when it ended, in nanoseconds since the epoch
 * @param consumed the tokens it took, one range per input port it took from
 * @param produced the tokens it put, one range per output port it put to
 */
public record FiringRecord(String actor, long firing, long startEpochNanos, long endEpochNanos,
        List<PortRange> consumed, List<PortRange> produced) {

    public FiringRecord {
        consumed = List.copyOf(consumed);
        produced = List.copyOf(produced);
    }
}
