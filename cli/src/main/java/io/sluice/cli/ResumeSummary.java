package io.sluice.cli;

import io.sluice.channel.ChannelStats;
import io.sluice.channels.Resumption;
import io.sluice.run.ActorStats;
import io.sluice.run.Checkpoint;
import io.sluice.run.RunResult;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The line {@code sluice run --resume} prints before the run's summary: which actors restarted
 * from checkpoints and how many firings that skipped, how many firings ran again, what was found
 * stored, and how much of it was skipped with the firings, verified by a replay, or written anew.
 */
final class ResumeSummary {
    private ResumeSummary() {}

    static String line(Resumption resumption, Map<String, Checkpoint> restarts, RunResult result) {
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
        long skippedFirings = restarts.values().stream().mapToLong(Checkpoint::firing).sum();
        long firings = result.actors().stream().mapToLong(ActorStats::firings).sum() - skippedFirings;
        int channels = resumed.size();
        if (channels == 0) {
            return String.format(Locale.ROOT, "resumed: no channel held tokens, so the run started from the beginning (%,d firings)",
                    firings);
        }
        return String.format(Locale.ROOT, "resumed: %d of %d actors restarted from checkpoints, skipping %,d firings; "
                + "%,d firings ran again; of the %,d tokens stored on %d channel%s, %,d were skipped with the firings "
                + "that put them and %,d verified against a replay; %,d tokens written anew",
                restarts.size(), result.actors().size(), skippedFirings, firings, durable, channels, channels == 1 ? "" : "s",
                skipped, verified, anew);
    }
}
