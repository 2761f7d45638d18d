package io.sluice.remote.internal;

import io.netty.buffer.ByteBuf;
import io.netty.util.ReferenceCounted;

/**
 * One frame: its type, its stream (0 for the connection) and its payload. The payload is a
 * reference-counted buffer: whoever receives a frame releases it ({@link #release()}).
 */
public record Frame(FrameType type, int stream, ByteBuf payload) implements ReferenceCounted {
    @Override
    public int refCnt() {
        return payload.refCnt();
    }

    @Override
    public Frame retain() {
        payload.retain();
        return this;
    }

    @Override
    public Frame retain(int increment) {
        payload.retain(increment);
        return this;
    }

    @Override
    public Frame touch() {
        payload.touch();
        return this;
    }

    @Override
    public Frame touch(Object hint) {
        payload.touch(hint);
        return this;
    }

    @Override
    public boolean release() {
        return payload.release();
    }

    @Override
    public boolean release(int decrement) {
        return payload.release(decrement);
    }
}
