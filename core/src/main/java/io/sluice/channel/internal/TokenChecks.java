package io.sluice.channel.internal;

/** The checks every channel writer makes before it accepts a token, with the contract's messages. */
public final class TokenChecks {
    private TokenChecks() {}

    /**
     * @throws NullPointerException if the token is null
     * @throws ClassCastException if it is not of the channel's type
     * @throws IllegalStateException if the writer is closed
     */
    public static void check(String channel, Class<?> type, Object token, boolean writerClosed) {
        if (token == null) {
            throw new NullPointerException("channel '" + channel + "' carries no null tokens");
        }
        if (!type.isInstance(token)) {
            throw new ClassCastException("channel '" + channel + "' carries " + type.getName() + ", not " + token.getClass().getName());
        }
        if (writerClosed) {
            throw new IllegalStateException("the writer of channel '" + channel + "' is closed");
        }
    }
}
