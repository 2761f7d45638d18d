package io.sluice.director;

import io.sluice.run.ActorState;
import io.sluice.run.ActorSnapshot;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;

/**
 * What one actor is doing, for {@link RunWatch}: set by the actor's thread as it changes (an
 * opaque store, as cheap as a plain one: no fence, no allocation), read by the watch's thread and
 * by whoever takes a snapshot. The times in each state are added up by the watch alone, from
 * what it sees at each sample.
 */
final class ActorActivity {
    private static final ActorState[] STATES = ActorState.values();

    static {
        for (ActorState s : STATES) {
            if (s.isFinal() != s.ordinal() >= ActorState.ENDED.ordinal()) {
                throw new ExceptionInInitializerError("the final actor states are not the last ones");
            }
        }
    }
    private static final VarHandle STATE;
    private static final VarHandle WAITING_ON;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            STATE = lookup.findVarHandle(ActorActivity.class, "state", int.class);
            WAITING_ON = lookup.findVarHandle(ActorActivity.class, "waitingOn", String.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final String actor;
    @SuppressWarnings("unused") // through STATE
    private int state = ActorState.STARTING.ordinal();
    @SuppressWarnings("unused") // through WAITING_ON
    private String waitingOn;
    private volatile long busyNanos;
    private volatile long readNanos;
    private volatile long writeNanos;

    ActorActivity(String actor) {
        this.actor = actor;
        // Links the var handles' call sites now, while memory is plenty: the actor's thread sets them when its heap may be full.
        set(ActorState.STARTING);
        waitingOn(noted());
    }

    /** The lowest ordinal of a final state ({@link ActorState#isFinal()}): ENDED and FAILED come last. */
    private static final int FIRST_FINAL = ActorState.ENDED.ordinal();

    /** The actor is now {@code s}; on the actor's thread. A final state stays. */
    void set(ActorState s) {
        if ((int) STATE.getOpaque(this) < FIRST_FINAL) {
            STATE.setOpaque(this, s.ordinal());
        }
    }

    /**
     * The actor now waits on {@code channel} ({@code state} is a waiting state), or waits no more
     * (null). The channel last waited on stays noted while the actor does not wait, since it is
     * read only in a waiting state; it is stored only when it changes. Under the demand-driven
     * director an actor waits at nearly every take, and storing a reference is dearer than
     * comparing one: the collector's write barrier may fence.
     */
    void waiting(ActorState s, String channel) {
        if (channel != null && noted() != channel) {
            waitingOn(channel);
        }
        set(s);
    }

    /** The channel last waited on, or null. */
    private String noted() {
        return (String) WAITING_ON.getOpaque(this);
    }

    private void waitingOn(String channel) {
        WAITING_ON.setOpaque(this, channel);
    }

    ActorState state() {
        return STATES[(int) STATE.getOpaque(this)];
    }

    /** Adds {@code nanos} to the time of the state the actor is in now; on the watch's thread only. */
    void sample(long nanos) {
        switch (state()) {
            case FIRING -> busyNanos += nanos;
            case WAITING_TO_READ -> readNanos += nanos;
            case WAITING_TO_WRITE -> writeNanos += nanos;
            default -> {
                // Starting, idle or ended: not counted.
            }
        }
    }

    ActorSnapshot snapshot(long firings) {
        ActorState s = state();
        String channel = s == ActorState.WAITING_TO_READ || s == ActorState.WAITING_TO_WRITE ? (String) WAITING_ON.getOpaque(this) : null;
        return new ActorSnapshot(actor, s, channel, firings, Duration.ofNanos(busyNanos), Duration.ofNanos(readNanos),
                Duration.ofNanos(writeNanos));
    }
}
