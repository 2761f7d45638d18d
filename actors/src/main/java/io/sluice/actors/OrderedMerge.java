package io.sluice.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actors.internal.Numbers;
import java.util.List;

/**
 * Merges two nondecreasing streams of numbers into one nondecreasing stream (Ptolemy's
 * {@code OrderedMerge} and DDF's {@code DDFOrderedMerge}). Type name {@value #TYPE}. Deterministic:
 * which input a firing takes from depends only on the tokens taken before, never on timing.
 *
 * <p><b>Ports.</b> {@link #INPUT_A} ({@code inputA}) and {@link #INPUT_B} ({@code inputB}),
 * numbers; {@link #OUTPUT} ({@code output}, {@code Number}); {@link #SELECTED_A}
 * ({@code selectedA}, {@code Boolean}).
 *
 * <p><b>Firings.</b> The first firing takes a token from {@code inputA} and keeps it. Each later
 * firing takes a token from the input that did not give the kept one, puts the smaller of the two
 * on {@code output} (the kept one if they are equal) with {@code true} on {@code selectedA} if it
 * came from {@code inputA}, else {@code false}, and keeps the other. The actor ends when the input
 * it takes from ends; as in Ptolemy, the kept token is then not put. With
 * {@value #ELIMINATE_DUPLICATES}, a token equal to the one put last is not put again.
 *
 * <p><b>Parameters.</b> {@value #ELIMINATE_DUPLICATES} (a boolean; default false).
 *
 * <p><b>Failure.</b> A firing fails the run, naming the port, when a token is not a number.
 */
public final class OrderedMerge implements Actor {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "ordered-merge";
    /** The parameter that says whether equal tokens are put once. */
    public static final String ELIMINATE_DUPLICATES = "eliminateDuplicates";
    /** The first stream. */
    public static final InputPort<Object> INPUT_A = Port.input("inputA", Object.class);
    /** The second stream. */
    public static final InputPort<Object> INPUT_B = Port.input("inputB", Object.class);
    /** The merged stream. */
    public static final OutputPort<Number> OUTPUT = Port.output("output", Number.class);
    /** For each token put, whether it came from {@code inputA}. */
    public static final OutputPort<Boolean> SELECTED_A = Port.output("selectedA", Boolean.class);

    private final boolean eliminateDuplicates;
    private Number kept;
    private boolean keptFromA;
    private Number last;

    /** @param eliminateDuplicates whether a token equal to the one put last is left out */
    public OrderedMerge(boolean eliminateDuplicates) {
        this.eliminateDuplicates = eliminateDuplicates;
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(INPUT_A, INPUT_B, OUTPUT, SELECTED_A);
    }

    @Override
    public void fire(FiringContext context) {
        if (kept == null) {
            kept = Tokens.operand(INPUT_A.name(), context.take(INPUT_A));
            keptFromA = true;
            return;
        }
        InputPort<Object> from = keptFromA ? INPUT_B : INPUT_A;
        Number taken = Tokens.operand(from.name(), context.take(from));
        boolean keptFirst = Numbers.isLessOrEqual(kept, taken);
        Number out = keptFirst ? kept : taken;
        boolean outFromA = keptFirst ? keptFromA : !keptFromA;
        if (keptFirst) {
            kept = taken;
            keptFromA = !keptFromA;
        } // else the taken one goes out and the kept one stays: the next take is from the same input

        if (!eliminateDuplicates || last == null || !Numbers.isEqual(last, out)) {
            context.put(OUTPUT, out);
            context.put(SELECTED_A, outFromA);
        }
        last = out;
    }

    @Override
    public String toString() {
        return "OrderedMerge" + (eliminateDuplicates ? "[eliminating duplicates]" : "");
    }
}
