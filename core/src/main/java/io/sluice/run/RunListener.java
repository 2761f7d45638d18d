package io.sluice.run;

/**
 * Observes a run: its start and end, each actor's end and, if asked for, each firing. Used by
 * provenance recording and by GUIs that show a live run.
 *
 * <p><b>Threading.</b> {@link #runStarted} is called on a thread of the run's own while the run
 * opens its channels, and {@link #runEnded} on the run's supervising thread; {@link #firingEnded}
 * and {@link #actorEnded} on the thread that ran the actor, so calls for different actors may
 * come at the same time. Every other call comes after {@code runStarted} has returned, and
 * {@code runEnded} after all of them. Implementations must be thread-safe and quick; they must
 * not call back into the run and wait for it.
 *
 * <p><b>Failure.</b> An exception thrown by a listener fails the run, naming the listener: a run
 * whose provenance could not be recorded is not a complete run.
 */
public interface RunListener {

    /**
     * The run has started. It opens its channels meanwhile, on another thread, so that what a
     * listener does to get ready takes no time of the run's; it initialises no actor before every
     * listener has returned. If a channel then fails to open, the run fails and {@link #runEnded}
     * follows. A run refused before it starts, because an actor would write a file outside the
     * work directory ({@link OutsideWorkDirectoryException}), calls {@code runEnded} only.
     */
    default void runStarted(RunInfo run) throws Exception {}

    /**
     * Whether this listener wants {@link #firingEnded} calls. Asked once per run; a director
     * builds firing records only if some listener wants them.
     */
    default boolean wantsFirings() {
        return false;
    }

    /** A firing has ended (normally or not); the record holds the channel positions it moved. */
    default void firingEnded(FiringRecord firing) throws Exception {}

    /**
     * A log that receives the firings of {@code actor} as plain numbers instead of
     * {@link #firingEnded} calls, or null (the default) for {@code firingEnded} calls. Asked once
     * per actor, after {@link #runStarted}, if {@link #wantsFirings()}; a director that does not
     * support logs calls {@code firingEnded} instead.
     */
    default FiringLog firingLog(String actor) {
        return null;
    }

    /** An actor has ended after {@code firings} firings and has been wrapped up. */
    default void actorEnded(String actor, long firings) throws Exception {}

    /** The run has ended; every actor has ended and every channel is closed. */
    default void runEnded(RunResult result) throws Exception {}
}
