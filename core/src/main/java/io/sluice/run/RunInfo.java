package io.sluice.run;

import io.sluice.workflow.Workflow;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * What a run is: given to {@link RunListener#runStarted}.
 *
 * @param runId the run's identifier
 * @param workflow the workflow being run
 * @param director the name of the director running it
 * @param started when the run started
 * @param workDirectory the run's work directory, or null if it has none
 * @param channels the name of the run's channel factory ({@link io.sluice.channel.ChannelFactory#name()}),
 *     e.g. {@code memory} or {@code fast-track}; a channel of the workflow may have asked for
 *     another policy ({@link io.sluice.workflow.ChannelDefinition#policy()})
 * @param actors the names of the actors this run fires: all the workflow's, unless it fires a
 *     part of it ({@link RunPart})
 */
public record RunInfo(String runId, Workflow workflow, String director, Instant started, Path workDirectory, String channels,
        Set<String> actors) {

    public RunInfo {
        actors = Set.copyOf(actors);
    }

    /** A run that fires every actor of {@code workflow}. */
    public RunInfo(String runId, Workflow workflow, String director, Instant started, Path workDirectory, String channels) {
        this(runId, workflow, director, started, workDirectory, channels, allActors(workflow));
    }

    /** Whether this run fires only some of the workflow's actors. */
    public boolean partial() {
        return actors.size() < workflow.actors().size();
    }

    private static Set<String> allActors(Workflow workflow) {
        Set<String> all = new LinkedHashSet<>();
        workflow.actors().forEach(a -> all.add(a.name()));
        return all;
    }
}
