package io.sluice.remote.service;

/** The server's side of one service stream. Called on the connection's event loop; must not block. */
public interface ServiceSession {

    /**
     * A message from the client, in the order sent.
     *
     * @throws IllegalArgumentException if it is malformed: the stream fails with its message
     *     ({@code REFUSED}); another exception fails the stream too, and is logged with its cause
     */
    void onMessage(byte[] message);

    /** The stream closed: the client closed it, its connection broke, or the server is closing. Called once. */
    void closed();
}
