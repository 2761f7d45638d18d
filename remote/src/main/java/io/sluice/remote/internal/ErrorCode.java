package io.sluice.remote.internal;

import io.netty.buffer.ByteBuf;

/** The codes an {@link FrameType#ERROR} frame carries; see {@code docs/remote-protocol.md}. */
public enum ErrorCode {
    /** A malformed or unexpected frame: the connection is closed. */
    PROTOCOL(1),
    /** No protocol version both sides speak. */
    VERSION(2),
    /** A missing or wrong token, or plaintext where TLS is required. */
    AUTH(3),
    /** A limit of the server: frame size, name length, channels per connection, connections. */
    LIMIT(4),
    /** No channel of that name. */
    NOT_FOUND(5),
    /** The channel holds tokens of another type or codec. */
    MISMATCH(6),
    /** The channel already has a writer. */
    BUSY(7),
    /** The server cannot store or read the channel (a full disk, a damaged file). */
    STORAGE(8),
    /** The name is not a valid channel name. */
    BAD_NAME(9),
    /** The request was refused for another reason, stated in the message. */
    REFUSED(10);

    public final int code;

    ErrorCode(int code) {
        this.code = code;
    }

    /**
     * The payload of an {@link FrameType#ERROR} frame as one line, {@code CODE: message}; reads it.
     *
     * @throws MalformedFrameException if the payload ends inside a field
     */
    public static String describe(ByteBuf error) {
        ErrorCode code = of(Wire.readUnsignedShort(error, "ERROR's code"));
        return code + ": " + Wire.readString(error, "ERROR's message");
    }

    /** The code of an {@link FrameType#ERROR} frame's payload, without reading it. */
    static ErrorCode peek(ByteBuf error) {
        return error.readableBytes() < 2 ? REFUSED : of(error.getUnsignedShort(error.readerIndex()));
    }

    /** The error of {@code code}; {@link #REFUSED} for a code this version does not know. */
    public static ErrorCode of(int code) {
        for (ErrorCode c : values()) {
            if (c.code == code) {
                return c;
            }
        }
        return REFUSED;
    }
}
