package io.sluice.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import io.sluice.actor.TokenRates;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Gathers tokens into arrays (Ptolemy's SDF {@code SequenceToArray}): each firing takes
 * {@code arrayLength} tokens from {@code input} and puts them, in order, as one array on
 * {@code output}. Type name {@value #TYPE}. Stateless; a multirate actor whose
 * {@link TokenRates} the SDF director uses.
 *
 * <p><b>Ports.</b> {@link #INPUT} ({@code input}, {@code Object}, rate {@code arrayLength}) and
 * {@link #OUTPUT} ({@code output}, an unmodifiable {@code List}, rate 1). When the input ends in
 * the middle of an array, its tokens are dropped.
 *
 * <p><b>Parameters.</b> {@value #ARRAY_LENGTH} (integer, at least 1, default 1). (Ptolemy's
 * {@code arrayLength} input port, which changes the length at run time, is not supported.)
 *
 * <p><b>Failure.</b> The constructor throws {@link IllegalArgumentException} naming the parameter
 * that is out of range.
 */
@Stateless
public final class SequenceToArray implements Actor, TokenRates {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "sequence-to-array";
    /** The parameter that gives how many tokens make an array. */
    public static final String ARRAY_LENGTH = "arrayLength";
    /** The tokens. */
    public static final InputPort<Object> INPUT = Port.input("input", Object.class);
    /** The arrays. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static final OutputPort<List<Object>> OUTPUT = (OutputPort) Port.output("output", List.class);

    private final int arrayLength;

    /**
     * @param arrayLength how many tokens make an array, at least 1
     * @throws IllegalArgumentException naming the parameter if it is out of range
     */
    public SequenceToArray(int arrayLength) {
        this.arrayLength = Rates.positive(ARRAY_LENGTH, arrayLength);
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(INPUT, OUTPUT);
    }

    @Override
    public int rate(Port<?> port) {
        return port.equals(INPUT) ? arrayLength : 1;
    }

    @Override
    public void fire(FiringContext context) {
        List<Object> array = new ArrayList<>(arrayLength);
        for (int i = 0; i < arrayLength; i++) {
            array.add(context.take(INPUT));
        }
        context.put(OUTPUT, Collections.unmodifiableList(array));
    }

    @Override
    public String toString() {
        return "SequenceToArray[" + arrayLength + "]";
    }
}
