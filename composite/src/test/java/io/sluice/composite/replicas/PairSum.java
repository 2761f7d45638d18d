package io.sluice.composite.replicas;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import java.util.List;

/** Stateless, but takes two tokens a firing: a copy of it breaks the one-token rule of replicated actors. */
@Stateless
final class PairSum implements Actor {
    static final InputPort<Integer> IN = Port.input("in", Integer.class);
    static final OutputPort<Integer> OUT = Port.output("out", Integer.class);

    @Override
    public List<Port<?>> ports() {
        return List.of(IN, OUT);
    }

    @Override
    public void fire(FiringContext context) {
        context.put(OUT, context.take(IN) + context.take(IN));
    }
}
