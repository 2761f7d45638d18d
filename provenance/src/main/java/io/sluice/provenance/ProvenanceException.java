package io.sluice.provenance;

/**
 * Provenance cannot be recorded or read: the message names the run, file, actor, channel or
 * token involved, and says what is wrong in words a user of {@code sluice prov} can act on.
 */
public final class ProvenanceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ProvenanceException(String message) {
        super(message);
    }

    public ProvenanceException(String message, Throwable cause) {
        super(message, cause);
    }
}
