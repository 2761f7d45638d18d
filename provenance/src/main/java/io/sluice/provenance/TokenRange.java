package io.sluice.provenance;

/**
 * Consecutive tokens of a channel: seqs {@code fromSeq} to {@code toSeq - 1}.
 *
 * @param channel the channel's name
 * @param fromSeq the first token's seq
 * @param toSeq the seq after the last token's
 */
public record TokenRange(String channel, long fromSeq, long toSeq) {

    public TokenRange {
        if (channel == null || channel.isEmpty()) {
            throw new IllegalArgumentException("a token range needs a channel");
        }
        if (fromSeq < 0 || toSeq <= fromSeq) {
            throw new IllegalArgumentException("a token range holds seqs from 0 on, at least one: [" + fromSeq + ", " + toSeq + ")");
        }
    }

    /** How many tokens it holds. */
    public long count() {
        return toSeq - fromSeq;
    }

    /** {@code channel#from..last}, e.g. {@code source.out#0..199999}, or {@code channel#seq} for one token. */
    @Override
    public String toString() {
        return channel + "#" + fromSeq + (count() == 1 ? "" : ".." + (toSeq - 1));
    }
}
