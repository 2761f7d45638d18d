package io.sluice.director;

import io.sluice.run.RunFailedException;

/**
 * The failure of a run whose actor ran out of memory, made before the run starts: when the heap is
 * exhausted, building a message (or any exception) fails with another {@link OutOfMemoryError},
 * and the run would be left with no failure recorded, to be misreported as a deadlock once the
 * actor's thread is gone. Its cause is the error, set when it happens ({@link #of}).
 */
final class OutOfMemoryFailure extends RunFailedException {
    private static final long serialVersionUID = 1L;
    private volatile OutOfMemoryError error;

    OutOfMemoryFailure(String actor) {
        super("out of memory while running actor '" + actor + "' (java.lang.OutOfMemoryError); persistent channels keep "
                + "waiting tokens off the heap", null);
    }

    /** This failure, caused by {@code e}; allocates nothing. */
    OutOfMemoryFailure of(OutOfMemoryError e) {
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
