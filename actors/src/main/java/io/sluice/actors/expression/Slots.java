package io.sluice.actors.expression;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The names of the values an evaluation is given, each at its slot: the index of its value in
 * the array a bound tree evaluates with ({@link Node#bind}). Immutable.
 */
final class Slots {
    /** How many bound names a message lists. */
    private static final int MAX_LISTED = 20;

    private final List<String> names;
    private final Map<String, Integer> slots;

    private Slots(List<String> names) {
        this.names = List.copyOf(names);
        this.slots = new HashMap<>();
        for (int i = 0; i < this.names.size(); i++) {
            if (slots.put(this.names.get(i), i) != null) {
                throw new IllegalArgumentException("name '" + this.names.get(i) + "' is given twice");
            }
        }
    }

    /**
     * The names given, in slots 0, 1, ...
     *
     * @throws IllegalArgumentException if a name is given twice
     * @throws NullPointerException if a name is null
     */
    static Slots of(List<String> names) {
        return new Slots(names);
    }

    /** The variables and constants of a tree, in the order they first appear. */
    static Slots namesIn(Node root) {
        List<String> names = new ArrayList<>();
        Node.forEach(root, node -> {
            String name = node instanceof Node.Variable ? ((Node.Variable) node).name()
                    : node instanceof Node.Constant ? ((Node.Constant) node).name() : null;
            if (name != null && !names.contains(name)) {
                names.add(name);
            }
        });
        return new Slots(names);
    }

    /** The names, in slot order. */
    List<String> names() {
        return names;
    }

    /** The slot of a name, or -1 if it has none. */
    int indexOf(String name) {
        Integer slot = slots.get(name);
        return slot == null ? -1 : slot;
    }

    /**
     * The slot of a variable.
     *
     * @param unknown what the name is called if it has no slot, e.g. {@code unknown variable 'x'}
     * @throws EvaluationError at {@code column} if it has none, listing the names there are
     */
    int variable(String name, String unknown, int column) {
        Integer slot = slots.get(name);
        if (slot == null) {
            throw unknown(unknown, names, column);
        }
        return slot;
    }

    /**
     * Evaluates a tree bound to these slots with the values {@code variables} maps their names
     * to, as {@link Expression#evaluate} documents: a variable the map lacks, or maps to null,
     * fails when it is evaluated, not before.
     */
    Object evaluate(Node bound, Map<String, ?> variables) {
        Object[] values = new Object[names.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = variables.get(names.get(i));
        }
        try {
            return bound.eval(values);
        } catch (UnboundVariable e) {
            throw variables.containsKey(e.name) ? e : unknown(e.unknown, variables.keySet(), e.column);
        }
    }

    /** The error for an unknown name, listing the names that are bound. */
    private static EvaluationError unknown(String unknown, Collection<String> bound, int column) {
        String listed = bound.stream().sorted().limit(MAX_LISTED).reduce((a, b) -> a + ", " + b).orElse(null);
        return new EvaluationError(unknown + (listed == null ? "; no variables are bound"
                : "; bound are " + listed + (bound.size() > MAX_LISTED ? ", ..." : "")), column);
    }
}
