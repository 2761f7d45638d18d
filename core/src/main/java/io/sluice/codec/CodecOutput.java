package io.sluice.codec;

/**
 * The byte sink a {@link Codec} writes to. Multi-byte numbers are written in the implementation's
 * native order; a {@link CodecInput} of the same kind reads them back.
 */
public interface CodecOutput {
    void writeByte(int value);

    void writeInt(int value);

    void writeLong(long value);

    void writeDouble(double value);

    /** Writes the bytes in {@code [offset, offset + length)} of {@code bytes}. */
    void writeBytes(byte[] bytes, int offset, int length);

    /** Writes a string, with its length, so that {@link CodecInput#readString()} reads it back. */
    void writeString(CharSequence value);
}
