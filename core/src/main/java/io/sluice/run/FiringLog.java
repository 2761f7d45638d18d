package io.sluice.run;

/**
 * Receives the firings of one actor of a run, span by span: what each firing consumed and
 * produced, as channel positions ({@link FiringSpan}). A {@link RunListener} that wants firings
 * hands one out per actor from {@link RunListener#firingLog}.
 *
 * <p><b>Threading.</b> Called on the thread that runs the actor, one span after the other in
 * firing order; never for two spans of the same actor at once, and never for two actors on one
 * instance unless the listener handed the same instance out twice.
 *
 * <p><b>What comes.</b> Every firing of the actor in the run, once, in order, in spans of
 * consecutive firings: the first span starts at the actor's first firing of the run (0, or its
 * restart point in a resumed run), and each span starts where the one before ended. A span's
 * last firing is timed, or both its times are {@link FiringSpan#UNTIMED}; its other firings are
 * untimed and ran within that firing's interval. How many firings a director times together is
 * its own choice, stated in its documentation; it times an actor's last firing and any firing
 * that failed, so that a span never waits for a later firing that may not come.
 *
 * <p><b>Failure.</b> An exception thrown here fails the run, naming the listener, as one thrown
 * by a {@link RunListener} does.
 */
@FunctionalInterface
public interface FiringLog {

    /**
     * The firings of {@code span} have ended. The span belongs to the caller, who reuses it: read
     * it before returning and keep nothing of it.
     *
     * @throws Exception to fail the run
     */
    void span(FiringSpan span) throws Exception;

    /**
     * Firing {@code firing} declared the actor's state empty after it
     * ({@link io.sluice.actor.FiringContext#declareStateEmpty()}): what later firings put does not
     * derive from what it and the firings before it took. Called after the span that ends with
     * that firing, before the next span. The default ignores it; a log that records lineages
     * keeps it, or takes the actor's outputs to derive from all it ever took.
     *
     * @throws Exception to fail the run
     */
    default void stateEmptied(long firing) throws Exception {}
}
