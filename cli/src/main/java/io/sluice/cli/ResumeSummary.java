package io.sluice.cli;

import io.sluice.channel.ChannelStats;
import io.sluice.channels.Resumption;
import io.sluice.run.ActorStats;
import io.sluice.run.RunResult;
import java.util.List;
import java.util.Locale;

/**
 * The line {@code sluice run --resume} prints before the run's summary: what the resumed run
 * found stored, what its replay verified and skipped, and what it wrote anew.
 */
final class ResumeSummary {
    private ResumeSummary() {}

    static String line(Resumption resumption, RunResult result) {
        long durable = 0;
        long verified = 0;
        long anew = 0;
        List<Resumption.ResumedChannel> resumed = resumption.channels();
        for (Resumption.ResumedChannel c : resumed) {
            durable += c.durableTokens();
            verified += c.verified();
            anew += result.channel(c.channel()).map(ChannelStats::tokensWritten).orElse(c.durableTokens()) - c.durableTokens();
        }
        long firings = result.actors().stream().mapToLong(ActorStats::firings).sum();
        int channels = resumed.size();
        if (channels == 0) {
            return "resumed: no channel held tokens, so the run started from the beginning (" + firings + " firings)";
        }
        return String.format(Locale.ROOT, "resumed: %,d firings replayed from the first; %,d of the %,d tokens stored on %d "
                + "channel%s verified and skipped; %,d tokens written anew on them", firings, verified, durable, channels,
                channels == 1 ? "" : "s", anew);
    }
}
