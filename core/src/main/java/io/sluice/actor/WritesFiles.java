package io.sluice.actor;

import java.util.Map;

/**
 * An actor that writes files besides its channels (a result file, say) declares them, so that a
 * run can check them before it writes anything. A workflow may come from someone else (a GUI, a
 * shared repository), so by default every such file must lie inside the run's work directory;
 * a run allows files outside it only when told to
 * ({@link io.sluice.run.RunConfig.Builder#allowWritesOutsideWorkDirectory}). The actor opens each
 * file through {@link ActorContext#outputFile(String)}, which gives the path the run checked.
 *
 * <p><b>Threading.</b> {@link #outputFiles()} is called when a run starts, on a thread of the
 * run's, before the actor is initialised; a program may also call it before it starts the run
 * ({@link io.sluice.run.OutputFiles}). It must return the same files every time and must not open
 * them.
 *
 * <p><b>Failure.</b> An exception thrown by {@code outputFiles()} fails the run before it starts,
 * naming the actor.
 */
public interface WritesFiles {

    /**
     * The files this actor writes: for each, the name of the parameter that gives it (used in
     * messages and by {@link ActorContext#outputFile(String)}) and its path as given, relative to
     * the run's work directory or absolute.
     */
    Map<String, String> outputFiles();
}
