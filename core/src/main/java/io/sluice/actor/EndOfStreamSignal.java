package io.sluice.actor;

/**
 * Thrown by {@link FiringContext#take} when an input has ended. It abandons the firing and makes
 * the director end the actor (close its outputs, call {@link Actor#wrapUp}).
 *
 * <p>This is control flow, not a failure: it is an {@link Error} so that {@code catch (Exception e)}
 * in actor code does not swallow it, and it carries no stack trace, so throwing it is cheap. Actor
 * code should not catch it; an actor that does is still ended once its firing returns.
 */
public final class EndOfStreamSignal extends Error {
    private static final long serialVersionUID = 1L;
    private static final EndOfStreamSignal INSTANCE = new EndOfStreamSignal();

    private EndOfStreamSignal() {
        super("end of stream", null, false, false);
    }

    /** The signal; immutable, so one instance serves every run. */
    public static EndOfStreamSignal get() {
        return INSTANCE;
    }
}
