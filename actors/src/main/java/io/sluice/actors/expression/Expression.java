package io.sluice.actors.expression;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * An expression of the subset of Ptolemy II's expression language that {@code docs/expressions.md}
 * describes, parsed once and evaluated any number of times: {@code a * 2 + b},
 * {@code x > 0 ? sqrt(x) : 0.0}, {@code "n = " + n}, {@code {1, 2, 3}(i)}.
 *
 * <p>Values are Java objects: {@code Integer}, {@code Long}, {@code Double}, {@code String},
 * {@code Boolean} and unmodifiable {@code List<Object>} (arrays). Variables may also be bound to
 * {@code Short}, {@code Byte} (taken as ints) and {@code Float} (taken as a double); other objects
 * can be compared with {@code ==}, concatenated to strings and passed through a conditional, but
 * not computed with.
 *
 * <p>{@link #parse} builds a tree of small immutable nodes; {@link #evaluate} walks it, taking
 * each variable's value from the map it is given, with no reflection. {@link #bind} resolves the
 * variables to positions once, for a caller that evaluates with the same names per token: the
 * {@link BoundExpression} it returns takes the values in an array and looks no name up.
 *
 * <p><b>Threading.</b> An expression is immutable: any number of threads may evaluate it at once,
 * each with its own variables. {@code evaluate} does not keep the map it is given.
 *
 * <p><b>Failure.</b> A syntax error, or an evaluation that cannot be done (an unknown variable, an
 * operator applied to values it does not take, an integer division by zero), throws an
 * {@link ExpressionException} naming the column, what went wrong and the expression.
 */
public final class Expression {
    private final String text;
    private final Node root;
    private final Set<String> variables;
    /** The names {@link #evaluate} looks up: the variables and the constants they may hide. */
    private final Slots names;
    /** The tree bound to {@link #names}. */
    private final Node byName;

    private Expression(String text, Node root) {
        this.text = text;
        this.root = root;
        this.variables = Collections.unmodifiableSet(variablesOf(root));
        this.names = Slots.namesIn(root);
        this.byName = root.bind(names);
    }

    /**
     * Parses an expression.
     *
     * @throws ExpressionException on a syntax error, naming the column and what was expected, e.g.
     *     {@code at column 7: expected ')' but found end of expression in "(1 + 2"}; also for a call
     *     of a built-in function with the wrong number of arguments, and for an expression nested
     *     more than 200 levels or more than 1000 operators deep
     * @throws NullPointerException if {@code text} is null
     */
    public static Expression parse(String text) {
        Objects.requireNonNull(text, "text");
        return new Expression(text, Parser.parse(text));
    }

    /**
     * Evaluates the expression with the given values of its variables.
     *
     * <p>A variable named like a constant ({@code e}, {@code PI}) hides the constant. Entries for
     * names the expression does not use are ignored.
     *
     * @return the value, never null
     * @throws ExpressionException naming the column, the unknown variable or the operation that
     *     failed and the expression, e.g.
     *     {@code at column 3: cannot apply '-' to "a" and 2 in "x - 2"}
     * @throws NullPointerException if {@code variables} is null
     */
    public Object evaluate(Map<String, ?> variables) {
        Objects.requireNonNull(variables, "variables");
        try {
            return names.evaluate(byName, variables);
        } catch (EvaluationError e) {
            throw failure(e);
        }
    }

    /**
     * Binds the expression's variables to positions, once: the result evaluates with
     * {@code values[i]} the value of {@code names.get(i)}. A name among {@code names} hides a
     * constant of that name, as a variable does in {@link #evaluate}, when its value is not null;
     * names the expression does not use are allowed, and their values ignored.
     *
     * @param names the names of the values, in the order of the array the result takes
     * @throws ExpressionException if the expression uses a variable that is not among
     *     {@code names}, naming the column and the variable as {@link #evaluate} does for a
     *     variable it is not given, e.g.
     *     {@code at column 5: unknown variable 'b'; bound are a, c in "a + b"}; it is thrown even
     *     where {@code evaluate} would not evaluate the variable, as in {@code true || b}
     * @throws IllegalArgumentException if a name is given twice
     * @throws NullPointerException if {@code names} or one of them is null
     */
    public BoundExpression bind(List<String> names) {
        Objects.requireNonNull(names, "names");
        Slots slots = Slots.of(names);
        Node bound;
        try {
            bound = root.bind(slots);
        } catch (EvaluationError e) {
            throw failure(e);
        }
        return new BoundExpression(this, slots.names(), bound);
    }

    /** An evaluation's or a binding's error as the exception that quotes the expression. */
    ExpressionException failure(EvaluationError e) {
        return new ExpressionException(e.getMessage(), e.column, text);
    }

    /**
     * The free variables of the expression: the identifiers that must be bound to evaluate it,
     * in the order they first appear. Built-in functions and constants are not among them, nor
     * {@code true} and {@code false}; a name followed by an index, {@code a(0)}, is a variable
     * unless it is a function.
     */
    public Set<String> variables() {
        return variables;
    }

    /** The text the expression was parsed from. */
    public String text() {
        return text;
    }

    /** The text the expression was parsed from. */
    @Override
    public String toString() {
        return text;
    }

    /** Expressions are equal when their texts are. */
    @Override
    public boolean equals(Object other) {
        return other instanceof Expression && ((Expression) other).text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    /** The parsed tree. */
    Node root() {
        return root;
    }

    /**
     * The tree printed back as text with the fewest parentheses that keep its shape, e.g.
     * {@code ((a + (b)))} as {@code a + b}: what tests of precedence compare.
     */
    String canonical() {
        StringBuilder out = new StringBuilder();
        root.print(out);
        return out.toString();
    }

    private static Set<String> variablesOf(Node root) {
        Set<String> names = new LinkedHashSet<>();
        Node.forEach(root, node -> {
            if (node instanceof Node.Variable) {
                names.add(((Node.Variable) node).name());
            }
        });
        return names;
    }
}
