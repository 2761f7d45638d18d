package io.sluice.run;

import io.sluice.workflow.Workflow;
import java.time.Instant;

/**
 * What a run is: given to {@link RunListener#runStarted}.
 *
 * @param runId the run's identifier
 * @param workflow the workflow being run
 * @param director the name of the director running it
 * @param started when the run started
 */
public record RunInfo(String runId, Workflow workflow, String director, Instant started) {}
