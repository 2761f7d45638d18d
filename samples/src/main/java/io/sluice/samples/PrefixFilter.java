package io.sluice.samples;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import java.util.List;
import java.util.Objects;

/**
 * Passes on the words that start with a prefix (the paper's filter keeps words starting with "c").
 * Stateless: a resumed run restarts it at its last checkpoint.
 */
@Stateless
public final class PrefixFilter implements Actor {
    public static final InputPort<String> IN = Port.input("in", String.class);
    public static final OutputPort<String> OUT = Port.output("out", String.class);

    private final String prefix;

    public PrefixFilter(String prefix) {
        this.prefix = Objects.requireNonNull(prefix, "prefix");
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(IN, OUT);
    }

    @Override
    public void fire(FiringContext context) {
        String word = context.take(IN);
        if (word.startsWith(prefix)) {
            context.put(OUT, word);
        }
    }
}
