package io.sluice.remote.internal;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.sluice.channel.ChannelBusyException;
import io.sluice.channel.ChannelException;
import io.sluice.channel.local.EncodedChannel;
import io.sluice.channel.local.PersistentChannels;
import io.sluice.channel.local.internal.WriterLock;
import java.util.concurrent.TimeUnit;

/**
 * The server's side of a remote writer: appends the tokens of {@link FrameType#DATA} frames to the
 * channel's files, drops any seq it already holds (a writer resending after a reconnect), and
 * acknowledges what is appended. It grants the writer {@link #window} bytes of credit and gives
 * back what each frame used once it is appended, so no more than that is ever in flight. Once it
 * has had no frame for {@link ServerLimits#filesIdleMillis()} it closes the channel's files (it
 * keeps the writer role), and opens them again at its next frame. On the connection's event loop.
 */
final class WriteSession implements Session {
    private final ServerConnection connection;
    private final ChannelHandlerContext ctx;
    private final int stream;
    private final HostedChannels space;
    private final HostedChannel hosted;
    private final int window;
    private final long filesIdleNanos;
    /** The channel's files, or null while they are closed for idleness. */
    private EncodedChannel log;
    private String type;
    private String codec;
    private byte[] copy = new byte[256];
    /** The channel's store of its codec's descriptions, once the writer sent one. */
    private io.sluice.codec.CodecStore codecStore;
    private long lastActive;
    private boolean idleCheckScheduled;
    private boolean closed;

    WriteSession(ServerConnection connection, ChannelHandlerContext ctx, int stream, HostedChannels space, HostedChannel hosted, int window,
            long filesIdleMillis) {
        this.filesIdleNanos = TimeUnit.MILLISECONDS.toNanos(filesIdleMillis);
        this.connection = connection;
        this.ctx = ctx;
        this.stream = stream;
        this.space = space;
        this.hosted = hosted;
        this.window = window;
    }

    /** Takes the writer role and opens the files; replies OPENED and the first credit. */
    void open(String type, String codec) {
        this.type = type;
        this.codec = codec;
        space.takeWriter(hosted, this);
        try {
            files();
        } catch (RuntimeException e) {
            space.releaseWriter(hosted, this);
            if (e instanceof ChannelBusyException || e instanceof ChannelException && WriterLock.isHeld(hosted.directory)) {
                // Held by a session this server is closing, by its repair of what a killed writer
                // left, or by a process outside it: the writer may try again. Told by the failure
                // itself (the holder may be gone by the time anyone asks again), or by the lock
                // being held still (another writer made the channel while this one failed to).
                throw new RefusedException(ErrorCode.BUSY, "channel '" + hosted.name + "' is still held by another writer: " + e.getMessage());
            }
            throw e;
        }
        ByteBuf opened = Frames.start(ctx.alloc(), FrameType.OPENED, stream, 9);
        opened.writeLong(log.position());
        opened.writeByte(log.ended() ? 1 : 0);
        ctx.write(Frames.finish(opened));
        ctx.writeAndFlush(Frames.ofInt(ctx.alloc(), FrameType.CREDIT, stream, window));
    }

    String peer() {
        return connection.peer();
    }

    /** The channel's files, opened again if they were closed for idleness; marks the session active. */
    private EncodedChannel files() {
        if (log == null) {
            log = EncodedChannel.openForWriting(hosted.directory, hosted.name, type, codec);
            hosted.stored = log.flushed();
            hosted.ended = log.ended();
        }
        lastActive = System.nanoTime();
        if (!idleCheckScheduled) {
            idleCheckScheduled = true;
            ctx.executor().schedule(this::idleCheck, filesIdleNanos, TimeUnit.NANOSECONDS);
        }
        return log;
    }

    /** Closes the files if the session has been idle long enough, else looks again later. On the event loop. */
    private void idleCheck() {
        idleCheckScheduled = false;
        if (closed || log == null) {
            return;
        }
        long idle = System.nanoTime() - lastActive;
        if (idle < filesIdleNanos) {
            idleCheckScheduled = true;
            ctx.executor().schedule(this::idleCheck, filesIdleNanos - idle, TimeUnit.NANOSECONDS);
            return;
        }
        EncodedChannel l = log;
        log = null;
        l.close(); // everything was flushed when it was appended
    }

