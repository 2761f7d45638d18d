package io.sluice.composite.replicas;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * A stateless filter and map with two outputs, slowed down by a delay per token: drops multiples
 * of 7 and puts {@code 3x+1} to {@code out}; puts the even inputs to {@code evens}. One made to fail
 * throws on every token.
 */
@Stateless
final class Arith implements Actor {
    static final InputPort<Integer> IN = Port.input("in", Integer.class);
    static final OutputPort<Integer> OUT = Port.output("out", Integer.class);
    static final OutputPort<Integer> EVENS = Port.output("evens", Integer.class);

    private final long delayNanos;
    private final boolean fails;

    Arith(long delayNanos) {
        this(delayNanos, false);
    }

    Arith(long delayNanos, boolean fails) {
        this.delayNanos = delayNanos;
        this.fails = fails;
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(IN, OUT, EVENS);
    }

    @Override
    public void fire(FiringContext context) {
        int x = context.take(IN);
        if (delayNanos > 0) {
            LockSupport.parkNanos(delayNanos);
        }
        if (fails) {
            throw new IllegalStateException("cannot handle " + x);
        }
        if (x % 7 != 0) {
            context.put(OUT, 3 * x + 1);
        }
        if (x % 2 == 0) {
            context.put(EVENS, x);
        }
    }
}
