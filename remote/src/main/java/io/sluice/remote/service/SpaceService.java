package io.sluice.remote.service;

/**
 * A service a space server hosts next to its channels, reached by clients through
 * {@link io.sluice.remote.RemoteSpace#openService} under its {@link #name()}.
 *
 * <p><b>Threads.</b> {@link #open} is called on the event loop of the client's connection and
 * must not block; so are the session's methods.
 *
 * <p><b>Ownership.</b> The server closes the service when it closes, after its connections (so
 * every session was told {@link ServiceSession#closed()} first).
 */
public interface SpaceService extends AutoCloseable {

    /** The name clients open it by: letters, digits, {@code .}, {@code _} and {@code -}. */
    String name();

    /**
     * A client opened a stream to the service.
     *
     * @param peer the server's end of the stream, to send messages back
     * @return what receives the client's messages on that stream
     * @throws IllegalArgumentException to refuse the stream; its message is sent to the client.
     *     Another exception refuses the stream too (logged, with the service's name and the
     *     exception sent to the client); the connection and its other streams go on.
     */
    ServiceSession open(ServicePeer peer);

    /** Frees what the service holds. */
    @Override
    void close();
}
