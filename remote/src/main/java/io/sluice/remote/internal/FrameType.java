package io.sluice.remote.internal;

/** The frame types of protocol version 2; see {@code docs/remote-protocol.md}. */
public enum FrameType {
    HELLO(0x01),
    WELCOME(0x02),
    ERROR(0x03),
    PING(0x04),
    PONG(0x05),
    BYE(0x06),
    OPEN(0x10),
    OPENED(0x11),
    DATA(0x12),
    ACK(0x13),
    CREDIT(0x14),
    END(0x15),
    CLOSE(0x16),
    LIST(0x20),
    NAMES(0x21),
    UNLINK(0x22),
    DONE(0x23),
    SERVICE_OPEN(0x30),
    SERVICE(0x31),
    /** A codec's description (a record format) by key: writer to server on its stream, or the answer to FORMAT_GET. */
    FORMAT(0x40),
    /** A request for the description stored under a key in the space's registry. */
    FORMAT_GET(0x41),
    /** A request for the keys of the space's registry that match an expression, answered by NAMES. */
    FORMAT_KEYS(0x42);

    private static final FrameType[] BY_CODE = new FrameType[256];

    static {
        for (FrameType t : values()) {
            BY_CODE[t.code] = t;
        }
    }

    /** The type's byte on the wire. */
    public final int code;

    FrameType(int code) {
        this.code = code;
    }

    /** The type of {@code code}, or null if there is none. */
    static FrameType of(int code) {
        return BY_CODE[code & 0xFF];
    }
}
