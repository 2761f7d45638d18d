package io.sluice.director;

import io.sluice.run.RunFailedException;

/**
 * The failure of a run that ran out of memory, made before the run starts: when the heap is
 * exhausted, building a message (or any exception) fails with another {@link OutOfMemoryError},
 * and the run would be left with no failure recorded, to be misreported as a deadlock once the
 * actor's thread is gone, or never to end. Its cause is the first error, set when it happens
 * ({@link #of}). Every actor has one, and so has the run, for its director's own code.
 */
final class OutOfMemoryFailure extends RunFailedException {
    private static final long serialVersionUID = 1L;
    private volatile Throwable error;
    /** The state of a run failed with this, made in advance too: recording it allocates nothing. */
    final transient RunState.Failed failed = new RunState.Failed(this);

    private OutOfMemoryFailure(String where) {
        super("out of memory " + where + " (java.lang.OutOfMemoryError); persistent channels keep waiting tokens off "
                + "the heap", null);
    }

    /** The failure of an actor that runs out of memory, in its own code or in the director's on its behalf. */
    static OutOfMemoryFailure inActor(String actor) {
        return new OutOfMemoryFailure("while running actor '" + actor + "'");
    }

    /** The failure of a run whose director runs out of memory outside any actor. */
    static OutOfMemoryFailure inRun(String runId) {
        return new OutOfMemoryFailure("in the director of run " + runId);
    }

    /**
     * This failure, caused by {@code e} unless an earlier error was set; allocates nothing. The
     * cause is an {@link OutOfMemoryError}, or the error that describing one failed with.
     */
    OutOfMemoryFailure of(Throwable e) {
        if (error == null) {
            error = e;
        }
        return this;
    }

    @Override
    public synchronized Throwable getCause() {
        return error;
    }
}
