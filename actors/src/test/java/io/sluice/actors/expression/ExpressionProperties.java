package io.sluice.actors.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Properties: binary operators agree with Java's under the widening rules, and a tree printed as
 * text parses back to a tree with the same value (or the same error).
 */
class ExpressionProperties {

    // ---------------------------------------------------------------- operators against Java

    /** What Java computes for a failing integer division. */
    private static final Object DIVISION_BY_ZERO = new Object();

    @Property(tries = 2000)
    void binaryOperatorsAgreeWithJava(@ForAll("numbers") Object x, @ForAll("numbers") Object y,
            @ForAll("operators") String op) {
        Expression expression = Expression.parse("a " + op + " b");
        Map<String, Object> variables = Map.of("a", x, "b", y);
        Object expected = java(op, x, y);
        if (expected == DIVISION_BY_ZERO) {
            assertThatThrownBy(() -> expression.evaluate(variables))
                    .isInstanceOf(ExpressionException.class)
                    .hasMessageContaining("integer division by zero");
        } else {
            // equals: the same class (the widened kind) and, for doubles, the same bits (NaN too)
            assertThat(expression.evaluate(variables)).isEqualTo(expected);
        }
    }

    @Property(tries = 500)
    void literalOperandsAgreeWithVariableOperands(@ForAll("numbers") Object x, @ForAll("numbers") Object y,
            @ForAll("operators") String op) {
        String text = Values.literal(x) + " " + op + " " + Values.literal(y);
        Object expected = java(op, x, y);
        if (expected != DIVISION_BY_ZERO) {
            assertThat(Expression.parse(text).evaluate(Map.of())).as(text).isEqualTo(expected);
        }
    }

    @Provide
    Arbitrary<Object> numbers() {
        return Arbitraries.oneOf(
                Arbitraries.integers().map(i -> (Object) i),
                Arbitraries.integers().between(-3, 3).map(i -> (Object) i),
                Arbitraries.longs().map(l -> (Object) l),
                Arbitraries.doubles().withStandardSpecialValues().map(d -> (Object) d));
    }

    @Provide
    Arbitrary<String> operators() {
        return Arbitraries.of("+", "-", "*", "/", "%", "<", "<=", ">", ">=", "==", "!=");
    }

    /** The operator computed by Java on the operands widened to the larger of their types. */
    private static Object java(String op, Object x, Object y) {
        if (x instanceof Double || y instanceof Double) {
            double a = ((Number) x).doubleValue();
            double b = ((Number) y).doubleValue();
            switch (op) {
                case "+": return a + b;
                case "-": return a - b;
                case "*": return a * b;
                case "/": return a / b;
                case "%": return a % b;
                case "<": return a < b;
                case "<=": return a <= b;
                case ">": return a > b;
                case ">=": return a >= b;
                case "==": return a == b;
                case "!=": return a != b;
                default: throw new AssertionError(op);
            }
        }
        if (x instanceof Long || y instanceof Long) {
            long a = ((Number) x).longValue();
            long b = ((Number) y).longValue();
            switch (op) {
                case "+": return a + b;
                case "-": return a - b;
                case "*": return a * b;
                case "/": return b == 0 ? DIVISION_BY_ZERO : a / b;
                case "%": return b == 0 ? DIVISION_BY_ZERO : a % b;
                case "<": return a < b;
                case "<=": return a <= b;
                case ">": return a > b;
                case ">=": return a >= b;
                case "==": return a == b;
                case "!=": return a != b;
                default: throw new AssertionError(op);
            }
        }
        int a = (Integer) x;
        int b = (Integer) y;
        switch (op) {
            case "+": return a + b;
            case "-": return a - b;
            case "*": return a * b;
            case "/": return b == 0 ? DIVISION_BY_ZERO : a / b;
            case "%": return b == 0 ? DIVISION_BY_ZERO : a % b;
            case "<": return a < b;
            case "<=": return a <= b;
            case ">": return a > b;
            case ">=": return a >= b;
            case "==": return a == b;
            case "!=": return a != b;
            default: throw new AssertionError(op);
        }
    }

    // ---------------------------------------------------------------- printing and parsing back

    private static final Map<String, Object> VARIABLES = Map.of(
            "i", 3, "n", -7L, "x", 2.5, "s", "a\"b", "t", true, "xs", List.of(1, 2, 3));

    /** The value of an evaluation, or the reason it failed. */
    private record Outcome(Object value, String error) {
        static Outcome of(java.util.function.Supplier<Object> evaluation) {
            try {
                return new Outcome(evaluation.get(), null);
            } catch (EvaluationError e) {
                return new Outcome(null, e.getMessage());
            } catch (ExpressionException e) {
                return new Outcome(null, e.reason());
            }
        }
    }

