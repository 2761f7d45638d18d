package io.sluice.actor;

/**
 * An actor with state that a resumed run can restart from a snapshot instead of replaying it from
 * its first firing (the snapshot hook). Between firings the director asks for a
 * {@link #snapshot()} every so often, and saves it with the positions of the actor's readers and
 * writers as a checkpoint ({@link io.sluice.run.Checkpoints}); a resumed run then calls
 * {@link #resume} instead of {@link Actor#initialize}, and fires the firing after the snapshot.
 *
 * <p>A snapshot must hold everything later firings depend on, and what the actor has written
 * outside its channels (a result file) must be durable up to it, since a resume carries on from
 * there: a file sink flushes its file and records its length, and on resume cuts the file back to
 * that length. An actor without state declares itself {@link Stateless} instead.
 *
 * <p><b>Threading.</b> Both methods are called on the thread that runs the actor, between
 * firings, as the other lifecycle methods are; neither may take or put tokens.
 */
public interface Resumable {

    /**
     * The actor's state now, after its last firing, as bytes that {@link #resume} understands.
     *
     * @throws Exception to fail the run, as an exception from {@code fire} does
     */
    byte[] snapshot() throws Exception;

    /**
     * Prepares the actor to continue from a snapshot; called instead of {@link Actor#initialize}
     * when a resumed run restarts it. {@link Actor#wrapUp} follows as usual.
     *
     * @param snapshot what {@link #snapshot()} returned, in an earlier process
     * @throws Exception to fail the run, naming this actor; for instance if a file the snapshot
     *     counts on is shorter than it was
     */
    void resume(ActorContext context, byte[] snapshot) throws Exception;
}
