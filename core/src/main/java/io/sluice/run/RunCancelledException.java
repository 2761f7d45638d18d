package io.sluice.run;

/** The run was cancelled by {@link Run#cancel()} or {@link Run#close()}. */
public final class RunCancelledException extends RunFailedException {
    private static final long serialVersionUID = 1L;

    public RunCancelledException() {
        super("run was cancelled", null);
    }

    @Override
    public RunStatus status() {
        return RunStatus.CANCELLED;
    }
}
