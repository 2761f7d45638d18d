package io.sluice.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import io.sluice.actor.TokenRates;
import java.util.List;

/**
 * Puts the elements of each array as a sequence (Ptolemy's SDF {@code ArrayToSequence}): each
 * firing takes one array from {@code input} and puts its {@code arrayLength} elements, in order,
 * on {@code output}. Type name {@value #TYPE}. Stateless; a multirate actor whose
 * {@link TokenRates} the SDF director uses.
 *
 * <p><b>Ports.</b> {@link #INPUT} ({@code input}, an array, rate 1) and {@link #OUTPUT}
 * ({@code output}, {@code Object}, rate {@code arrayLength}).
 *
 * <p><b>Parameters.</b> {@value #ARRAY_LENGTH} (integer, at least 1, default 1);
 * {@value #ENFORCE_ARRAY_LENGTH} (boolean, default true): when true an array of another length
 * fails the firing; when false, as in Ptolemy, the actor is no longer SDF and puts as many
 * elements as each array has, so it must run under a data-driven director (the SDF director's
 * rate check fails a firing that puts another number).
 *
 * <p><b>Failure.</b> The constructor throws {@link IllegalArgumentException} naming the parameter
 * that is out of range; a firing throws it naming the port when a token is not an array or
 * (enforced) is of another length, which fails the run.
 */
@Stateless
public final class ArrayToSequence implements Actor, TokenRates {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "array-to-sequence";
    /** The parameter that gives how many elements each array has. */
    public static final String ARRAY_LENGTH = "arrayLength";
    /** The parameter that says whether another length is an error. */
    public static final String ENFORCE_ARRAY_LENGTH = "enforceArrayLength";
    /** The arrays. */
    public static final InputPort<Object> INPUT = Port.input("input", Object.class);
    /** Their elements. */
    public static final OutputPort<Object> OUTPUT = Port.output("output", Object.class);

    private final int arrayLength;
    private final boolean enforce;

    /**
     * @param arrayLength how many elements each array has, at least 1
     * @param enforce whether an array of another length fails the firing
     * @throws IllegalArgumentException naming the parameter if it is out of range
     */
    public ArrayToSequence(int arrayLength, boolean enforce) {
        this.arrayLength = Rates.positive(ARRAY_LENGTH, arrayLength);
        this.enforce = enforce;
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(INPUT, OUTPUT);
    }

    @Override
    public int rate(Port<?> port) {
        return port.equals(OUTPUT) ? arrayLength : 1;
    }

    @Override
    public void fire(FiringContext context) {
        Object token = context.take(INPUT);
        if (!(token instanceof List<?> array)) {
            throw new IllegalArgumentException("port '" + INPUT.name() + "' received " + Tokens.show(token) + ", which is not an array");
        }
        if (enforce && array.size() != arrayLength) {
            throw new IllegalArgumentException("port '" + INPUT.name() + "' received an array of length " + array.size() + ", but "
                    + ARRAY_LENGTH + " is " + arrayLength + ": " + Tokens.show(token));
        }
        for (Object element : array) {
            context.put(OUTPUT, element);
        }
    }

    @Override
    public String toString() {
        return "ArrayToSequence[" + arrayLength + (enforce ? "" : ", not enforced") + "]";
    }
}
