package io.sluice.samples;

import io.sluice.actor.Actor;
import io.sluice.actor.ActorContext;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputsFromFiringInputs;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Resumable;
import java.util.List;

/**
 * Turns a list of words into sublists of length one for {@link MergeSort}: passes each word on
 * as a {@link SortItem.Word} and puts a {@link SortItem#SPLIT} marker between consecutive words.
 * Its state, whether a word has passed yet, is its snapshot; it carries no word, so what a firing
 * puts derives from the word it takes ({@link OutputsFromFiringInputs}).
 */
@OutputsFromFiringInputs
public final class Split implements Actor, Resumable {
    public static final InputPort<String> IN = Port.input("in", String.class);
    public static final OutputPort<SortItem> OUT = Port.output("out", SortItem.class);

    private boolean first = true;

    @Override
    public List<Port<?>> ports() {
        return List.of(IN, OUT);
    }

    @Override
    public void fire(FiringContext context) {
        String word = context.take(IN);
        if (!first) {
            context.put(OUT, SortItem.SPLIT);
        }
        first = false;
        context.put(OUT, SortItem.word(word));
    }

    @Override
    public byte[] snapshot() {
        return new byte[] {(byte) (first ? 1 : 0)};
    }

    @Override
    public void resume(ActorContext context, byte[] snapshot) {
        first = snapshot.length == 1 && snapshot[0] == 1;
    }
}
