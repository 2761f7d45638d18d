package io.sluice.codec;

/** Bytes that are not a valid encoding, or a value a codec cannot encode. */
public class CodecException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CodecException(String message) {
        super(message);
    }

    public CodecException(String message, Throwable cause) {
        super(message, cause);
    }
}
