package io.sluice.run;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Every live actor of the run was waiting for a token that no actor could ever put, so none could
 * proceed. The message names each blocked actor and the channel it waits on. (Waiting for room in
 * a full channel is never a deadlock: a director grows the channel instead, see
 * {@code ChannelOptions.capacity}.)
 */
public final class DeadlockException extends RunFailedException {
    private static final long serialVersionUID = 1L;
    private final List<BlockedActor> blocked;

    public DeadlockException(List<BlockedActor> blocked) {
        super(describe(blocked), null);
        this.blocked = List.copyOf(blocked);
    }

    private static String describe(List<BlockedActor> blocked) {
        return "deadlock: no actor can proceed: " + blocked.stream().map(BlockedActor::toString).collect(Collectors.joining("; "));
    }

    /** The blocked actors, each with the channel it waits on. */
    public List<BlockedActor> blocked() {
        return blocked;
    }
}
