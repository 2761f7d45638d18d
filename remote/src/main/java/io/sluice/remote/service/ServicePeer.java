package io.sluice.remote.service;

/**
 * The server's end of one service stream, for a {@link ServiceSession} to answer on. Thread-safe:
 * any thread may send.
 */
public interface ServicePeer {

    /** The client's address, for messages and logs. */
    String peer();

    /** The largest message {@link #send} takes: the payload size agreed for the connection's frames. */
    int maxMessage();

    /**
     * Sends one message to the client; dropped if the stream is closed.
     *
     * @throws IllegalArgumentException if the message is longer than {@link #maxMessage()}: nothing
     *     is sent, the stream stays open, and the service decides what to tell the client
     */
    void send(byte[] message);

    /** Fails the stream: the client is sent {@code reason}, and the session is told it closed. */
    void fail(String reason);

    /**
     * True while the server does not read this connection because its client does not read what
     * the server sends (back-pressure): messages the client sent meanwhile, such as a lease's
     * renewal, may wait unread. A service that times its clients out should not count this time
     * against them; the server closes a connection it could not read for four heartbeats anyway.
     */
    boolean readsPaused();

    /** True until the stream is closed. */
    boolean isOpen();
}
