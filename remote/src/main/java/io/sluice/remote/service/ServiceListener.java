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
     * service refused the stream or failed to open it: {@code REFUSED}), the connection broke
     * (unless {@link #reopens()}: then only when the space gives up connecting again) or the space
     * was closed. Unless {@link #reopens()}, a service stream is not opened again after a
     * reconnection: its state on the server is gone. Called at most once, and never after {@link ServiceStream#close()};
     * on the event-loop thread, or on the thread whose call found the failure
     * ({@link io.sluice.remote.RemoteSpace#openService} or {@link ServiceStream#send} while the
     * space is not connected, or the space's {@code close()}).
     */
    void failed(RuntimeException cause);

    /**
     * Whether the stream is opened again when its connection broke and was made again: false by
     * default (the stream then ends with {@link #failed}). If true, {@link #disconnected} and
     * {@link #reopened} tell of the break and of the new stream, and {@link ServiceStream#send}
     * fails meanwhile without ending the stream. Asked once, when the stream is opened.
     */
    default boolean reopens() {
        return false;
    }

    /**
     * The connection broke; the space is connecting again (only if {@link #reopens()}). Messages
     * sent by the service and not received yet are lost. On the event-loop thread; must not block.
     */
    default void disconnected(RuntimeException cause) {}

    /**
     * The stream was opened again on a new connection (only if {@link #reopens()}): the service
     * has a new session for it, with none of the old one's state; the listener sends again what it
     * needs. On the event-loop thread; must not block.
     */
    default void reopened() {}
}
