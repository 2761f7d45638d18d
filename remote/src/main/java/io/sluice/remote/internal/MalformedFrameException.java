package io.sluice.remote.internal;

/** A frame that does not follow the protocol; the connection that sent it is closed. */
public final class MalformedFrameException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public MalformedFrameException(String message) {
        super(message);
    }
}
