package io.sluice.remote.internal;

/** A stream a client opened: a channel end or a request. Called on the connection's event loop. */
interface ClientStream {
    /** A frame for this stream; the stream releases it. */
    void onFrame(Frame frame);

    /** The connection broke; the connection is being made again. */
    default void disconnected() {}

    /** The connection was made again after it broke: open the stream again where it stands. */
    void reconnected();

    /** The stream cannot go on: the space refused it, or the connection is lost for good. */
    void failed(RuntimeException cause);
}
