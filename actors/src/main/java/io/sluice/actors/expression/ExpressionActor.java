package io.sluice.actors.expression;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Ptolemy's Expression actor: each firing takes one token from every input, in the order the
 * inputs were given, evaluates an {@link Expression} with each token bound to its input's name and
 * {@code iteration} bound to the firing number + 1, and puts the value to {@link #OUTPUT}.
 *
 * <p>Inputs are {@code InputPort<Object>} named as given (names follow
 * {@link io.sluice.actor.Names}); only names that are also identifiers ({@code a}, {@code in_1},
 * not {@code in-1}) can be used in the expression, but every input is taken from. {@code iteration}
 * is an {@code Integer} (1 in the first firing), a {@code Long} once it no longer fits. Named
 * parameters, fixed for the run, may also be given. The actor ends, as every actor does, when an
 * input ends; one with no inputs is a source that never ends by itself.
 *
 * <p>{@link Stateless}: what a firing puts depends only on the tokens it takes, the parameters
 * and its firing number, which a resumed run restores; so a resumed run restarts it at its last
 * checkpoint.
 *
 * <p><b>Failure.</b> The constructor checks the expression's syntax and that every variable it
 * uses is an input, a parameter or {@code iteration}. An evaluation that fails (an operator
 * applied to a token it does not take, say) fails the firing, and with it the run, with an
 * {@link ExpressionException} naming the expression, the column, the values bound and what went
 * wrong.
 *
 * <p><b>Threading.</b> As for every actor: called by one thread at a time. The expression is
 * bound once, at construction ({@link Expression#bind}); each firing fills one array, reused from
 * firing to firing, with the tokens it takes, which that rule makes safe.
 */
@Stateless
public final class ExpressionActor implements Actor {
    /** The output port, {@code output}: the value of each firing's evaluation. */
    public static final OutputPort<Object> OUTPUT = Port.output("output", Object.class);

    /** The variable bound to the firing number + 1. */
    public static final String ITERATION = "iteration";

    private final Expression expression;
    /** The expression bound to the inputs, in slots 0 to n-1, the parameters, and iteration if it is used. */
    private final BoundExpression bound;
    private final List<InputPort<Object>> inputs;
    private final List<Port<?>> ports;
    private final Map<String, Object> parameters;
    /**
     * The values of the current firing, in the slots of {@link #bound}: the parameters', set once,
     * and the tokens taken, set by each firing. Reused, since one thread at a time fires the actor.
     */
    private final Object[] values;
    /** The slot of {@code iteration}, or -1 if the expression does not use it. */
    private final int iterationSlot;

    /**
     * Creates the actor with no parameters.
     *
     * @param expression the expression's text
     * @param inputs the names of the input ports, in the order tokens are taken
     * @throws ExpressionException if the expression has a syntax error
     * @throws IllegalArgumentException if an input name is invalid, repeated, {@code output} or
     *     {@code iteration}, or if the expression uses a variable that is not an input
     */
    public ExpressionActor(String expression, List<String> inputs) {
        this(expression, inputs, Map.of());
    }

    /**
     * Creates the actor.
     *
     * @param expression the expression's text
     * @param inputs the names of the input ports, in the order tokens are taken
     * @param parameters values bound in every firing, e.g. a MoML model's parameters; not null
     * @throws ExpressionException if the expression has a syntax error
     * @throws IllegalArgumentException if an input name is invalid, repeated, {@code output} or
     *     {@code iteration}; if a parameter has the name of an input or {@code iteration}, or a
     *     null value; or if the expression uses a variable that is neither an input nor a
     *     parameter
     */
    public ExpressionActor(String expression, List<String> inputs, Map<String, ?> parameters) {
        Objects.requireNonNull(expression, "expression");
        Objects.requireNonNull(inputs, "inputs");
        Objects.requireNonNull(parameters, "parameters");
        this.expression = Expression.parse(expression);
        List<InputPort<Object>> ins = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (String name : inputs) {
            InputPort<Object> port = Port.input(name, Object.class);
            if (name.equals(OUTPUT.name()) || name.equals(ITERATION)) {
                throw new IllegalArgumentException("an ExpressionActor's input cannot be named '" + name
                        + "': " + (name.equals(ITERATION) ? "the expression's iteration would be hidden" : "that is its output"));
            }
            if (!names.add(name)) {
                throw new IllegalArgumentException("input '" + name + "' is given twice");
            }
            ins.add(port);
        }
        Map<String, Object> params = new LinkedHashMap<>();
        parameters.forEach((name, value) -> {
            if (names.contains(name) || ITERATION.equals(name)) {
                throw new IllegalArgumentException("parameter '" + name + "' has the name of "
                        + (ITERATION.equals(name) ? "the iteration variable" : "an input"));
            }
            params.put(name, Objects.requireNonNull(value, () -> "parameter '" + name + "' is null"));
        });
        for (String variable : this.expression.variables()) {
            if (!names.contains(variable) && !params.containsKey(variable) && !variable.equals(ITERATION)) {
                throw new IllegalArgumentException("expression " + ExpressionException.quote(expression)
                        + " uses '" + variable + "', which is not "
                        + (inputs.isEmpty() ? "" : "one of its inputs " + inputs + ", ")
                        + (params.isEmpty() ? "" : "a parameter, ")
                        + "a function or '" + ITERATION + "'");
            }
        }
        this.inputs = List.copyOf(ins);
        List<Port<?>> all = new ArrayList<>(ins);
        all.add(OUTPUT);
        this.ports = List.copyOf(all);
        this.parameters = Collections.unmodifiableMap(params);
        List<String> slots = new ArrayList<>(names.size() + params.size() + 1);
        for (InputPort<Object> port : ins) {
            slots.add(port.name());
        }
        slots.addAll(params.keySet());
        this.iterationSlot = this.expression.variables().contains(ITERATION) ? slots.size() : -1;
        if (iterationSlot >= 0) {
            slots.add(ITERATION);
        }
        this.bound = this.expression.bind(slots);
        this.values = new Object[slots.size()];
        int slot = ins.size();
        for (Object value : params.values()) {
            values[slot++] = value;
        }
    }

    /** Same as {@link #ExpressionActor(String, List) new ExpressionActor(expression, inputs)}. */
    public static ExpressionActor of(String expression, List<String> inputs) {
        return new ExpressionActor(expression, inputs);
    }

    /** The expression evaluated in every firing. */
    public Expression expression() {
        return expression;
    }

    /** The input ports, in the order tokens are taken. */
    public List<InputPort<Object>> inputs() {
        return inputs;
    }

    /**
     * The input port of that name.
     *
     * @throws IllegalArgumentException if there is none
     */
    public InputPort<Object> input(String name) {
        for (InputPort<Object> port : inputs) {
            if (port.name().equals(name)) {
                return port;
            }
        }
        throw new IllegalArgumentException("no input '" + name + "'; the inputs are "
                + inputs.stream().map(InputPort::name).toList());
    }

    /** The parameters bound in every firing. */
    public Map<String, Object> parameters() {
        return parameters;
    }

    @Override
    public List<Port<?>> ports() {
        return ports;
    }

    @Override
    public void fire(FiringContext context) {
        for (int i = 0; i < inputs.size(); i++) {
            values[i] = context.take(inputs.get(i));
        }
        if (iterationSlot >= 0) {
            long iteration = context.firing() + 1;
            values[iterationSlot] = iteration <= Integer.MAX_VALUE ? (Object) (int) iteration : (Object) iteration;
        }
        Object value;
        try {
            value = bound.evaluate(values);
        } catch (ExpressionException e) {
            throw failure(e, context.firing() + 1);
        }
        context.put(OUTPUT, value);
    }

    /** The error of a firing, naming the tokens it took and its iteration, used or not. */
    private ExpressionException failure(ExpressionException e, long iteration) {
        StringBuilder with = new StringBuilder();
        for (int i = 0; i < inputs.size(); i++) {
            with.append(inputs.get(i).name()).append(" = ").append(Values.quoted(values[i])).append(", ");
        }
        with.append(ITERATION).append(" = ").append(iteration);
        String message = "expression " + ExpressionException.quote(expression.text())
                + (e.column() > 0 ? " failed at column " + e.column() : " failed")
                + " with " + with + ": " + e.reason();
        return new ExpressionException(message, e.reason(), e.column(), e);
    }

    @Override
    public String toString() {
        return "ExpressionActor[" + expression.text() + "]";
    }
}
