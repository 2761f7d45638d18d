package io.sluice.remote.internal;

/** A request the server refuses with an {@link FrameType#ERROR} frame: the stream fails, the connection stays. */
public final class RefusedException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    public final transient ErrorCode code;

    public RefusedException(ErrorCode code, String message) {
        super(message);
        this.code = code;
    }
}
