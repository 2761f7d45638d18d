package io.sluice.remote.internal;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.sluice.channel.local.EncodedChannelReader;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The server's side of a remote reader: sends the channel's tokens from the seq the reader asked
 * for, in {@link FrameType#DATA} frames of up to {@link #FRAME_TARGET} bytes, as far as the
 * reader's credit allows, and {@link FrameType#END} once the stream has ended and every token was
 * sent. Woken when the channel grows ({@link #wake()}, any thread); sends on the connection's
 * event loop. A reader that grants no credit holds up only its own stream. Once it has sent all
 * there is and had nothing to send for {@link ServerLimits#filesIdleMillis()} it closes the
 * channel's files, and opens them again when the channel has more.
 */
final class ReadSession implements Session {
    /** A DATA frame is closed at about this many bytes of tokens (or the agreed maximum, if less). */
    static final int FRAME_TARGET = 64 << 10;

    private final ChannelHandlerContext ctx;
    private final int stream;
    private final HostedChannel hosted;
    private final int maxFrame;
    private final long filesIdleNanos;
    private final AtomicBoolean scheduled = new AtomicBoolean();
    /** The channel's files, or null while they are closed for idleness. */
    private EncodedChannelReader reader;
    /** The seq of the next token to send. */
    private long next;
    private long lastActive;
    private boolean idleCheckScheduled;
    private long credit;
    /** A token read but not sent: it did not fit the last frame. */
    private byte[] held;
    private boolean endSent;
    private boolean closed;

    ReadSession(ChannelHandlerContext ctx, int stream, HostedChannel hosted, int maxFrame, long filesIdleMillis) {
        this.filesIdleNanos = TimeUnit.MILLISECONDS.toNanos(filesIdleMillis);
        this.ctx = ctx;
        this.stream = stream;
        this.hosted = hosted;
        this.maxFrame = maxFrame;
    }

    /** Opens the channel's files at {@code from}; replies OPENED. */
    void open(long from) {
        reader = EncodedChannelReader.open(hosted.directory, from);
        next = from;
        active();
        hosted.readers.add(this);
        ByteBuf opened = Frames.start(ctx.alloc(), FrameType.OPENED, stream, 9);
        opened.writeLong(from);
        opened.writeByte(0);
        ctx.writeAndFlush(Frames.finish(opened));
    }

    @Override
    public void onFrame(Frame frame) {
        try {
            if (frame.type() != FrameType.CREDIT) {
                throw new MalformedFrameException("a " + frame.type() + " frame on read stream " + stream);
            }
            int more = Wire.readInt(frame.payload(), "a CREDIT frame's bytes");
            Wire.expectEnd(frame.payload(), FrameType.CREDIT);
            if (more <= 0) {
                throw new MalformedFrameException("a credit of " + more + " bytes");
            }
            credit += more;
        } finally {
            frame.release();
        }
        pump();
    }

    /** The channel grew or ended: sends what the credit allows, on the event loop. Any thread. */
    void wake() {
        if (scheduled.compareAndSet(false, true)) {
            ctx.executor().execute(() -> {
                scheduled.set(false);
                pump();
            });
        }
    }

    /** The channel was unlinked: the stream fails. Any thread. */
    void unlinked() {
        ctx.executor().execute(() -> {
            if (!closed) {
                ctx.writeAndFlush(Frames.error(ctx.alloc(), stream, ErrorCode.NOT_FOUND, "channel '" + hosted.name + "' was unlinked"));
                close();
            }
        });
    }

    private void active() {
        lastActive = System.nanoTime();
        if (!idleCheckScheduled) {
            idleCheckScheduled = true;
            ctx.executor().schedule(this::idleCheck, filesIdleNanos, TimeUnit.NANOSECONDS);
        }
    }

    /** Closes the files if nothing was sent for long enough, else looks again later. On the event loop. */
    private void idleCheck() {
        idleCheckScheduled = false;
        if (closed || reader == null) {
            return;
        }
        long idle = System.nanoTime() - lastActive;
        if (idle < filesIdleNanos || held != null) {
            idleCheckScheduled = true;
            ctx.executor().schedule(this::idleCheck, Math.max(1, filesIdleNanos - idle), TimeUnit.NANOSECONDS);
            return;
        }
        release();
    }

    private void release() {
        next = reader.position();
        reader.close();
        reader = null;
    }

    /**
     * Opens the files again if they were closed and the channel may have more than was sent:
     * false if it certainly has not.
     */
    private boolean files() {
        if (reader == null) {
            long stored = hosted.stored;
            if (stored >= 0 && stored <= next && !hosted.ended) {
                return false;
            }
            reader = EncodedChannelReader.open(hosted.directory, next);
        }
        active();
        return true;
    }

    /** Sends tokens while there is credit, then the end if it is reached. On the event loop. */
    void pump() {
        if (closed || endSent || !files()) {
            return;
        }
        int limit = Math.min(FRAME_TARGET, maxFrame);
        while (credit > 0 && ctx.channel().isWritable()) {
            ByteBuf frame = null;
            int count = 0;
            long first = reader.position() - (held != null ? 1 : 0);
            byte[] token;
            while (credit > 0 && (token = next()) != null) {
                int size = Wire.varintSize(token.length) + token.length;
                if (frame == null) {
                    frame = Frames.start(ctx.alloc(), FrameType.DATA, stream, Math.min(limit, 12 + size * 2));
                    frame.writeLong(first);
                    frame.writeInt(0);
                } else if (frame.readableBytes() - Wire.HEADER + size > limit) {
                    held = token; // the next frame's first
                    break;
                }
                Wire.writeVarint(frame, token.length);
                frame.writeBytes(token);
                count++;
                credit -= size;
            }
            if (frame == null) {
                break;
            }
            frame.setInt(Wire.HEADER + 8, count);
            ctx.write(Frames.finish(frame));
        }
        if (!endSent && held == null && reader.isEndOfStream()) {
            endSent = true;
            ctx.write(Frames.ofLong(ctx.alloc(), FrameType.END, stream, reader.position()));
            release(); // nothing more to send
        }
        ctx.flush();
    }

    /** The token held back from the last frame, or the reader's next. */
    private byte[] next() {
        byte[] t = held;
        if (t != null) {
            held = null;
            return t;
        }
        return reader.poll();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        hosted.readers.remove(this);
        if (reader != null) {
            reader.close();
            reader = null;
        }
    }
}
