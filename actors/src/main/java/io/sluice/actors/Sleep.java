package io.sluice.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.ActorContext;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.OwnWait;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import io.sluice.actor.StopSignal;
import java.util.List;

/**
 * Passes each token on after a pause (Ptolemy's {@code Sleep}): each firing takes one token from
 * {@code input}, sleeps {@code sleepTime} milliseconds on the firing's thread, and puts the token
 * on {@code output}. Type name {@value #TYPE}. Stateless. It slows a run down (to watch it, or to
 * stand for work); it changes no token.
 *
 * <p><b>Ports.</b> {@link #INPUT} ({@code input}) and {@link #OUTPUT} ({@code output}), both
 * {@code Object}.
 *
 * <p><b>Parameters.</b> {@value #SLEEP_TIME} (milliseconds, 0 or more; default 0).
 *
 * <p><b>Failure.</b> The constructor throws {@link IllegalArgumentException} naming the parameter
 * if it is negative. A run that stops during the pause ends it ({@link #stop}); the firing is
 * abandoned as a stopping run does ({@link StopSignal}), keeping the thread's interrupt status.
 */
@Stateless
public final class Sleep implements Actor {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "sleep";
    /** The parameter that gives the pause, in milliseconds. */
    public static final String SLEEP_TIME = "sleepTime";
    /** The tokens. */
    public static final InputPort<Object> INPUT = Port.input("input", Object.class);
    /** The same tokens, each after the pause. */
    public static final OutputPort<Object> OUTPUT = Port.output("output", Object.class);

    private final long sleepTime;
    /** The pause under way, for {@link #stop} to end. */
    private final OwnWait pause = new OwnWait();

    /** @throws IllegalArgumentException naming the parameter if {@code sleepTime} is negative */
    public Sleep(long sleepTime) {
        this.sleepTime = Tokens.nonNegative(SLEEP_TIME, sleepTime);
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(INPUT, OUTPUT);
    }

    @Override
    public void initialize(ActorContext context) {
        pause.reset();
    }

    @Override
    public void fire(FiringContext context) {
        Object token = context.take(INPUT);
        if (sleepTime > 0) {
            try {
                pause.begin();
                try {
                    Thread.sleep(sleepTime);
                } finally {
                    pause.end();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw StopSignal.get();
            }
        }
        context.put(OUTPUT, token);
    }

    /** Ends a pause under way: a run that stops does not wait for it. */
    @Override
    public void stop() {
        pause.stop();
    }

    @Override
    public String toString() {
        return "Sleep[" + sleepTime + " ms]";
    }
}
