package io.sluice.run;

/**
 * The tokens a firing took from or put to one port: seqs {@code [fromSeq, toSeq)} of a channel.
 *
 * @param port the port's name
 * @param channel the channel's name
 * @param fromSeq the first seq (inclusive)
 * @param toSeq the end seq (exclusive); greater than {@code fromSeq}
 */
public record PortRange(String port, String channel, long fromSeq, long toSeq) {

    /** The number of tokens. */
    public long count() {
        return toSeq - fromSeq;
    }

    @Override
    public String toString() {
        return port + "=" + channel + "[" + fromSeq + "," + toSeq + ")";
    }
}
