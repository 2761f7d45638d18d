package io.sluice.remote.service;

/**
 * The client's receiver of a service stream's messages. Called on the connection's event-loop
 * thread: it must not block.
 */
public interface ServiceListener {

    /** A message from the service, in the order sent. */
    void onMessage(byte[] message);

    /**
     * The stream ended: the service failed it, the space refused it (no such service), or the
     * connection broke. A service stream is not opened again after a reconnection: its state on
     * the server is gone. Called at most once.
     */
    void failed(RuntimeException cause);
}
