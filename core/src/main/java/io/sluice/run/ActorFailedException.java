package io.sluice.run;

/** An actor threw: the message names the actor and the firing (or the lifecycle step). */
public final class ActorFailedException extends RunFailedException {
    private static final long serialVersionUID = 1L;

    /** Where in its lifecycle an actor failed. */
    public enum Phase { INITIALIZE, FIRE, WRAP_UP }

    private final String actor;
    private final Phase phase;
    private final long firing;

    /**
     * @param actor the actor's name
     * @param phase where it failed
     * @param firing the firing number if {@code phase} is {@link Phase#FIRE}, otherwise -1
     * @param cause what the actor threw
     */
    public ActorFailedException(String actor, Phase phase, long firing, Throwable cause) {
        super(describe(actor, phase, firing, cause), cause);
        this.actor = actor;
        this.phase = phase;
        this.firing = firing;
    }

    private static String describe(String actor, Phase phase, long firing, Throwable cause) {
        String where = switch (phase) {
            case INITIALIZE -> "in initialize";
            case FIRE -> "in firing " + firing;
            case WRAP_UP -> "in wrapUp";
        };
        return "actor '" + actor + "' failed " + where + ": " + cause;
    }

    /** The name of the actor that threw. */
    public String actor() {
        return actor;
    }

    /** Where it threw. */
    public Phase phase() {
        return phase;
    }

    /** The firing that threw, or -1 if it threw outside a firing. */
    public long firing() {
        return firing;
    }
}
