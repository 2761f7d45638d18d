package io.sluice.actor;

import java.util.List;

/**
 * A unit of computation with named, typed ports that fires repeatedly during a run.
 *
 * <p><b>Lifecycle.</b> A director calls {@link #initialize} once, then {@link #fire} for firings
 * 0, 1, 2, ... until the actor ends, then {@link #wrapUp} once. An actor ends when a
 * {@link FiringContext#take take} finds an input at end of stream, when it calls
 * {@link FiringContext#finish()}, or when the run stops. It is not ended because its readers
 * ended: every channel receives the complete stream its writer produces, whichever director runs
 * the workflow, so a source must finish for the run to end. {@code wrapUp} is called for every
 * actor whose {@code initialize} was called, even if it or a firing threw, so that it can release
 * what it opened. When the run stops (it failed or was cancelled), the actors it stops are
 * wrapped up but their outputs are not ended: a persistent channel then shows that its stream
 * was cut off, not finished.
 *
 * <p><b>Threading.</b> All calls for one actor come from one thread at a time, each call
 * happening-before the next, so actor fields need no synchronisation. Different actors may run on
 * different threads at once (data-driven) or one after another on one thread (demand-driven);
 * an actor must not depend on which.
 *
 * <p><b>Failure.</b> An exception thrown from any method fails the run; the run's error names the
 * actor and, for {@code fire}, the firing number. Other actors are stopped.
 *
 * <p>An actor instance belongs to one workflow and is run once: it may keep state across
 * firings. Actors whose outputs are a function of their inputs (deterministic actors) give the
 * same channel contents under every director.
 *
 * <p>Example actors, compiled and tested, are in the {@code samples} module.
 */
public interface Actor {

    /**
     * The actor's ports. Called by the workflow builder; must return the same ports every time,
     * with distinct names.
     */
    List<Port<?>> ports();

    /** Prepares the actor before its first firing. Does nothing by default. */
    default void initialize(ActorContext context) throws Exception {}

    /**
     * One firing: take tokens from inputs, compute, put tokens to outputs.
     *
     * @throws Exception to fail the run; the error names this actor and the firing
     */
    void fire(FiringContext context) throws Exception;

    /** Releases what the actor holds after its last firing. Does nothing by default. */
    default void wrapUp(ActorContext context) throws Exception {}

    /**
     * Asks the actor to end a wait of its own as soon as it can, because the run is stopping
     * (cancelled, failed elsewhere, or out of time). The director ends waits in channels itself,
     * so an actor that only takes and puts needs nothing here; one that waits in its own code (a
     * server's answer, the full queue of another system) makes that wait end, for instance by
     * interrupting the thread it fires on or closing what it waits on, and its {@link #fire} then
     * fails or returns. {@link #wrapUp} is called afterwards as usual.
     *
     * <p>Called at most once per run, on the thread that stops the run (not the actor's), possibly
     * while {@link #fire} runs, or before or after it. Must not block; what it throws is logged
     * and otherwise ignored. Does nothing by default.
     */
    default void stop() {}
}
