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

    /** True until the stream is closed. */
    boolean isOpen();
}
