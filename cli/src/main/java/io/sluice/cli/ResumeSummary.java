package io.sluice.cli;

import io.sluice.channel.ChannelStats;
import io.sluice.channel.local.Resumption;
import io.sluice.run.ActorStats;
import io.sluice.run.Checkpoint;
import io.sluice.run.RunResult;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * The line {@code sluice run --resume} prints before the run's summary: which actors restarted
 * from checkpoints and how many firings that skipped, how many firings were replayed (they had
 * run before the kill) and how many ran anew, what was found stored, and how much of it was
 * skipped with the firings, verified by a replay, or written anew. Replayed and new firings are
 * told apart by the killed run's provenance; without it, only their sum is known.
 */
final class ResumeSummary {
    private ResumeSummary() {}

    /** @param recorded per actor, the firings the killed run recorded (see {@code io.sluice.durable.DurableRun#recordedFirings}) */
    static String line(Resumption resumption, Map<String, Checkpoint> restarts, Function<String, OptionalLong> recorded,
            RunResult result) {
        long durable = 0;
        long skipped = 0;
        long verified = 0;
        long anew = 0;
        List<Resumption.ResumedChannel> resumed = resumption.channels();
        for (Resumption.ResumedChannel c : resumed) {
            durable += c.durableTokens();
            skipped += c.skipped();
            verified += c.verified();
            anew += result.channel(c.channel()).map(ChannelStats::tokensWritten).orElse(c.durableTokens()) - c.durableTokens();
        }
        long skippedFirings = 0;
        long firings = 0;
        long replayed = 0;
        boolean known = true;
        for (ActorStats actor : result.actors()) {
            Checkpoint restart = restarts.get(actor.actor());
            long from = restart == null ? 0 : restart.firing();
            skippedFirings += from;
            firings += actor.firings() - from;
            OptionalLong before = recorded.apply(actor.actor());
            known &= before.isPresent();
            replayed += Math.max(0, Math.min(before.orElse(0), actor.firings()) - from);
        }
        int channels = resumed.size();
        if (channels == 0) {
            return String.format(Locale.ROOT, "resumed: no channel held tokens, so the run started from the beginning (%,d firings)",
                    firings);
        }
        String ran = known ? String.format(Locale.ROOT, "%,d firings replayed and %,d run anew", replayed, firings - replayed)
                : String.format(Locale.ROOT, "%,d firings ran (replayed or new: without the killed run's provenance they are "
                        + "not told apart)", firings);
        return String.format(Locale.ROOT, "resumed: %d of %d actors restarted from checkpoints, skipping %,d firings; "
                + "%s; of the %,d tokens stored on %d channel%s, %,d were skipped with the firings "
                + "that put them and %,d verified against a replay; %,d tokens written anew",
                restarts.size(), result.actors().size(), skippedFirings, ran, durable, channels, channels == 1 ? "" : "s",
                skipped, verified, anew);
    }
}
