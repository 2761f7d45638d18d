package io.sluice.channel.local;

import io.sluice.channel.ChannelException;
import io.sluice.channel.ChannelWriter;
import io.sluice.channel.internal.TokenChecks;
import io.sluice.channel.local.internal.ReplayCheck;
import io.sluice.codec.Codec;

/**
 * The writer of a resumed channel (π-channels' idempotent redo): the tokens already durable are
 * replayed, not written again. While the replay is below the durable count, each put is compared
 * with the stored token of its seq and skipped; puts after it go to the channel's own writer. So
 * the channel ends up with the tokens an uninterrupted run writes, each once, and a writer that
 * does not repeat what it wrote before (a non-deterministic actor) is caught at the first token
 * that differs.
 *
 * <p>Tokens are compared by {@link ReplayCheck#same}: the stored token, decoded, with the
 * replayed one.
 *
 * <p><b>Threading.</b> As any writer: one thread at a time. {@link #replayed()} from any thread.
 */
final class ReplayingWriter<T> implements ChannelWriter<T> {
    private final ChannelWriter<T> target;
    private final ChronicleStore store;
    private final Codec<T> codec;
    private final Class<T> type;
    private final ChronicleStore.Stored durable;
    private StoreCursor<T> cursor;
    /** The seq of the first put: 0, or where the writer restarts from a checkpoint. */
    private long from;
    /** The seq of the next put while it is below {@code durable.tokens()}. */
    private volatile long replayed;
    private boolean closed;

    ReplayingWriter(ChannelWriter<T> target, ChronicleStore store, Codec<T> codec, Class<T> type, ChronicleStore.Stored durable) {
        this.target = target;
        this.store = store;
        this.codec = codec;
        this.type = type;
        this.durable = durable;
    }

    /** The channel's name. */
    String channel() {
        return store.channel();
    }

    /**
     * Restarts the writer at {@code seq} instead of 0, before its first put: the tokens before
     * {@code seq} are neither replayed nor compared (their writer restarts from a checkpoint past
     * them), those from {@code seq} on are replayed as usual.
     *
     * @throws IllegalArgumentException if {@code seq} is not within the durable tokens
     * @throws IllegalStateException if the writer has put already
     */
    void restartAt(long seq) {
        if (seq < 0 || seq > durable.tokens()) {
            throw new IllegalArgumentException("channel '" + channel() + "' holds " + durable.tokens()
                    + " tokens; its writer cannot restart at seq " + seq);
        }
        if (replayed != from || cursor != null) {
            throw new IllegalStateException("channel '" + channel() + "': the writer has put already");
        }
        from = seq;
        replayed = seq;
    }

    /** Where the writer restarted: the durable tokens before it were skipped without a replay. */
    long from() {
        return from;
    }

    /** The durable tokens the replay verified and skipped so far. */
    long replayed() {
        return replayed - from;
    }

    /** What the channel held when it was opened to resume. */
    ChronicleStore.Stored durable() {
        return durable;
    }

    /** The channel's figures for {@link Resumption#channels()}, as they are now. */
    Resumption.ResumedChannel resumed() {
        return new Resumption.ResumedChannel(channel(), durable.tokens(), durable.ended(), from, replayed());
    }

    @Override
    public long put(T token) throws InterruptedException {
        return replaying() ? verify(token) : target.put(token);
    }

    /** Whether the next put is one of the durable tokens, or comes after a durable end. */
    private boolean replaying() {
        return replayed < durable.tokens() || durable.ended();
    }

    private long verify(T token) {
        long seq = replayed;
        TokenChecks.check(store.channel(), type, token, false);
        if (seq >= durable.tokens()) {
            throw store.failure(seq, ReplayCheck.beyondEnd(seq, durable.tokens()), null);
        }
        if (cursor == null) {
            cursor = store.cursor(codec, from);
        }
        T stored = cursor.next();
        if (stored == null) {
            throw store.failure(seq, "token " + seq + " is durable but cannot be read back to compare", null);
        }
        if (!ReplayCheck.same(stored, token)) {
            throw store.failure(seq, ReplayCheck.differs(seq, token, stored, "durable"), null);
        }
        replayed = seq + 1;
        return seq;
    }

    @Override
    public long position() {
        return replayed < durable.tokens() ? replayed : target.position();
    }

    /**
     * Ends the stream, unless the durable one had ended already.
     *
     * @throws ChannelException naming the channel and position if the replay ended before the
     *     durable tokens did: the writer is not deterministic, or its inputs changed
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (cursor != null) {
            cursor.close();
        }
        if (replayed < durable.tokens()) {
            throw store.failure(replayed, ReplayCheck.endedEarly(replayed, durable.tokens(), "durable"), null);
        }
        if (!durable.ended()) {
            target.close();
        }
    }
}
