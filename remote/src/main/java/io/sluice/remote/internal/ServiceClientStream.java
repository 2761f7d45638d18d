package io.sluice.remote.internal;

import io.netty.buffer.ByteBuf;
import io.sluice.remote.SpaceException;
import io.sluice.remote.service.ServiceListener;
import io.sluice.remote.service.ServiceStream;

/** A client's stream to a space service; see {@link ServiceStream}. */
public final class ServiceClientStream implements ClientStream, ServiceStream {
    private final ClientConnection connection;
    private final String service;
    private final ServiceListener listener;
    private final int id;
    /** The listener's {@link ServiceListener#reopens()}. */
    private final boolean reopens;
    private volatile RuntimeException ended;

    private ServiceClientStream(ClientConnection connection, String service, ServiceListener listener) {
        this.connection = connection;
        this.service = service;
        this.listener = listener;
        this.reopens = listener.reopens();
        this.id = connection.register(this);
    }

    /** Opens a stream to {@code service} on {@code connection}. */
    public static ServiceStream open(ClientConnection connection, String service, ServiceListener listener) {
        ServiceClientStream s = new ServiceClientStream(connection, service, listener);
        if (!s.sendOpen()) {
            s.failed(new SpaceException("space " + connection.uri() + " is not connected; cannot open service " + service));
        }
        return s;
    }

    private boolean sendOpen() {
        ByteBuf open = Frames.start(connection.alloc(), FrameType.SERVICE_OPEN, id, 32);
        Wire.writeString(open, service);
        return connection.send(Frames.finish(open), true);
    }

    @Override
    public void send(byte[] message) {
        RuntimeException e = ended;
        if (e != null) {
            throw new SpaceException("the stream to service " + service + " of space " + connection.uri() + " has ended: "
                    + e.getMessage(), e);
        }
        if (message.length > connection.maxFrame()) {
            throw new IllegalArgumentException("a message of " + message.length + " bytes to service " + service
                    + " is larger than the connection's frames (" + connection.maxFrame() + " bytes)");
        }
        ByteBuf frame = Frames.start(connection.alloc(), FrameType.SERVICE, id, message.length);
        frame.writeBytes(message);
        if (!connection.send(Frames.finish(frame), true)) {
            if (reopens && ended == null) {
                // the stream is opened again when the connection is made again: it goes on
                throw new SpaceException("space " + connection.uri() + " is not connected (connecting again); the message to service "
                        + service + " was not sent");
            }
            failed(new SpaceException("lost the connection to space " + connection.uri()));
            throw ended;
        }
    }

    @Override
    public void onFrame(Frame frame) {
        try {
            if (frame.type() == FrameType.SERVICE) {
                byte[] message = new byte[frame.payload().readableBytes()];
                frame.payload().readBytes(message);
                listener.onMessage(message);
            } else if (frame.type() == FrameType.ERROR) {
                failed(new SpaceException("space " + connection.uri() + ": " + ErrorCode.describe(frame.payload())));
            }
        } finally {
            frame.release();
        }
    }

    @Override
    public void disconnected() {
        if (reopens && ended == null) {
            listener.disconnected(new SpaceException("lost the connection to space " + connection.uri() + "; connecting again"));
        }
    }

    @Override
    public void reconnected() {
        if (!reopens) {
            failed(new SpaceException("the connection to space " + connection.uri() + " broke; service " + service
                    + " lost this stream's state"));
            return;
        }
        if (ended == null && sendOpen()) {
            listener.reopened(); // on the event loop: what it sends follows the stream's opening
        }
    }

    @Override
    public synchronized void failed(RuntimeException cause) {
        if (ended == null) {
            ended = cause;
            connection.unregister(id);
            listener.failed(cause);
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            if (ended != null) {
                return;
            }
            ended = new SpaceException("the stream to service " + service + " is closed");
            connection.unregister(id);
        }
        connection.send(Frames.empty(connection.alloc(), FrameType.CLOSE, id), true);
    }
}
