package io.sluice.director;

/**
 * A workflow has no SDF schedule: its token rates are inconsistent, or a cycle lacks initial
 * tokens. The message names the actors, ports and channels involved.
 */
public final class SdfScheduleException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    SdfScheduleException(String message) {
        super(message);
    }
}
