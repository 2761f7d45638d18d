package io.sluice.run;

/**
 * Observes a run: its start and end, what it is doing every so often ({@link #progress}), each
 * actor's end and, if asked for, each actor's firings. Used by provenance recording, by the
 * command line's progress line and by GUIs that show a live run ({@code docs/events.md}).
 *
 * <p><b>Threading.</b> {@link #runStarted} is called on a thread of the run's own while the run
 * opens its channels, {@link #progress} on another, and {@link #runEnded} on the run's supervising
 * thread; the {@link FiringLog}s and {@link #actorEnded} on the thread that ran the actor, so calls for
 * different actors may come at the same time. Every other call comes after {@code runStarted}
 * has returned, and {@code runEnded} after all of them. Implementations must be thread-safe and
 * quick; they must not call back into the run and wait for it.
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
     * As {@link #runStarted(RunInfo)}, with the run's handle, from which a listener may take
     * {@link Run#snapshot() snapshots} of its own or {@link Run#cancel() cancel} it (never
     * {@link Run#await() await} or {@link Run#close() close} it from a listener). The run calls this
     * one; by default it calls {@link #runStarted(RunInfo)}.
     */
    default void runStarted(Run handle, RunInfo run) throws Exception {
        runStarted(run);
    }

    /**
     * What the run is doing, every {@link RunConfig#progressInterval()} while it runs, and once
     * more after its last actor has ended (phase {@link RunPhase#ENDING}), before
     * {@link #runEnded}; called on a thread of the run's own that does nothing else meanwhile, so
     * a slow listener delays the next snapshot, never an actor. The first comes after
     * {@link #runStarted} has returned. Snapshots never go backwards.
     */
    default void progress(RunSnapshot snapshot) throws Exception {}

    /**
     * Where the firings of {@code actor} go: a log that receives them span by span, or null (the
     * default) if this listener does not want them. Asked once per actor, after
     * {@link #runStarted} has returned and before the actor starts; a run in which no listener
     * wants an actor's firings records nothing of them.
     *
     * @throws RuntimeException to fail the run, naming the actor
     */
    default FiringLog firingLog(String actor) {
        return null;
    }

    /** An actor has ended after {@code firings} firings and has been wrapped up. */
    default void actorEnded(String actor, long firings) throws Exception {}

    /**
     * The run has ended; every actor has ended and every channel is closed. {@code result} tells
     * its status and, if it failed, its failure's message ({@link RunResult#failure()}); should a
     * listener's {@code runEnded} fail a run that had completed, {@link Run#await()} tells that
     * failure, and listeners told before it were told of a completed run.
     */
    default void runEnded(RunResult result) throws Exception {}
}
