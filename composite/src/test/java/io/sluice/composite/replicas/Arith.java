package io.sluice.composite.replicas;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A stateless filter and map with two outputs, slowed down by a delay per token: drops multiples
 * of 7 and puts {@code 3x+1} to {@code out}; puts the even inputs to {@code evens}. One made to fail
 * throws on every token; one given a {@link Gate} holds its first firing until the gate opens.
 */
@Stateless
final class Arith implements Actor {
    static final InputPort<Integer> IN = Port.input("in", Integer.class);
    static final OutputPort<Integer> OUT = Port.output("out", Integer.class);
    static final OutputPort<Integer> EVENS = Port.output("evens", Integer.class);

    private final long delayNanos;
    private final boolean fails;
    private final Gate gate;

    /**
     * Holds a copy's first firing: for a test that cuts a worker off while it is inside a slice,
     * whatever the shares the rounds give it after.
     */
    static final class Gate {
        private final CountDownLatch entered = new CountDownLatch(1);
        private final CountDownLatch opened = new CountDownLatch(1);

        /** Waits up to {@code seconds} for the copy to be held in its first firing; whether it is. */
        boolean awaitEntered(long seconds) throws InterruptedException {
            return entered.await(seconds, TimeUnit.SECONDS);
        }

        /** Lets the held firing go on. */
        void open() {
            opened.countDown();
        }

        private void pass() {
            if (entered.getCount() > 0) {
                entered.countDown();
                try {
                    if (!opened.await(60, TimeUnit.SECONDS)) {
                        throw new IllegalStateException("the test never opened the gate");
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while held by the gate", e);
                }
            }
        }
    }

    Arith(long delayNanos) {
        this(delayNanos, false, null);
    }

    Arith(long delayNanos, boolean fails) {
        this(delayNanos, fails, null);
    }

    Arith(long delayNanos, Gate gate) {
        this(delayNanos, false, gate);
    }

    private Arith(long delayNanos, boolean fails, Gate gate) {
        this.delayNanos = delayNanos;
        this.fails = fails;
        this.gate = gate;
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(IN, OUT, EVENS);
    }

    @Override
    public void fire(FiringContext context) {
        int x = context.take(IN);
        if (gate != null) {
            gate.pass();
        }
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
