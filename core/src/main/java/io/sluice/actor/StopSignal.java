package io.sluice.actor;

/**
 * Thrown by {@link FiringContext} methods when the run is stopping: it was cancelled, timed out,
 * deadlocked or another actor failed. It abandons the firing; the director then calls
 * {@link Actor#wrapUp}.
 *
 * <p>An {@link Error}, like {@link EndOfStreamSignal}, so that {@code catch (Exception e)} in actor
 * code does not swallow it. Actor code should not catch it.
 */
public final class StopSignal extends Error {
    private static final long serialVersionUID = 1L;
    private static final StopSignal INSTANCE = new StopSignal();

    private StopSignal() {
        super("run stopping", null, false, false);
    }

    /** The signal; immutable, so one instance serves every run. */
    public static StopSignal get() {
        return INSTANCE;
    }
}
