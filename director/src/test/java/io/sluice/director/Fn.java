package io.sluice.director;

import io.sluice.actor.Actor;
import io.sluice.actor.ActorContext;
import io.sluice.actor.FiringContext;
import io.sluice.actor.Port;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** An actor given as ports and a firing body, for tests; counts its lifecycle calls. */
final class Fn implements Actor {
    /** A firing. */
    interface Body {
        void fire(FiringContext context) throws Exception;
    }

    private final List<Port<?>> ports;
    private final Body body;
    final AtomicInteger initialized = new AtomicInteger();
    final AtomicInteger wrappedUp = new AtomicInteger();
    final AtomicInteger stopped = new AtomicInteger();
    Body onInitialize = c -> {};
    Runnable onStop = () -> {};
    Body onWrapUp = c -> {};

    Fn(List<Port<?>> ports, Body body) {
        this.ports = ports;
        this.body = body;
    }

    static Fn of(Body body, Port<?>... ports) {
        return new Fn(List.of(ports), body);
    }

    @Override
    public List<Port<?>> ports() {
        return ports;
    }

    @Override
    public void initialize(ActorContext context) throws Exception {
        initialized.incrementAndGet();
        onInitialize.fire((FiringContext) context);
    }

    @Override
    public void fire(FiringContext context) throws Exception {
        body.fire(context);
    }

    @Override
    public void wrapUp(ActorContext context) throws Exception {
        wrappedUp.incrementAndGet();
        onWrapUp.fire((FiringContext) context);
    }

    @Override
    public void stop() {
        stopped.incrementAndGet();
        onStop.run();
    }
}
