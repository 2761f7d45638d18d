package io.sluice.run;

import java.time.Duration;
import java.util.Objects;

/**
 * One actor of a {@link RunSnapshot}. Its times are sampled: a run looks at what each actor is
 * doing every few milliseconds ({@link RunConfig#sampleInterval()}) and adds the interval to the
 * state it finds, so they add up to the time the actor was watched, to within a few samples; an
 * actor whose firings are shorter than the interval is seen firing in proportion to the time it
 * spends firing. Nothing is timed per firing, so watching costs the actors nothing.
 *
 * @param name the actor's name
 * @param state what it is doing now
 * @param waitingOn the channel it waits on when {@link ActorState#WAITING_TO_READ} or
 *     {@link ActorState#WAITING_TO_WRITE}, else null
 * @param firings the firings it has completed
 * @param busy time seen {@link ActorState#FIRING}
 * @param waitingToRead time seen waiting for a token (starved)
 * @param waitingToWrite time seen waiting for room (back-pressured)
 */
public record ActorSnapshot(String name, ActorState state, String waitingOn, long firings, Duration busy,
        Duration waitingToRead, Duration waitingToWrite) {

    public ActorSnapshot {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(busy, "busy");
        Objects.requireNonNull(waitingToRead, "waitingToRead");
        Objects.requireNonNull(waitingToWrite, "waitingToWrite");
    }
}
