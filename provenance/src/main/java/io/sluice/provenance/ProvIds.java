package io.sluice.provenance;

import java.time.Instant;

/**
 * The identifiers of a PROV export ({@link ProvExport}), decided here for every format: qualified
 * names in the namespace {@code urn:sluice:run:<run id>:} (prefix {@code run}) for actors,
 * firings, summarised firings, tokens and ranges of tokens; the {@code sluice} namespace of
 * Sluice's own attributes; and times as ISO-8601 instants. Stateless.
 */
final class ProvIds {
    /** The namespace of Sluice's attributes ({@code sluice:copy}, {@code sluice:widened}, ...). */
    static final String SLUICE_NS = "https://github.com/sluice-workflows/sluice/ns#";

    private ProvIds() {}

    /** The namespace of run {@code runId}'s identifiers, whose prefix is {@code run}. */
    static String runNs(String runId) {
        return "urn:sluice:run:" + runId + ":";
    }

    static String actorId(String actor) {
        return "run:a-" + actor;
    }

    static String firingId(String actor, long firing) {
        return "run:f-" + actor + "-" + firing;
    }

    /** The activity of a lineage's summarised firings: {@code run:f-<actor>-<first>..<last>}. */
    static String rangeFiringId(Lineage.RangeStep s) {
        return firingId(s.actor(), s.firstFiring()) + ".." + s.lastFiring();
    }

    static String tokenId(String channel, long seq) {
        return "run:t-" + channel + "-" + seq;
    }

    /** The entity of a range of tokens: the token's own identifier for one, else {@code run:t-<channel>-<first>..<last>}. */
    static String rangeId(TokenRange r) {
        return rangeId(r.channel(), r.fromSeq(), r.toSeq());
    }

    /** The entity of tokens {@code [from, to)} of {@code channel}, as {@link #rangeId(TokenRange)}. */
    static String rangeId(String channel, long from, long to) {
        return to - from == 1 ? tokenId(channel, from) : tokenId(channel, from) + ".." + (to - 1);
    }

    /** An instant given in nanoseconds since the epoch, as ISO-8601. */
    static String time(long epochNanos) {
        return Instant.ofEpochSecond(Math.floorDiv(epochNanos, 1_000_000_000L), Math.floorMod(epochNanos, 1_000_000_000L)).toString();
    }
}