    @Override
    public void onFrame(Frame frame) {
        try {
            switch (frame.type()) {
                case DATA -> data(frame.payload());
                case END -> end(frame.payload());
                case FORMAT -> format(frame.payload());
                default -> throw new MalformedFrameException("a " + frame.type() + " frame on write stream " + stream);
            }
        } finally {
            frame.release();
        }
    }

    private void data(ByteBuf in) {
        int size = in.readableBytes();
        long first = Wire.readLong(in, "a DATA frame's first seq");
        int count = Wire.readInt(in, "a DATA frame's count");
        if (first < 0 || count < 0) {
            throw new MalformedFrameException("a DATA frame with first seq " + first + " and count " + count);
        }
        EncodedChannel log = files();
        if (log.ended()) {
            throw new RefusedException(ErrorCode.REFUSED, "channel '" + hosted.name + "' has ended; it takes no more tokens");
        }
        long next = log.position();
        if (first > next) {
            throw new MalformedFrameException("a DATA frame from seq " + first + ", but channel '" + hosted.name + "' holds only " + next
                    + " tokens: seqs " + next + " to " + (first - 1) + " are missing");
        }
        for (int i = 0; i < count; i++) {
            int length = Wire.readVarint(in, "a token's length");
            if (in.readableBytes() < length) {
                throw new MalformedFrameException("the DATA frame ends inside token " + (first + i));
            }
            if (first + i < next) {
                in.skipBytes(length); // a resent token the channel already holds
                continue;
            }
            if (copy.length < length) {
                copy = new byte[Math.max(length, copy.length * 2)];
            }
            in.readBytes(copy, 0, length);
            log.append(copy, 0, length);
        }
        Wire.expectEnd(in, FrameType.DATA);
        log.flush();
        ctx.write(Frames.ofLong(ctx.alloc(), FrameType.ACK, stream, log.flushed()));
        ctx.writeAndFlush(Frames.ofInt(ctx.alloc(), FrameType.CREDIT, stream, size));
        hosted.stored = log.flushed();
        hosted.grew();
    }

    /**
     * Stores a description the writer's codec refers to (a record format), before the tokens that
     * refer to it: with the channel ({@code codec/}, as a local channel keeps it) and in the
     * space's registry. Not acknowledged: a later ACK covers the tokens that follow it.
     */
    private void format(ByteBuf in) {
        String key = Wire.readString(in, "FORMAT's key");
        int length = Wire.readInt(in, "FORMAT's length");
        if (!SpaceFormats.isKey(key)) {
            throw new MalformedFrameException("a FORMAT frame with the key '" + key + "', not a plain name of at most 100 letters,"
                    + " digits, '.', '_' or '-'");
        }
        if (length < 0 || length != in.readableBytes()) {
            throw new MalformedFrameException("a FORMAT frame of " + length + " bytes with " + in.readableBytes() + " left");
        }
        byte[] description = new byte[length];
        in.readBytes(description);
        files();
        if (codecStore == null) {
            codecStore = PersistentChannels.codecStore(hosted.directory);
        }
        codecStore.put(key, description);
        space.formats().put(key, description);
    }

    private void end(ByteBuf in) {
        long count = Wire.readLong(in, "an END frame's count");
        Wire.expectEnd(in, FrameType.END);
        EncodedChannel log = files();
        if (count != log.position()) {
            throw new MalformedFrameException("the writer ends channel '" + hosted.name + "' at " + count + " tokens, but it holds "
                    + log.position());
        }
        log.end();
        ctx.writeAndFlush(Frames.ofLong(ctx.alloc(), FrameType.END, stream, count));
        hosted.ended = true;
        hosted.grew();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (log != null) {
                EncodedChannel files = log;
                log = null; // let go of even if their last flush fails: closing releases them anyway
                files.close();
            }
        } finally {
            space.releaseWriter(hosted, this);
            hosted.grew();
        }
    }
}
