package io.sluice.director;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InitialTokens;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import java.util.List;

/** A test delay: declares its initial tokens on {@code out}, then passes each token of {@code in} on. */
@Stateless
final class Delay implements Actor, InitialTokens {
    static final InputPort<Integer> IN = Port.input("in", Integer.class);
    static final OutputPort<Integer> OUT = Port.output("out", Integer.class);

    private final List<Integer> initial;

    Delay(List<Integer> initial) {
        this.initial = List.copyOf(initial);
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(IN, OUT);
    }

    @Override
    public List<?> initialTokens(OutputPort<?> port) {
        return port.equals(OUT) ? initial : List.of();
    }

    @Override
    public void fire(FiringContext context) {
        context.put(OUT, context.take(IN));
    }
}
