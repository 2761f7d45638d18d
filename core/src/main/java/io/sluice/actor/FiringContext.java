package io.sluice.actor;

/**
 * How an actor takes and puts tokens during one firing; passed to {@link Actor#fire}.
 *
 * <p><b>Threading.</b> A context belongs to the firing actor and is called only from the thread
 * that runs {@code fire}; it must not be kept after {@code fire} returns or handed to other
 * threads. The directors that fire every actor on one thread (demand-driven, SDF) check it: a
 * take, hasNext or put from another thread throws {@link IllegalStateException} naming the
 * actor, the port and both threads, which fails the run.
 *
 * <p><b>Blocking.</b> {@link #take} and {@link #hasNext} block until a token is available or the
 * input has ended; {@link #put} blocks while a bounded channel is full. Under a data-driven
 * director the actor's thread waits; under a demand-driven director the wait makes the director
 * fire the actor that writes (or reads) the channel. There is deliberately no non-blocking read:
 * it would make results depend on timing and break Kahn determinism.
 *
 * <p><b>End of stream.</b> When {@code take} finds that an input has ended (its writer closed and
 * every token was read), it throws {@link EndOfStreamSignal}; the director then ends the actor:
 * it closes the actor's outputs, which ends the streams downstream, and calls
 * {@link Actor#wrapUp}. Most actors therefore need no end-of-stream code at all. An actor that
 * must act at the end (flush what it holds) tests {@link #hasNext} first and calls
 * {@link #finish()}.
 *
 * <p><b>Stopping.</b> When the run is cancelled or fails elsewhere, {@code take}, {@code hasNext}
 * and {@code put} throw {@link StopSignal}. Neither signal should be caught by actor code.
 */
public interface FiringContext extends ActorContext {

    /** The number of the current firing of this actor: 0 for the first, then 1, 2, ... */
    long firing();

    /**
     * Takes the next token from an input, blocking until one is available.
     *
     * @return the token, never null
     * @throws EndOfStreamSignal if the input has ended; the director ends this actor
     * @throws StopSignal if the run is stopping
     * @throws IllegalArgumentException if the port is not an input port of this actor
     */
    <T> T take(InputPort<T> port);

    /**
     * Tells whether another token will come from an input, blocking until that is known: returns
     * true as soon as a token is available to {@link #take}, false once the input has ended.
     *
     * @throws StopSignal if the run is stopping
     * @throws IllegalArgumentException if the port is not an input port of this actor
     */
    boolean hasNext(InputPort<?> port);

    /**
     * Puts a token to an output, to every reader of its channel. Blocks while the channel is
     * bounded and full. Tokens put to an output that is not connected are counted and dropped.
     *
     * @throws NullPointerException if the token is null (a channel carries no nulls)
     * @throws ClassCastException if the token is not of the port's type
     * @throws StopSignal if the run is stopping
     * @throws IllegalArgumentException if the port is not an output port of this actor
     * @throws IllegalStateException if this actor has already called {@link #finish()}
     */
    <T> void put(OutputPort<T> port, T token);

    /**
     * Declares that this is the actor's last firing: when {@code fire} returns, the director
     * closes the actor's outputs (end of stream downstream) and calls {@link Actor#wrapUp}.
     * A source calls it once it has produced its last token.
     */
    void finish();

    /**
     * Declares that, once this firing ends, the actor holds no state derived from tokens it has
     * taken: what its later firings put derives only from tokens they take. An actor that keeps
     * tokens' content across firings (neither {@link Stateless} nor
     * {@link OutputsFromFiringInputs}) is taken by provenance to derive each token it puts from
     * every token it took since it started; an aggregator that puts its result and clears its
     * state (at the end of a window, or of a group of keys) calls this in the firing that clears
     * it, so that the lineages of what it puts later start there. What this firing puts still
     * derives from what was taken before. Calling it more than once in a firing is as once; it
     * changes nothing for an actor whose outputs derive from each firing's inputs alone.
     */
    void declareStateEmpty();
}
