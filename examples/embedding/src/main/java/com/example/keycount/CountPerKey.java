package com.example.keycount;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Counts words per key, the key being a word's first {@code keyLength} characters: each firing
 * takes a word and puts the running count of its key. Keeps its counts across firings.
 */
public final class CountPerKey implements Actor {
    public static final InputPort<String> IN = Port.input("in", String.class);
    public static final OutputPort<KeyCount> OUT = Port.output("out", KeyCount.class);

    private final int keyLength;
    private final Map<String, Long> counts = new HashMap<>();

    public CountPerKey(int keyLength) {
        if (keyLength < 1) {
            throw new IllegalArgumentException("keyLength must be at least 1, was " + keyLength);
        }
        this.keyLength = keyLength;
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(IN, OUT);
    }

    @Override
    public void fire(FiringContext context) {
        String word = context.take(IN);
        String key = word.substring(0, Math.min(keyLength, word.length()));
        context.put(OUT, new KeyCount(key, counts.merge(key, 1L, Long::sum)));
    }
}
