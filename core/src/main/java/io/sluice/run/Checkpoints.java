package io.sluice.run;

import io.sluice.actor.Actor;
import io.sluice.actor.Resumable;
import io.sluice.actor.Stateless;
import java.time.Duration;
import java.util.Optional;

/**
 * Where a run saves the checkpoints of its resumable actors, and where a resumed run restarts
 * them: give one to {@link RunConfig.Builder#checkpoints}. An actor is {@link #resumable} if it is
 * {@link Stateless} or {@link Resumable}; others are replayed from their first firing when a run
 * resumes.
 *
 * <p>The director asks for each resumable actor's {@link #restartPoint} before the run starts, and
 * checks that the channels were opened at its positions (a resumed channel factory opens them
 * there; see {@code PersistentChannels.Builder.resume}). While the run goes on it saves a
 * checkpoint of each resumable actor between firings, about every {@link #interval()}, and one
 * when the actor ends.
 *
 * <p><b>Threading.</b> {@link #restartPoint} is called on the director's supervising thread before
 * any actor starts; {@link #save} on the thread of the actor saved, so from several threads at
 * once.
 */
public interface Checkpoints {

    /**
     * Where {@code actor} restarts in this run, or empty to run it from its first firing.
     *
     * @throws RuntimeException to fail the run before it starts
     */
    Optional<Checkpoint> restartPoint(String actor);

    /**
     * Saves a checkpoint.
     *
     * @throws Exception to fail the run, naming the actor
     */
    void save(Checkpoint checkpoint) throws Exception;

    /** About how often to save each resumable actor's checkpoint: a resume redoes about that much of its work. */
    Duration interval();

    /** Whether directors checkpoint {@code actor}: it is {@link Stateless} or {@link Resumable}. */
    static boolean resumable(Actor actor) {
        return actor instanceof Resumable || actor.getClass().isAnnotationPresent(Stateless.class);
    }
}
