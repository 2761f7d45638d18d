package io.sluice.remote.service;

/**
 * A client's stream to a space service, made by {@link io.sluice.remote.RemoteSpace#openService}.
 * Thread-safe. Closed by whoever opened it; closing the space closes it too.
 */
public interface ServiceStream extends AutoCloseable {

    /**
     * Sends one message to the service.
     *
     * @throws io.sluice.remote.SpaceException if the stream has ended, or (a stream whose listener
     *     {@link ServiceListener#reopens() reopens}) while the space is not connected: then the
     *     message is not sent and the stream goes on
     * @throws IllegalArgumentException if the message is larger than the connection's frames
     */
    void send(byte[] message);

    /** Closes the stream; the service's session is told so. Idempotent. */
    @Override
    void close();
}
