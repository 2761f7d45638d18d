package io.sluice.run;

/** Where a run stands. Every status but {@link #RUNNING} is final. */
public enum RunStatus {
    /** Setting up or firing actors. */
    RUNNING,
    /** Every actor ended normally. */
    COMPLETED,
    /** An actor or listener threw, the run deadlocked, or it timed out. */
    FAILED,
    /** {@link Run#cancel()} or {@link Run#close()} stopped it. */
    CANCELLED;

    /** True for every status but {@link #RUNNING}. */
    public boolean isFinal() {
        return this != RUNNING;
    }
}
