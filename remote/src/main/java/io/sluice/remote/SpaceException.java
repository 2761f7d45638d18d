package io.sluice.remote;

/**
 * A space could not be used: it could not be reached for longer than the client retries, it
 * refused a request of its name service, or it broke the protocol. The message names the space's
 * address. (A failure of one channel is a {@link io.sluice.channel.ChannelException} naming the
 * channel and the space.)
 */
public class SpaceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SpaceException(String message) {
        super(message);
    }

    public SpaceException(String message, Throwable cause) {
        super(message, cause);
    }
}
