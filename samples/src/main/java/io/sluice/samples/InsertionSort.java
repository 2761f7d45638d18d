package io.sluice.samples;

import io.sluice.actor.Actor;
import io.sluice.actor.ActorContext;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputsFromFiringInputs;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Resumable;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * The paper's insertion sort actor: it keeps the sorted list on a channel from itself to itself
 * ({@link #LOOP} connected to {@link #LOOP_IN}).
 *
 * <p>Each firing takes one word from {@link #IN} and spins once through the loop, taking each
 * sorted word off the channel and putting it back, with the new word inserted before the first
 * word greater than it (so ties keep their input order). When the input ends, the firings send the
 * sorted list to {@link #OUT}, one word per firing. Sorting n words moves about n²/2 tokens
 * through the loop. Its snapshot is how many words the loop holds and whether the input ended;
 * the words are in the loop, so what a firing puts derives from what it takes
 * ({@link OutputsFromFiringInputs}).
 */
@OutputsFromFiringInputs
public final class InsertionSort implements Actor, Resumable {
    public static final InputPort<String> IN = Port.input("in", String.class);
    public static final OutputPort<String> OUT = Port.output("out", String.class);
    public static final OutputPort<String> LOOP = Port.output("loop", String.class);
    public static final InputPort<String> LOOP_IN = Port.input("loopIn", String.class);

    /** Words on the loop channel. */
    private long sorted;
    private boolean inputEnded;

    @Override
    public List<Port<?>> ports() {
        return List.of(IN, OUT, LOOP, LOOP_IN);
    }

    @Override
    public void fire(FiringContext context) {
        if (!inputEnded && context.hasNext(IN)) {
            insert(context, context.take(IN));
            return;
        }
        inputEnded = true;
        if (sorted == 0) {
            context.finish();
            return;
        }
        context.put(OUT, context.take(LOOP_IN));
        sorted--;
    }

    private void insert(FiringContext context, String word) {
        boolean inserted = false;
        for (long i = 0; i < sorted; i++) {
            String next = context.take(LOOP_IN);
            if (!inserted && word.compareTo(next) < 0) {
                context.put(LOOP, word);
                inserted = true;
            }
            context.put(LOOP, next);
        }
        if (!inserted) {
            context.put(LOOP, word);
        }
        sorted++;
    }

    @Override
    public byte[] snapshot() {
        return ByteBuffer.allocate(1 + Long.BYTES).put((byte) (inputEnded ? 1 : 0)).putLong(sorted).array();
    }

    @Override
    public void resume(ActorContext context, byte[] snapshot) {
        ByteBuffer b = ByteBuffer.wrap(snapshot);
        inputEnded = b.get() == 1;
        sorted = b.getLong();
    }
}
