package io.sluice.composite;

/**
 * A transfer specification that is malformed (a missing or wrong field, named with its file and
 * line when it was read from JSON) or cannot be satisfied (a wanted range no sender holds, named
 * with the receivers that want it).
 */
public final class TransferSpecException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** @param message what is wrong and where */
    public TransferSpecException(String message) {
        super(message);
    }

    /** @param message what is wrong and where */
    public TransferSpecException(String message, Throwable cause) {
        super(message, cause);
    }
}
