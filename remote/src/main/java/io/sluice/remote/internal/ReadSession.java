package io.sluice.remote.internal;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.sluice.channel.local.EncodedChannelReader;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The server's side of a remote reader: sends the channel's tokens from the seq the reader asked
 * for, in {@link FrameType#DATA} frames of up to {@link #FRAME_TARGET} bytes, as far as the
 * reader's credit allows, and {@link FrameType#END} once the stream has ended and every token was
 * sent. Woken when the channel grows ({@link #wake()}, any thread); sends on the connection's
 * event loop. A reader that grants no credit holds up only its own stream.
 */
final class ReadSession implements Session {
    /** A DATA frame is closed at about this many bytes of tokens (or the agreed maximum, if less). */
    static final int FRAME_TARGET = 64 << 10;

    private final ChannelHandlerContext ctx;
    private final int stream;
    private final HostedChannel hosted;
    private final int maxFrame;
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private EncodedChannelReader reader;
    private long credit;
    /** A token read but not sent: it did not fit the last frame. */
    private byte[] held;
    private boolean endSent;
    private boolean closed;

    ReadSession(ChannelHandlerContext ctx, int stream, HostedChannel hosted, int maxFrame) {
        this.ctx = ctx;
        this.stream = stream;
        this.hosted = hosted;
        this.maxFrame = maxFrame;
    }

    /** Opens the channel's files at {@code from}; replies OPENED. */
    void open(long from) {
        reader = EncodedChannelReader.open(hosted.directory, from);
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

    /** Sends tokens while there is credit, then the end if it is reached. On the event loop. */
    void pump() {
        if (closed || endSent) {
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
        }
    }
}
