package io.sluice.run;

import io.sluice.channel.ChannelStats;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * How a run ended, with its counters.
 *
 * @param runId the run's identifier
 * @param workflow the workflow's name
 * @param director the director's name
 * @param status the final status
 * @param started when the run started
 * @param duration how long it took, from start until every actor ended
 * @param actors counters per actor, in workflow order
 * @param channels counters per channel, in workflow order
 * @param failure the message of the run's failure (its first: {@link RunFailedException#getMessage()}),
 *     or null if it completed
 */
public record RunResult(String runId, String workflow, String director, RunStatus status, Instant started,
        Duration duration, List<ActorStats> actors, List<ChannelStats> channels, String failure) {

    public RunResult {
        actors = List.copyOf(actors);
        channels = List.copyOf(channels);
    }

    /** A result without a failure's message: of a run that completed, or whose failure is not told. */
    public RunResult(String runId, String workflow, String director, RunStatus status, Instant started,
            Duration duration, List<ActorStats> actors, List<ChannelStats> channels) {
        this(runId, workflow, director, status, started, duration, actors, channels, null);
    }

    /** The counters of the named channel. */
    public Optional<ChannelStats> channel(String name) {
        return channels.stream().filter(c -> c.channel().equals(name)).findFirst();
    }

    /** The counters of the named actor. */
    public Optional<ActorStats> actor(String name) {
        return actors.stream().filter(a -> a.actor().equals(name)).findFirst();
    }

    /** The channel that held the most tokens at once, if the workflow has channels. */
    public Optional<ChannelStats> deepestChannel() {
        return channels.stream().max(Comparator.comparingLong(ChannelStats::peakDepth));
    }
}
