package io.sluice.channel.local.internal;

import java.util.Objects;

/**
 * The checks a resumed run's writer makes while it replays tokens a channel already holds, and
 * the messages that say why a replay failed: the writer put a token beyond the stored stream's
 * end, put a token that differs from the stored one, or ended before the stored tokens did. Each
 * means the writer is not deterministic or its inputs changed. Shared by the writers that replay
 * a local persistent channel and a space's channel, so both fail alike.
 *
 * <p>The messages name the seq but not the channel or where it is stored: the caller wraps them
 * in its own exception, which does.
 *
 * <p><b>Threading.</b> Stateless; any thread.
 */
public final class ReplayCheck {
    private static final String CAUSE = ": the writer is not deterministic, or its inputs changed";

    private ReplayCheck() {
    }

    /** Whether a replayed token equals the stored one: {@link Objects#deepEquals}. */
    public static boolean same(Object stored, Object replayed) {
        return Objects.deepEquals(stored, replayed);
    }

    /** The writer put token {@code seq}, but the stored stream ended after {@code held} tokens. */
    public static String beyondEnd(long seq, long held) {
        return "the resumed run put token " + seq + ", but the stream it replays ended after " + held + " tokens" + CAUSE;
    }

    /**
     * The writer put {@code replayed} as token {@code seq}, but the stored token is different.
     *
     * @param storedAs how the stored tokens are called in the message ({@code "durable"},
     *     {@code "stored"})
     */
    public static String differs(long seq, Object replayed, Object stored, String storedAs) {
        return "the resumed run put " + show(replayed) + " as token " + seq + ", but the " + storedAs + " token " + seq
                + " is " + show(stored) + CAUSE;
    }

    /**
     * The writer ended its stream after {@code replayed} tokens, but {@code held} are stored.
     *
     * @param storedAs as for {@link #differs}
     */
    public static String endedEarly(long replayed, long held, String storedAs) {
        return "the resumed run ended the stream after " + replayed + " tokens, but " + held + " are " + storedAs + CAUSE;
    }

    /** A token as a message shows it: quoted, cut to 80 characters. */
    public static String show(Object token) {
        String s = String.valueOf(token);
        return s.length() > 80 ? "'" + s.substring(0, 77) + "...'" : "'" + s + "'";
    }
}
