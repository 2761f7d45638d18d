package io.sluice.composite;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A transfer's state at one moment. Immutable.
 *
 * @param tokens tokens written to receivers so far (by this run)
 * @param bytes their bytes, as their codec encodes them
 * @param totalTokens tokens this run has to write (not those receivers already held)
 * @param elapsed time since the data began to move
 * @param bytesPerSecond each node's recent rate, by name: what a sender read, what a receiver
 *     was written
 * @param timeLeft the time the rest should take at the recent rate; null if unknown
 * @param failed the nodes that failed, with why
 */
public record TransferProgress(long tokens, long bytes, long totalTokens, Duration elapsed, Map<String, Double> bytesPerSecond,
        Duration timeLeft, List<String> failed) {

    /** Copies the collections. */
    public TransferProgress {
        bytesPerSecond = Map.copyOf(bytesPerSecond);
        failed = List.copyOf(failed);
    }

    /** The fraction done, 0 to 1. */
    public double fraction() {
        return totalTokens == 0 ? 1 : (double) tokens / totalTokens;
    }
}