    @Property(tries = 3000)
    void aPrintedTreeParsesBackToTheSameValue(@ForAll("trees") Node tree) {
        StringBuilder out = new StringBuilder();
        tree.print(out);
        String text = out.toString();

        Expression parsed = Expression.parse(text);
        Outcome direct = Outcome.of(() -> tree.eval(VARIABLES));
        Outcome reparsed = Outcome.of(() -> parsed.evaluate(VARIABLES));
        assertThat(reparsed).as(text).isEqualTo(direct);
        Statistics.label("outcome").collect(direct.error != null ? "error" : direct.value.getClass().getSimpleName());

        // Printing is stable once parsed: arrays of literals are built (and widened) when parsed.
        String canonical = parsed.canonical();
        assertThat(Expression.parse(canonical).canonical()).as(text).isEqualTo(canonical);
        assertThat(Outcome.of(() -> Expression.parse(canonical).evaluate(VARIABLES))).as(canonical).isEqualTo(direct);
    }

    /** Constants a variable may hide, and the values it is bound to then. */
    private static final Map<String, Object> HIDDEN_CONSTANTS = Map.of("PI", 3, "e", "e", "NaN", List.of(1));

    /**
     * Bound to slots, a tree evaluates to the value, or fails with the reason, that it does when
     * its variables are looked up in a map; with the names in any order, names it does not use,
     * and constants hidden or not.
     */
    @Property(tries = 2000)
    void aBoundTreeEvaluatesAsItDoesWithAMap(@ForAll("trees") Node tree, @ForAll Random random) {
        StringBuilder out = new StringBuilder();
        tree.print(out);
        Expression expression = Expression.parse(out.toString());
        Map<String, Object> variables = new HashMap<>(VARIABLES);
        HIDDEN_CONSTANTS.forEach((name, value) -> {
            if (random.nextBoolean()) {
                variables.put(name, value);
            }
        });
        List<String> names = new ArrayList<>(variables.keySet());
        names.add("unused");
        Collections.shuffle(names, random);
        Object[] values = names.stream().map(variables::get).toArray();

        Outcome byName = Outcome.of(() -> expression.evaluate(variables));
        Outcome bySlot = Outcome.of(() -> expression.bind(names).evaluate(values));
        assertThat(bySlot).as(out.toString()).isEqualTo(byName);
    }

    /**
     * Random trees up to 4 levels deep, built from a {@link Random} rather than by combining
     * arbitraries: jqwik combines a recursive arbitrary's generators anew for every value, which
     * took seconds per thousand trees. The trees are not shrunk; a failure prints the tree's text.
     */
    @Provide
    Arbitrary<Node> trees() {
        return Arbitraries.randomValue(random -> tree(random, 4)).withoutEdgeCases();
    }

    private static final List<String> NAMES = VARIABLES.keySet().stream().sorted().toList();
    private static final List<String> CONSTANTS = List.of("PI", "e", "MaxInt", "MinLong", "Infinity", "NaN");
    private static final List<Object> SPECIAL_VALUES = List.of(Integer.MIN_VALUE, Integer.MAX_VALUE, Long.MIN_VALUE,
            Long.MAX_VALUE, 0, 0L, -0.0, 0.0, Double.MIN_VALUE, -Double.MAX_VALUE, Double.NEGATIVE_INFINITY,
            Double.POSITIVE_INFINITY, Double.NaN, 1e300, true, false, "", "\"", "\\", "a\nb\t'{}\r");

    private static Node tree(Random random, int depth) {
        int choice = depth == 0 ? 0 : random.nextInt(14);
        if (choice < 3) {
            return leaf(random);
        }
        Node a = tree(random, depth - 1);
        Node b = tree(random, depth - 1);
        if (choice < 8) {
            return new Node.Binary(Op.values()[random.nextInt(Op.values().length)], a, b, 0);
        }
        switch (choice) {
            case 8: return new Node.Negate(a, 0);
            case 9: return new Node.Not(a, 0);
            case 10: return new Node.Conditional(a, b, tree(random, depth - 1), 0);
            case 11: {
                Function f = Function.values()[random.nextInt(Function.values().length)];
                return new Node.Call(f, f.arity == 1 ? List.of(a) : List.of(a, b), 0);
            }
            case 12: {
                List<Node> elements = new ArrayList<>();
                for (int i = random.nextInt(4); i > 0; i--) {
                    elements.add(tree(random, depth - 1));
                }
                return new Node.ArrayOf(elements, 0);
            }
            default:
                return new Node.Index(random.nextBoolean() ? new Node.ArrayOf(List.of(a, b), 0) : a,
                        random.nextBoolean() ? new Node.Literal(random.nextInt(3), 0) : b, 0);
        }
    }

    private static Node leaf(Random random) {
        int choice = random.nextInt(8);
        switch (choice) {
            case 0: return new Node.Literal(SPECIAL_VALUES.get(random.nextInt(SPECIAL_VALUES.size())), 0);
            case 1: return new Node.Literal(random.nextInt(7) - 3, 0);
            case 2: return new Node.Literal(random.nextBoolean() ? random.nextInt() : random.nextLong(), 0);
            case 3: return new Node.Literal(random.nextBoolean() ? random.nextDouble() * 100 - 50
                    : Double.longBitsToDouble(random.nextLong()), 0);
            case 4:
            case 5:
            case 6: return new Node.Variable(NAMES.get(random.nextInt(NAMES.size())), 0);
            default: {
                String name = CONSTANTS.get(random.nextInt(CONSTANTS.size()));
                return new Node.Constant(name, Expression.parse(name).evaluate(Map.of()), 0);
            }
        }
    }
}
