package io.sluice.run;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Every live actor of the run was waiting on a channel, so none could ever proceed. The message
 * names each blocked actor and the channel it waits on.
 */
public final class DeadlockException extends RunFailedException {
    private static final long serialVersionUID = 1L;
    private final List<BlockedActor> blocked;

    public DeadlockException(List<BlockedActor> blocked) {
        super(describe(blocked), null);
        this.blocked = List.copyOf(blocked);
    }

    private static String describe(List<BlockedActor> blocked) {
        String text = "deadlock: no actor can proceed: "
                + blocked.stream().map(BlockedActor::toString).collect(Collectors.joining("; "));
        if (blocked.stream().anyMatch(b -> !b.waitingToRead())) {
            text += ". A full channel is involved: give it a larger capacity";
        }
        return text;
    }

    /** The blocked actors, each with the channel it waits on. */
    public List<BlockedActor> blocked() {
        return blocked;
    }
}
