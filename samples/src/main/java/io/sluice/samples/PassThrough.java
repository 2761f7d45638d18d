package io.sluice.samples;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import java.util.List;

/**
 * Passes every word on, after a configurable amount of busy work per word: the paper's
 * "pass-through" filter, used to compare directors and channels when actors do real work.
 * Stateless: what it puts depends only on the word it takes.
 */
@Stateless
public final class PassThrough implements Actor {
    public static final InputPort<String> IN = Port.input("in", String.class);
    public static final OutputPort<String> OUT = Port.output("out", String.class);

    private final long workPerToken;
    /** Keeps the busy work observable so that it is not optimised away. */
    private long sink;

    /** @param workPerToken busy-loop iterations per word; 0 for none */
    public PassThrough(long workPerToken) {
        if (workPerToken < 0) {
            throw new IllegalArgumentException("work per token must not be negative, was " + workPerToken);
        }
        this.workPerToken = workPerToken;
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(IN, OUT);
    }

    @Override
    public void fire(FiringContext context) {
        String word = context.take(IN);
        if (workPerToken > 0) {
            sink += BusyWork.spin(workPerToken, word.hashCode());
        }
        context.put(OUT, word);
    }

    @Override
    public String toString() {
        return "PassThrough[work=" + workPerToken + ", " + (sink & 1) + "]";
    }
}
