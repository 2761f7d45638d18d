package io.sluice.remote.service;

/**
 * The server's end of one service stream, for a {@link ServiceSession} to answer on. Thread-safe:
 * any thread may send.
 */
public interface ServicePeer {

    /** The client's address, for messages and logs. */
    String peer();

    /** Sends one message to the client; dropped if the stream is closed. */
    void send(byte[] message);

    /** Fails the stream: the client is sent {@code reason}, and the session is told it closed. */
    void fail(String reason);

    /** True until the stream is closed. */
    boolean isOpen();
}
