package io.sluice.run;

/**
 * An actor that waits on a channel, as reported by {@link DeadlockException}.
 *
 * @param actor the actor's name
 * @param port the port it waits on
 * @param channel the channel behind the port
 * @param waitingToRead true if it waits for a token to read, false if it waits for room to write
 */
public record BlockedActor(String actor, String port, String channel, boolean waitingToRead) {

    @Override
    public String toString() {
        return waitingToRead
                ? "'" + actor + "' waits to read channel '" + channel + "' (port " + port + ", empty)"
                : "'" + actor + "' waits to write channel '" + channel + "' (port " + port + ", full)";
    }
}
