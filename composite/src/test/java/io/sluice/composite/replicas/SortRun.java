package io.sluice.composite.replicas;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The first stage of a mergesort: sorts each run it is given (numbers separated by commas) and
 * puts it sorted; a later stage merges the runs. Stateless.
 */
@Stateless
final class SortRun implements Actor {
    static final InputPort<String> IN = Port.input("in", String.class);
    static final OutputPort<String> OUT = Port.output("out", String.class);

    @Override
    public List<Port<?>> ports() {
        return List.of(IN, OUT);
    }

    @Override
    public void fire(FiringContext context) {
        String run = context.take(IN);
        context.put(OUT, Arrays.stream(run.split(",")).mapToInt(Integer::parseInt).sorted()
                .mapToObj(Integer::toString).collect(Collectors.joining(",")));
    }
}
