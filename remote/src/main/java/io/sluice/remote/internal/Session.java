package io.sluice.remote.internal;

/** A stream of a server connection: one open channel end. On the connection's event loop. */
interface Session {
    /** A frame for this stream; the session releases it. */
    void onFrame(Frame frame);

    /** The stream or its connection closed: release what the session holds. Idempotent. */
    void close();
}
