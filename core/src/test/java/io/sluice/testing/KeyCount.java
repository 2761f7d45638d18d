package io.sluice.testing;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An actor that keeps state across firings: it counts its words per key, one word a firing. At
 * the end of its input it puts {@code key=count} for each key, in key order, and finishes, as
 * {@link FiringContext} advises (hasNext, then put, then finish); at the separator, if it has
 * one, it puts them, clears its counts and declares its state empty. Ports {@code in} and
 * {@code out}, of strings.
 */
public final class KeyCount implements Actor {
    public final InputPort<String> in = Port.input("in", String.class);
    public final OutputPort<String> out = Port.output("out", String.class);
    private final String separator;
    private final Map<String, Integer> counts = new TreeMap<>();

    /** @param separator the word at which it puts its counts and starts over, or null for none */
    public KeyCount(String separator) {
        this.separator = separator;
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(in, out);
    }

    @Override
    public void fire(FiringContext context) {
        if (!context.hasNext(in)) {
            putCounts(context);
            context.finish();
            return;
        }
        String word = context.take(in);
        if (word.equals(separator)) {
            putCounts(context);
            counts.clear();
            context.declareStateEmpty();
            return;
        }
        counts.merge(word, 1, Integer::sum);
    }

    private void putCounts(FiringContext context) {
        counts.forEach((k, v) -> context.put(out, k + "=" + v));
    }
}
