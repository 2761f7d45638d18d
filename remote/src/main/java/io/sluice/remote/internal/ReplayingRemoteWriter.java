package io.sluice.remote.internal;

import io.sluice.channel.ChannelException;
import io.sluice.channel.ChannelWriter;
import io.sluice.channel.internal.TokenChecks;
import io.sluice.channel.local.Resumption;
import io.sluice.channel.local.internal.ReplayCheck;
import java.util.function.Supplier;

/**
 * The writer of a space's channel in a resumed run: the tokens the space already holds are
 * replayed, not sent again, as a local resumed channel's are. From the seq its actor restarts at
 * up to the count the space held when the writer attached, each put is compared with the stored
 * token, read back from the space, and skipped; puts after it go to the space. A writer that does
 * not repeat what it wrote before (a non-deterministic actor, or changed inputs) fails at the
 * first token that differs, naming the channel, the space and the seq.
 *
 * <p><b>Threading.</b> As any writer: one thread at a time; {@link #resumed()} from any thread.
 */
final class ReplayingRemoteWriter<T> implements ChannelWriter<T> {
    private final RemoteWriter<T> target;
    private final String channel;
    private final Class<T> type;
    private final String space;
    /** Opens a reader of the stored tokens at a seq, for the comparisons. */
    private final ReaderAt<T> stored;
    private final long from;
    private final long held;
    private final boolean ended;
    private RemoteReader<T> cursor;
    /** The seq of the next put while it is below {@link #held}. */
    private volatile long replayed;
    private boolean closed;

    /** Opens a reader of the channel at a seq. */
    interface ReaderAt<T> {
        RemoteReader<T> open(long seq);
    }

    /**
     * @param target the channel's writer, attached (at the count the space holds)
     * @param from the seq the writer's actor restarts at, at most the count the space holds
     * @throws ChannelException if {@code from} is beyond what the space holds
     */
    ReplayingRemoteWriter(RemoteWriter<T> target, String channel, Class<T> type, String space, ReaderAt<T> stored, long from) {
        this.target = target;
        this.channel = channel;
        this.type = type;
        this.space = space;
        this.stored = stored;
        this.held = target.position();
        this.ended = target.ended();
        if (from < 0 || from > held) {
            throw problem(from, "the writer restarts at seq " + from + ", but " + space + " holds " + held + " tokens of the channel");
        }
        this.from = from;
        this.replayed = from;
    }

    /** What the channel held, skipped and verified, for the run's {@link Resumption}. */
    Supplier<Resumption.ResumedChannel> resumed() {
        return () -> new Resumption.ResumedChannel(channel, held, ended, from, replayed - from);
    }

    @Override
    public long put(T token) throws InterruptedException {
        if (replayed >= held && !ended) {
            return target.put(token);
        }
        long seq = replayed;
        TokenChecks.check(channel, type, token, closed);
        if (seq >= held) {
            throw problem(seq, ReplayCheck.beyondEnd(seq, held));
        }
        if (cursor == null) {
            cursor = stored.open(seq);
        }
        T before = cursor.take();
        if (!ReplayCheck.same(before, token)) {
            throw problem(seq, ReplayCheck.differs(seq, token, before, "stored"));
        }
        replayed = seq + 1;
        if (replayed == held) {
            closeCursor();
        }
        return seq;
    }

    @Override
    public long position() {
        return replayed < held ? replayed : target.position();
    }

    /**
     * Ends the stream, unless the space's had ended already.
     *
     * @throws ChannelException naming the channel and position if the replay ended before the
     *     stored tokens did: the writer is not deterministic, or its inputs changed
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        closeCursor();
        if (replayed < held) {
            target.detach();
            throw problem(replayed, ReplayCheck.endedEarly(replayed, held, "stored"));
        }
        target.close();
    }

    private void closeCursor() {
        if (cursor != null) {
            cursor.close();
            cursor = null;
        }
    }

    private ChannelException problem(long seq, String message) {
        return new ChannelException(channel, null, space + ", seq " + seq + ": " + message, null);
    }
}
