package io.sluice.remote.internal;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.sluice.remote.service.ServicePeer;
import io.sluice.remote.service.ServiceSession;

/**
 * A stream a client opened to a space service: hands the SERVICE frames' payloads to the
 * service's session and sends its answers. Frames arrive on the connection's event loop; the
 * service may send from any thread.
 */
final class ServiceServerStream implements Session, ServicePeer {
    private final ChannelHandlerContext ctx;
    private final int stream;
    private final String service;
    private final int maxFrame;
    private ServiceSession session;
    private volatile boolean open = true;

    /** @param maxFrame the largest payload agreed for the connection's frames */
    ServiceServerStream(ChannelHandlerContext ctx, int stream, String service, int maxFrame) {
        this.ctx = ctx;
        this.stream = stream;
        this.service = service;
        this.maxFrame = maxFrame;
    }

    void session(ServiceSession session) {
        this.session = session;
    }

    @Override
    public void onFrame(Frame frame) {
        try {
            if (frame.type() != FrameType.SERVICE) {
                throw new MalformedFrameException("a " + frame.type() + " frame on stream " + stream + " of service " + service);
            }
            ByteBuf in = frame.payload();
            byte[] message = new byte[in.readableBytes()];
            in.readBytes(message);
            try {
                session.onMessage(message);
            } catch (IllegalArgumentException e) {
                throw new RefusedException(ErrorCode.REFUSED, "service " + service + ": " + e.getMessage());
            } catch (RuntimeException e) {
                throw new ServiceFault("service " + service + " failed on a message of stream " + stream + ": " + e, e);
            }
        } finally {
            frame.release();
        }
    }

    @Override
    public void close() {
        if (open) {
            open = false;
            session.closed();
        }
    }

    @Override
    public String peer() {
        return String.valueOf(ctx.channel().remoteAddress());
    }

    @Override
    public int maxMessage() {
        return maxFrame;
    }

    @Override
    public void send(byte[] message) {
        if (message.length > maxFrame) {
            throw new IllegalArgumentException("a message of " + message.length + " bytes from service " + service + " to "
                    + peer() + " is larger than the connection's frames (" + maxFrame + " bytes)");
        }
        if (!open) {
            return;
        }
        ByteBuf frame = Frames.start(ctx.alloc(), FrameType.SERVICE, stream, message.length);
        frame.writeBytes(message);
        ctx.writeAndFlush(Frames.finish(frame), ctx.voidPromise());
    }

    @Override
    public void fail(String reason) {
        if (ctx.executor().inEventLoop()) {
            ctx.pipeline().get(ServerConnection.class).failStream(stream, ErrorCode.REFUSED, "service " + service + ": " + reason);
        } else {
            ctx.executor().execute(() -> fail(reason));
        }
    }

    @Override
    public boolean readsPaused() {
        return !ctx.channel().config().isAutoRead();
    }

    @Override
    public boolean isOpen() {
        return open;
    }
}
