package io.sluice.remote.internal;

/**
 * A space service threw something other than a refusal while handling a message: its stream
 * fails with the message, logged with the cause; the connection's other streams go on.
 */
final class ServiceFault extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ServiceFault(String message, Throwable cause) {
        super(message, cause);
    }
}
