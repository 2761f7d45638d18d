package io.sluice.composite;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * How a transfer ended. Immutable.
 *
 * @param channel the logical channel
 * @param tokens tokens written to receivers by this run
 * @param bytes their bytes, as their codec encodes them
 * @param elapsed from the first token read to the last written
 * @param nodes every node's part, senders then receivers, in the spec's order
 * @param wastedTokens tokens read but not used: read twice (a slow node's chunk also given to a
 *     faster one, or a dead sender's chunk sent again) or read past a chunk's end
 * @param reschedules how many times the schedule was made again from measured rates
 * @param missing for each receiver that did not get all it wants, what it lacks and why
 */
public record TransferSummary(String channel, long tokens, long bytes, Duration elapsed, List<NodeSummary> nodes, long wastedTokens,
        int reschedules, Map<String, Missing> missing) {

    /** Copies the collections. */
    public TransferSummary {
        nodes = List.copyOf(nodes);
        missing = Map.copyOf(missing);
    }

    /**
     * One node's part.
     *
     * @param name the node's name
     * @param sender true for a sender, false for a receiver
     * @param tokens tokens it sent (of those used) or was written
     * @param bytes their bytes
     * @param bytesPerSecond its rate while it was busy
     * @param failure why it failed, or null
     */
    public record NodeSummary(String name, boolean sender, long tokens, long bytes, double bytesPerSecond, String failure) {}

    /**
     * What one receiver lacks.
     *
     * @param unavailable wanted ranges no surviving sender held
     * @param notWritten every range it lacks: a receiver's channel is written in order, so this
     *     is everything from the first unavailable seq (or from where the receiver failed) on
     * @param reason why, naming the nodes
     */
    public record Missing(List<SeqRange> unavailable, List<SeqRange> notWritten, String reason) {
        /** Copies the lists. */
        public Missing {
            unavailable = List.copyOf(unavailable);
            notWritten = List.copyOf(notWritten);
        }
    }

    /** Whether every receiver got everything it wants. */
    public boolean complete() {
        return missing.isEmpty();
    }

    /** Bytes per second over the whole transfer. */
    public double bytesPerSecond() {
        double s = elapsed.toNanos() / 1e9;
        return s <= 0 ? 0 : bytes / s;
    }
}
