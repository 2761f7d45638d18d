package io.sluice.remote.internal;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;

/**
 * Cuts the byte stream into {@link Frame}s, checking the magic number, the version, the type and
 * the payload length against the largest frame allowed: {@link Wire#HANDSHAKE_MAX_FRAME} until
 * the handshake agrees on more ({@link #maxFrame(int)}). Until then a HELLO, WELCOME or ERROR
 * frame of any version is taken (its version kept, {@link #peerVersion()}), so that the
 * handshake can answer a side of another version with an error that names both versions. A frame that breaks any of these throws
 * {@link MalformedFrameException}, and the connection is closed by the handler that catches it;
 * every byte after it is dropped unread, so that the same fault is not reported again for each
 * read until the close. On the connection's event loop.
 */
public final class FrameDecoder extends ByteToMessageDecoder {
    private int maxFrame = Wire.HANDSHAKE_MAX_FRAME;
    private int version = Wire.MAX_VERSION;
    private boolean handshaking = true;
    private int peerVersion = Wire.MAX_VERSION;
    /** A frame broke the protocol: the rest of the stream is dropped. */
    private boolean failed;

    /** Accepts payloads up to {@code bytes} from now on. */
    public void maxFrame(int bytes) {
        this.maxFrame = bytes;
        this.handshaking = false;
    }

    /** The version in the header of the last handshake frame (HELLO, WELCOME or ERROR) read. */
    public int peerVersion() {
        return peerVersion;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (failed) {
            in.skipBytes(in.readableBytes());
            return;
        }
        try {
            frame(in, out);
        } catch (MalformedFrameException e) {
            failed = true;
            in.skipBytes(in.readableBytes());
            throw e;
        }
    }

    private void frame(ByteBuf in, List<Object> out) {
        if (in.readableBytes() < Wire.HEADER) {
            return;
        }
        int at = in.readerIndex();
        int magic = in.getUnsignedShort(at);
        if (magic != Wire.MAGIC) {
            throw new MalformedFrameException(String.format("not a Sluice frame (magic 0x%04x)", magic));
        }
        int v = in.getUnsignedByte(at + 2);
        int code = in.getUnsignedByte(at + 3);
        FrameType type = FrameType.of(code);
        boolean handshake = handshaking && v >= 1 && (type == FrameType.HELLO || type == FrameType.WELCOME || type == FrameType.ERROR);
        if (!handshake && (v < Wire.MIN_VERSION || v > version)) {
            throw new MalformedFrameException("a frame of protocol version " + v + ", which this side does not speak (it speaks "
                    + Wire.MIN_VERSION + " to " + version + ")");
        }
        if (type == null) {
            throw new MalformedFrameException(String.format("unknown frame type 0x%02x", code));
        }
        if (handshake) {
            peerVersion = v;
        }
        int stream = in.getInt(at + 4);
        long length = in.getUnsignedInt(at + 8);
        if (length > maxFrame) {
            throw new MalformedFrameException("a " + type + " frame of " + length + " bytes, more than the " + maxFrame + " allowed");
        }
        if (in.readableBytes() < Wire.HEADER + length) {
            return;
        }
        in.skipBytes(Wire.HEADER);
        out.add(new Frame(type, stream, in.readRetainedSlice((int) length)));
    }
}
