package io.sluice.actor;

import java.nio.file.Path;

/**
 * What an actor can learn about its place in a run, outside of a firing: passed to
 * {@link Actor#initialize(ActorContext)} and {@link Actor#wrapUp(ActorContext)}.
 *
 * <p>A context is valid only during the call it is passed to; it must not be kept or shared with
 * other threads.
 */
public interface ActorContext {

    /** The actor's name in the workflow. */
    String actorName();

    /** The identifier of the run. */
    String runId();

    /**
     * The run's work directory, where actors write result files and persistent channels live.
     *
     * @throws IllegalStateException if the run was configured without a work directory
     */
    Path workDirectory();

    /**
     * The file this actor declared under {@code parameter} in {@link WritesFiles#outputFiles()},
     * resolved against the work directory. The run checked it before it started: unless the run
     * allows writes outside the work directory
     * ({@link io.sluice.run.RunConfig#allowsWritesOutsideWorkDirectory()}), the file lies inside
     * it, also once {@code ..} and the symbolic links then present are followed.
     *
     * @throws IllegalArgumentException if the actor declared no file under {@code parameter}
     */
    Path outputFile(String parameter);
}
