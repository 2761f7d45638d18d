package io.sluice.remote.internal;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/** Builds frames: a header written before the payload. */
public final class Frames {
    private Frames() {}

    /**
     * A buffer holding a frame's header, with room for the payload the caller writes after it;
     * {@link #finish} fills in its length.
     */
    public static ByteBuf start(ByteBufAllocator alloc, FrameType type, int stream, int payloadHint) {
        ByteBuf buf = alloc.buffer(Wire.HEADER + payloadHint);
        buf.writeShort(Wire.MAGIC);
        buf.writeByte(Wire.MAX_VERSION);
        buf.writeByte(type.code);
        buf.writeInt(stream);
        buf.writeInt(0);
        return buf;
    }

    /** Sets the payload length of a frame started by {@link #start}; returns it. */
    public static ByteBuf finish(ByteBuf frame) {
        frame.setInt(frame.readerIndex() + 8, frame.readableBytes() - Wire.HEADER);
        return frame;
    }

    /** A frame without payload. */
    public static ByteBuf empty(ByteBufAllocator alloc, FrameType type, int stream) {
        return finish(start(alloc, type, stream, 0));
    }

    /** A frame whose payload is one long. */
    public static ByteBuf ofLong(ByteBufAllocator alloc, FrameType type, int stream, long value) {
        ByteBuf buf = start(alloc, type, stream, 8);
        buf.writeLong(value);
        return finish(buf);
    }

    /** A frame whose payload is one int. */
    public static ByteBuf ofInt(ByteBufAllocator alloc, FrameType type, int stream, int value) {
        ByteBuf buf = start(alloc, type, stream, 4);
        buf.writeInt(value);
        return finish(buf);
    }

    /** An {@link FrameType#ERROR} frame. */
    public static ByteBuf error(ByteBufAllocator alloc, int stream, ErrorCode code, String message) {
        ByteBuf buf = start(alloc, FrameType.ERROR, stream, 64);
        buf.writeShort(code.code);
        String m = message.length() > 4000 ? message.substring(0, 4000) + "..." : message;
        Wire.writeString(buf, m);
        return finish(buf);
    }

    /**
     * Sets the payload length of a frame started by {@link #start} whose payload continues in
     * {@code bodyBytes} more bytes, sent after it in a buffer of their own; returns it.
     */
    public static ByteBuf finishWithBody(ByteBuf frame, int bodyBytes) {
        frame.setInt(frame.readerIndex() + 8, frame.readableBytes() - Wire.HEADER + bodyBytes);
        return frame;
    }

    /** A FORMAT frame: {@code string} key, {@code u32} length, the description's bytes. */
    public static ByteBuf format(ByteBufAllocator alloc, int stream, String key, byte[] description) {
        ByteBuf frame = start(alloc, FrameType.FORMAT, stream, 8 + key.length() * 3 + description.length);
        Wire.writeString(frame, key);
        frame.writeInt(description.length);
        frame.writeBytes(description);
        return finish(frame);
    }
}
