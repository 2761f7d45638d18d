package io.sluice.composite;

import java.io.IOException;
import java.util.Map;

/**
 * A transfer that moved everything it could but not everything wanted: a range no surviving
 * sender held, or a receiver that failed. The message names each receiver, the ranges and the
 * nodes that failed; {@link #summary()} has the rest.
 */
public final class TransferIncompleteException extends IOException {
    private static final long serialVersionUID = 1L;
    private final transient TransferSummary summary;

    /** @param summary how the transfer ended; its {@link TransferSummary#missing()} is not empty */
    public TransferIncompleteException(TransferSummary summary) {
        super(message(summary));
        this.summary = summary;
    }

    private static String message(TransferSummary summary) {
        StringBuilder b = new StringBuilder("transfer of '" + summary.channel() + "' incomplete: ");
        String sep = "";
        for (Map.Entry<String, TransferSummary.Missing> e : new java.util.TreeMap<>(summary.missing()).entrySet()) {
            b.append(sep).append("receiver '").append(e.getKey()).append("' lacks ").append(SeqRanges.describe(e.getValue().notWritten()))
                    .append(" (").append(e.getValue().reason()).append(')');
            sep = "; ";
        }
        return b.toString();
    }

    /** How the transfer ended. */
    public TransferSummary summary() {
        return summary;
    }
}
