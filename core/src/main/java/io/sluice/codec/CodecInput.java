package io.sluice.codec;

/** The byte source a {@link Codec} reads from; see {@link CodecOutput}. */
public interface CodecInput {
    /** @throws CodecException if no byte is left */
    byte readByte();

    /** @throws CodecException if fewer than 4 bytes are left */
    int readInt();

    /** @throws CodecException if fewer than 8 bytes are left */
    long readLong();

    /** @throws CodecException if fewer than 8 bytes are left */
    double readDouble();

    /** Reads exactly {@code length} bytes into {@code bytes} at {@code offset}. @throws CodecException if fewer are left */
    void readBytes(byte[] bytes, int offset, int length);

    /** Reads a string written by {@link CodecOutput#writeString}. @throws CodecException if it is malformed */
    String readString();

    /** The number of bytes left. */
    long remaining();
}
