package io.sluice.run;

/**
 * What an actor is doing at one moment of a run, as a {@link RunSnapshot} shows it. A GUI colours
 * an actor by it: busy ({@link #FIRING}), starved ({@link #WAITING_TO_READ}), back-pressured
 * ({@link #WAITING_TO_WRITE}).
 */
public enum ActorState {
    /** Not initialised yet: the run is opening its channels, or has not reached this actor. */
    STARTING,
    /** In a firing, running its own code (taking and putting tokens that are there). */
    FIRING,
    /** In a firing, waiting for a token on an input channel ({@link ActorSnapshot#waitingOn()}). */
    WAITING_TO_READ,
    /** In a firing, waiting for room in a full output channel ({@link ActorSnapshot#waitingOn()}). */
    WAITING_TO_WRITE,
    /** Between firings: its director runs other actors on the thread it shares with them. */
    IDLE,
    /** Ended: its inputs ended, or it finished, or the run stopped it. */
    ENDED,
    /** Its code threw, failing the run. */
    FAILED;

    /** Whether the actor will fire no more. */
    public boolean isFinal() {
        return this == ENDED || this == FAILED;
    }
}
