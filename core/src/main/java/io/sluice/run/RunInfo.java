package io.sluice.run;

import io.sluice.workflow.Workflow;
import java.nio.file.Path;
import java.time.Instant;

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
 */
public record RunInfo(String runId, Workflow workflow, String director, Instant started, Path workDirectory, String channels) {}
