package io.sluice.run;

import java.util.Map;
import java.util.Objects;

/**
 * Where a resumable actor stood between two firings ({@link io.sluice.actor.Stateless},
 * {@link io.sluice.actor.Resumable}): a run resumed from it restarts the actor at
 * {@code firing}, its readers and writers at these positions, with this state.
 *
 * @param actor the actor's name
 * @param firing the number of the actor's next firing
 * @param readers per input port, the name of its reader ({@code actor.port}) and the seq it takes next
 * @param writers per output port, the name of its channel and the seq its writer puts next
 * @param state the actor's {@link io.sluice.actor.Resumable#snapshot() snapshot}, empty for a
 *     stateless actor; not copied, so not to be changed
 * @param ended whether the actor had ended: a run resumed from here ends it at once, without
 *     firing it again
 */
public record Checkpoint(String actor, long firing, Map<String, Long> readers, Map<String, Long> writers, byte[] state,
        boolean ended) {
    public Checkpoint {
        Objects.requireNonNull(actor, "actor");
        readers = Map.copyOf(readers);
        writers = Map.copyOf(writers);
        Objects.requireNonNull(state, "state");
        if (firing < 0) {
            throw new IllegalArgumentException("firing must not be negative, was " + firing);
        }
    }
}
