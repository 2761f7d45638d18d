package io.sluice.director;

/**
 * What a director does when an actor cannot proceed: the slow paths of
 * {@link ActorRuntime#take}, {@link ActorRuntime#hasNext} and {@link ActorRuntime#put}. Called on
 * the actor's thread.
 */
interface Scheduler {

    /**
     * Returns once the input's reader is ready (a token is available or the stream ended).
     *
     * @throws io.sluice.actor.StopSignal if the run is stopping or deadlocked
     */
    void awaitReadable(ActorRuntime actor, InputBinding input);

    /**
     * Returns once the output's channel may have room ({@link OutputBinding#bound}); the caller
     * checks again. Called only for a channel the run bounds.
     *
     * @throws io.sluice.actor.StopSignal if the run is stopping or deadlocked
     */
    void awaitWritable(ActorRuntime actor, OutputBinding output);

    /** True if firings nest on one thread's stack (demand-driven), so a deep chain can overflow it. */
    default boolean nestsFirings() {
        return false;
    }
}
