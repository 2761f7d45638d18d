package io.sluice.samples;

import io.sluice.actor.Actor;
import io.sluice.actor.ActorContext;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputsFromFiringInputs;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Resumable;
import io.sluice.samples.SortItem.Word;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * The paper's mergesort actor: it sorts only by moving sublists between three channels of its own,
 * A, B and T, each connected from one of its outputs back to one of its inputs. It compares and
 * routes tokens; the channels hold the data.
 *
 * <p>Within the channels every sublist ends with a {@link SortItem#SPLIT} marker. The actor goes
 * through three phases:
 * <ol>
 *   <li><b>input</b>, one firing per input token: words and markers from {@link Split} are
 *       copied to A, which ends up holding the one-word sublists;
 *   <li><b>merge</b>, one firing per pair of sublists: the first sublist of the source channel is
 *       moved to T, then merged with the next one into the destination channel. When the source
 *       is empty the pass is over and the directions swap (A to B, then B to A, ...), until one
 *       sublist is left;
 *   <li><b>output</b>, one firing per word: the sorted list is sent to {@link #OUT}.
 * </ol>
 * Ties keep their input order (the merge is stable). The actor only takes from its own channels
 * tokens it knows are there, so it never waits on itself. Its snapshot is its phase and counters:
 * the sublists themselves are in the channels, so what a firing puts derives from what it takes
 * ({@link OutputsFromFiringInputs}).
 */
@OutputsFromFiringInputs
public final class MergeSort implements Actor, Resumable {
    public static final InputPort<SortItem> IN = Port.input("in", SortItem.class);
    public static final OutputPort<String> OUT = Port.output("out", String.class);
    public static final OutputPort<SortItem> A = Port.output("a", SortItem.class);
    public static final OutputPort<SortItem> B = Port.output("b", SortItem.class);
    public static final OutputPort<SortItem> T = Port.output("t", SortItem.class);
    public static final InputPort<SortItem> A_IN = Port.input("aIn", SortItem.class);
    public static final InputPort<SortItem> B_IN = Port.input("bIn", SortItem.class);
    public static final InputPort<SortItem> T_IN = Port.input("tIn", SortItem.class);

    private enum Phase { INPUT, MERGE, OUTPUT }

    private Phase phase = Phase.INPUT;
    /** Sublists on A at the end of the input phase, then on the current source channel. */
    private long sublists;
    /** True if a word was copied to A since the last marker. */
    private boolean openSublist;
    /** True while A is the source of the current pass (B the destination). */
    private boolean fromA = true;
    /** Sublists still to merge in the current pass, and sublists written by it. */
    private long remaining;
    private long written;

    @Override
    public List<Port<?>> ports() {
        return List.of(IN, OUT, A, B, T, A_IN, B_IN, T_IN);
    }

    @Override
    public void fire(FiringContext context) {
        switch (phase) {
            case INPUT -> input(context);
            case MERGE -> mergePair(context);
            case OUTPUT -> output(context);
        }
    }

    private void input(FiringContext context) {
        if (context.hasNext(IN)) {
            SortItem item = context.take(IN);
            context.put(A, item);
            if (item == SortItem.SPLIT) {
                sublists++;
                openSublist = false;
            } else {
                openSublist = true;
            }
            return;
        }
        if (openSublist) {
            context.put(A, SortItem.SPLIT);
            sublists++;
        }
        remaining = sublists;
        startPassOrOutput(context);
    }

    private void mergePair(FiringContext context) {
        InputPort<SortItem> source = fromA ? A_IN : B_IN;
        OutputPort<SortItem> destination = fromA ? B : A;
        if (remaining >= 2) {
            copySublist(context, source, T);
            merge(context, T_IN, source, destination);
            remaining -= 2;
        } else {
            copySublist(context, source, destination);
            remaining--;
        }
        written++;
        if (remaining == 0) {
            fromA = !fromA;
            remaining = written;
            written = 0;
            startPassOrOutput(context);
        }
    }

    /** Starts a merge pass, or the output once at most one sublist is left. */
    private void startPassOrOutput(FiringContext context) {
        if (remaining <= 1) {
            phase = Phase.OUTPUT;
            if (remaining == 0) {
                context.finish();
            }
        } else {
            phase = Phase.MERGE;
        }
    }

    private void output(FiringContext context) {
        SortItem item = context.take(fromA ? A_IN : B_IN);
        if (item instanceof Word word) {
            context.put(OUT, word.text());
        } else {
            context.finish();
        }
    }

    @Override
    public byte[] snapshot() {
        return ByteBuffer.allocate(3 + 3 * Long.BYTES).put((byte) phase.ordinal()).put((byte) (openSublist ? 1 : 0))
                .put((byte) (fromA ? 1 : 0)).putLong(sublists).putLong(remaining).putLong(written).array();
    }

    @Override
    public void resume(ActorContext context, byte[] snapshot) {
        ByteBuffer b = ByteBuffer.wrap(snapshot);
        phase = Phase.values()[b.get()];
        openSublist = b.get() == 1;
        fromA = b.get() == 1;
        sublists = b.getLong();
        remaining = b.getLong();
        written = b.getLong();
    }

    /** Moves one sublist, marker included. */
    private static void copySublist(FiringContext context, InputPort<SortItem> from, OutputPort<SortItem> to) {
        SortItem item;
        do {
            item = context.take(from);
            context.put(to, item);
        } while (item != SortItem.SPLIT);
    }

    /** Merges the next sublists of {@code first} and {@code second}; ties take from {@code first}. */
    private static void merge(FiringContext context, InputPort<SortItem> first, InputPort<SortItem> second,
            OutputPort<SortItem> to) {
        SortItem x = context.take(first);
        SortItem y = context.take(second);
        while (x instanceof Word wx && y instanceof Word wy) {
            if (wx.text().compareTo(wy.text()) <= 0) {
                context.put(to, x);
                x = context.take(first);
            } else {
                context.put(to, y);
                y = context.take(second);
            }
        }
        while (x != SortItem.SPLIT) {
            context.put(to, x);
            x = context.take(first);
        }
        while (y != SortItem.SPLIT) {
            context.put(to, y);
            y = context.take(second);
        }
        context.put(to, SortItem.SPLIT);
    }
}
