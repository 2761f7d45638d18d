package io.sluice.provenance;

/**
 * A token's identity: the channel it was written to and its seq there.
 *
 * @param channel the channel's name
 * @param seq the token's 0-based position in the channel
 */
public record TokenRef(String channel, long seq) {

    public TokenRef {
        if (channel == null || channel.isEmpty()) {
            throw new IllegalArgumentException("a token needs a channel");
        }
        if (seq < 0) {
            throw new IllegalArgumentException("seq must not be negative, was " + seq);
        }
    }

    /** Parses {@code channel#seq}, e.g. {@code mergesort.out#41}. */
    public static TokenRef parse(String text) {
        int hash = text == null ? -1 : text.lastIndexOf('#');
        if (hash <= 0 || hash == text.length() - 1) {
            throw new IllegalArgumentException("expected channel#seq, e.g. mergesort.out#41, but got '" + text + "'");
        }
        try {
            return new TokenRef(text.substring(0, hash), Long.parseLong(text.substring(hash + 1)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("the seq of '" + text + "' is not a number", e);
        }
    }

    @Override
    public String toString() {
        return channel + "#" + seq;
    }
}
