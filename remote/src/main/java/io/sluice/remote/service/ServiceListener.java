package io.sluice.remote.service;

/**
 * The client's receiver of a service stream's messages. Neither method may block: messages are
 * handed over on the connection's event-loop thread.
 */
public interface ServiceListener {

    /** A message from the service, in the order sent; on the connection's event-loop thread. */
    void onMessage(byte[] message);

    /**
     * The stream ended other than by its own {@link ServiceStream#close()}: the service failed it
     * or refused a message, the space refused to open it (no such service: {@code NOT_FOUND}; the
     * service refused the stream or failed to open it: {@code REFUSED}), the connection broke or
     * the space was closed. A service stream is not opened again after a reconnection: its state
     * on the server is gone. Called at most once, and never after {@link ServiceStream#close()};
     * on the event-loop thread, or on the thread whose call found the failure
     * ({@link io.sluice.remote.RemoteSpace#openService} or {@link ServiceStream#send} while the
     * space is not connected, or the space's {@code close()}).
     */
    void failed(RuntimeException cause);
}
