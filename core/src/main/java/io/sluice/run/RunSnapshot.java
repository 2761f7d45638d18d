package io.sluice.run;

import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a run is doing at one moment: its phase, each actor's state and counts, each channel's
 * counts and depth. Immutable. Taken by {@link Run#snapshot()} at any time from any thread, and
 * given to {@link RunListener#progress} every {@link RunConfig#progressInterval()}.
 *
 * <p>Counts never go backwards from one snapshot of a run to the next, and a channel's depth is
 * never negative ({@link ChannelSnapshot}). Actors and channels come in the workflow's order; a
 * run of a part ({@link RunPart}) shows the actors it fires and the channels it opened.
 *
 * @param runId the run's identifier
 * @param phase where the run is
 * @param elapsed time since the run started
 * @param actors the actors this run fires
 * @param channels the channels opened so far (while {@link RunPhase#STARTING}, maybe not all)
 * @param failure the message of the run's failure if it has failed (or been cancelled, or timed
 *     out) by now, else null: the run is stopping
 */
public record RunSnapshot(String runId, RunPhase phase, Duration elapsed, List<ActorSnapshot> actors,
        List<ChannelSnapshot> channels, String failure) {

    public RunSnapshot {
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(phase, "phase");
        Objects.requireNonNull(elapsed, "elapsed");
        actors = List.copyOf(actors);
        channels = List.copyOf(channels);
    }

    /** A snapshot of a run that has not failed. */
    public RunSnapshot(String runId, RunPhase phase, Duration elapsed, List<ActorSnapshot> actors, List<ChannelSnapshot> channels) {
        this(runId, phase, elapsed, actors, channels, null);
    }

    /** This snapshot in {@code phase}, with {@code failure}: what a run that has stopped changing shows later. */
    public RunSnapshot as(RunPhase phase, String failure) {
        return new RunSnapshot(runId, phase, elapsed, actors, channels, failure);
    }

    /** The actor of that name, if this run fires it. */
    public Optional<ActorSnapshot> actor(String name) {
        return actors.stream().filter(a -> a.name().equals(name)).findFirst();
    }

    /** The channel of that name, if this run has opened it. */
    public Optional<ChannelSnapshot> channel(String name) {
        return channels.stream().filter(c -> c.name().equals(name)).findFirst();
    }

    /** Tokens written to all channels so far. */
    public long tokensWritten() {
        return channels.stream().mapToLong(ChannelSnapshot::written).sum();
    }

    /** The channel holding the most tokens now, if any holds one. */
    public Optional<ChannelSnapshot> deepest() {
        return channels.stream().filter(c -> c.depth() > 0).max(Comparator.comparingLong(ChannelSnapshot::depth));
    }
}
