package io.sluice.run;

import java.time.Duration;

/** The run took longer than its configured timeout and was stopped. */
public final class RunTimeoutException extends RunFailedException {
    private static final long serialVersionUID = 1L;
    private final Duration timeout;

    public RunTimeoutException(Duration timeout) {
        super("run timed out after " + timeout.toMillis() + " ms and was stopped", null);
        this.timeout = timeout;
    }

    /** The timeout that was exceeded. */
    public Duration timeout() {
        return timeout;
    }
}
