package io.sluice.actors.expression;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A node of a parsed expression's tree. Nodes are immutable; evaluating one evaluates its
 * children and applies its operation, with no reflection and no lookup by name.
 *
 * <p>The parser builds a tree whose variables have no slot yet; {@link #bind} gives every
 * variable its slot, the index of its value in the array {@link #eval(Object[])} takes, and fails
 * on a variable that has none. Only a bound tree is evaluated.
 *
 * <p>Every node also prints itself back as text, with the fewest parentheses that keep its shape:
 * parsing the printed text gives a tree that evaluates to the same value.
 */
sealed interface Node {
    // Precedences, loosest first: a child printed in a slot that needs a tighter one is
    // parenthesised.
    int TERNARY = 1;
    int OR = 2;
    int AND = 3;
    int EQUALITY = 4;
    int RELATIONAL = 5;
    int ADDITIVE = 6;
    int MULTIPLICATIVE = 7;
    int POWER = 8;
    int UNARY = 9;
    int POSTFIX = 10;
    int PRIMARY = 11;

    /**
     * Evaluates the node of a bound tree, {@code values[i]} the value of the variable in slot
     * {@code i}.
     *
     * @throws EvaluationError naming what went wrong and where; an {@link UnboundVariable} if a
     *     variable's value is null
     */
    Object eval(Object[] values);

    /**
     * The node with its variables, and those of its children, given their slots.
     *
     * @throws EvaluationError naming the first variable, leftmost first, that has no slot
     */
    Node bind(Slots slots);

    /**
     * Binds the tree to the names it uses and evaluates it with their values in {@code variables},
     * failing as {@link Expression#evaluate} does: for trees built by hand. An expression binds its
     * tree once.
     */
    default Object eval(Map<String, ?> variables) {
        Slots slots = Slots.namesIn(this);
        return slots.evaluate(bind(slots), variables);
    }

    /** The 1-based column of the node's operator or first character; 0 for a node built by hand. */
    int column();

    /** The precedence of the node's operator, one of the constants above. */
    int precedence();

    /** Appends the node as text. */
    void print(StringBuilder out);

    /** The node's operands, in order. */
    List<Node> children();

    /** Prints {@code child}, in parentheses if it binds more loosely than {@code precedence}. */
    static void printChild(StringBuilder out, Node child, int precedence) {
        if (child.precedence() < precedence) {
            out.append('(');
            child.print(out);
            out.append(')');
        } else {
            child.print(out);
        }
    }

    /** Visits the tree's nodes, each before its children, the leftmost child first. */
    static void forEach(Node root, Consumer<Node> visit) {
        Deque<Node> pending = new ArrayDeque<>();
        pending.push(root);
        while (!pending.isEmpty()) {
            Node node = pending.pop();
            visit.accept(node);
            List<Node> children = node.children();
            for (int i = children.size() - 1; i >= 0; i--) { // leftmost first
                pending.push(children.get(i));
            }
        }
    }

    /** The nodes bound to {@code slots}, in order. */
    static List<Node> bindAll(List<Node> nodes, Slots slots) {
        List<Node> bound = new ArrayList<>(nodes.size());
        for (Node node : nodes) {
            bound.add(node.bind(slots));
        }
        return bound;
    }

    /** A number, string or boolean written in the expression, or an array of them. */
    record Literal(Object value, int column) implements Node {
        @Override
        public Object eval(Object[] values) {
            return value;
        }

        @Override
        public Node bind(Slots slots) {
            return this;
        }

        @Override
        public int precedence() {
            String text = Values.literal(value);
            return text.startsWith("-") ? UNARY : PRIMARY;
        }

        @Override
        public void print(StringBuilder out) {
            Values.appendLiteral(out, value);
        }

        @Override
        public List<Node> children() {
            return List.of();
        }
    }

    /** A variable: its value is the one in its slot, -1 until the tree is bound. */
    record Variable(String name, int slot, int column) implements Node {
        /** A variable not yet bound to a slot. */
        Variable(String name, int column) {
            this(name, -1, column);
        }

        @Override
        public Object eval(Object[] values) {
            Object value = values[slot];
            if (value == null) {
                throw new UnboundVariable(name, "unknown variable '" + name + "'", column);
            }
            return value;
        }

        @Override
        public Node bind(Slots slots) {
            return new Variable(name, slots.variable(name, "unknown variable '" + name + "'", column), column);
        }

        @Override
        public int precedence() {
            return PRIMARY;
        }

        @Override
        public void print(StringBuilder out) {
            out.append(name);
        }

        @Override
        public List<Node> children() {
            return List.of();
        }
    }

    /**
     * A named constant such as {@code PI}; a variable of the same name, when one has a slot and a
     * value in it, hides it (so that an input named {@code e} can be used). Its slot is -1 when
     * there is no such variable.
     */
    record Constant(String name, Object value, int slot, int column) implements Node {
        /** A constant not yet bound. */
        Constant(String name, Object value, int column) {
            this(name, value, -1, column);
        }

        @Override
        public Object eval(Object[] values) {
            Object bound = slot < 0 ? null : values[slot];
            return bound != null ? bound : value;
        }

        @Override
        public Node bind(Slots slots) {
            return new Constant(name, value, slots.indexOf(name), column);
        }

        @Override
        public int precedence() {
            return PRIMARY;
        }

        @Override
        public void print(StringBuilder out) {
            out.append(name);
        }

        @Override
        public List<Node> children() {
            return List.of();
        }
    }

    /** An array construction {@code {a, b, c}} whose elements are not all literals. */
    record ArrayOf(List<Node> elements, int column) implements Node {
        public ArrayOf {
            elements = List.copyOf(elements);
        }

        @Override
        public Object eval(Object[] values) {
            Object[] array = new Object[elements.size()];
            for (int i = 0; i < array.length; i++) {
                array[i] = elements.get(i).eval(values);
            }
            return Values.array(array);
        }

        @Override
        public Node bind(Slots slots) {
            return new ArrayOf(bindAll(elements, slots), column);
        }

        @Override
        public int precedence() {
            return PRIMARY;
        }

        @Override
        public void print(StringBuilder out) {
            out.append('{');
            for (int i = 0; i < elements.size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                printChild(out, elements.get(i), TERNARY);
            }
            out.append('}');
        }

        @Override
        public List<Node> children() {
            return elements;
        }
    }

    /** Unary minus. */
    record Negate(Node operand, int column) implements Node {
        @Override
        public Object eval(Object[] values) {
            return Values.negate(operand.eval(values), column);
        }

        @Override
        public Node bind(Slots slots) {
            return new Negate(operand.bind(slots), column);
        }

        @Override
        public int precedence() {
            return UNARY;
        }

        @Override
        public void print(StringBuilder out) {
            out.append('-');
            printChild(out, operand, UNARY);
        }

        @Override
        public List<Node> children() {
            return List.of(operand);
        }
    }

    /** Logical not. */
    record Not(Node operand, int column) implements Node {
        @Override
        public Object eval(Object[] values) {
            return !Values.bool(operand.eval(values), "'!'", column);
        }

        @Override
        public Node bind(Slots slots) {
            return new Not(operand.bind(slots), column);
        }

        @Override
        public int precedence() {
            return UNARY;
        }

        @Override
        public void print(StringBuilder out) {
            out.append('!');
            printChild(out, operand, UNARY);
        }

        @Override
        public List<Node> children() {
            return List.of(operand);
        }
    }

    /** A binary operator; {@code &&} and {@code ||} evaluate their right operand only if needed. */
    record Binary(Op op, Node left, Node right, int column) implements Node {
        @Override
        public Object eval(Object[] values) {
            switch (op) {
                case AND:
                    return Values.bool(left.eval(values), "'&&'", column)
                            && Values.bool(right.eval(values), "'&&'", column);
                case OR:
                    return Values.bool(left.eval(values), "'||'", column)
                            || Values.bool(right.eval(values), "'||'", column);
                default:
                    break;
            }
            Object a = left.eval(values);
            Object b = right.eval(values);
            switch (op) {
                case EQ: return Values.equal(a, b);
                case NE: return !Values.equal(a, b);
                case LT:
                case LE:
                case GT:
                case GE: return Values.compare(op, a, b, column);
                case POW: return Values.power(a, b, column);
                default: return Values.arithmetic(op, a, b, column);
            }
        }

        @Override
        public Node bind(Slots slots) {
            return new Binary(op, left.bind(slots), right.bind(slots), column);
        }

        @Override
        public int precedence() {
            return op.precedence;
        }

        @Override
        public void print(StringBuilder out) {
            int p = op.precedence;
            // Chains group to the left: the left operand may be of the same precedence.
            printChild(out, left, op.chains() ? p : p + 1);
            out.append(' ').append(op.symbol).append(' ');
            printChild(out, right, p + 1);
        }

        @Override
        public List<Node> children() {
            return List.of(left, right);
        }
    }

    /** {@code condition ? then : otherwise}; evaluates only the branch chosen. */
    record Conditional(Node condition, Node then, Node otherwise, int column) implements Node {
        @Override
        public Object eval(Object[] values) {
            return Values.bool(condition.eval(values), "the condition of '?'", column)
                    ? then.eval(values) : otherwise.eval(values);
        }

        @Override
        public Node bind(Slots slots) {
            return new Conditional(condition.bind(slots), then.bind(slots), otherwise.bind(slots), column);
        }

        @Override
        public int precedence() {
            return TERNARY;
        }

        @Override
        public void print(StringBuilder out) {
            printChild(out, condition, OR);
            out.append(" ? ");
            printChild(out, then, TERNARY);
            out.append(" : ");
            printChild(out, otherwise, TERNARY);
        }

        @Override
        public List<Node> children() {
            return List.of(condition, then, otherwise);
        }
    }

    /** A call of a built-in function, its arguments as many as it takes. */
    record Call(Function function, List<Node> arguments, int column) implements Node {
        public Call {
            arguments = List.copyOf(arguments);
            if (arguments.size() != function.arity) {
                throw new IllegalArgumentException(function.name + " takes " + function.arity + " arguments");
            }
        }

        @Override
        public Object eval(Object[] values) {
            Object x = arguments.get(0).eval(values);
            return function.arity == 1 ? function.apply(x, column)
                    : function.apply(x, arguments.get(1).eval(values), column);
        }

        @Override
        public Node bind(Slots slots) {
            return new Call(function, bindAll(arguments, slots), column);
        }

        @Override
        public int precedence() {
            return POSTFIX;
        }

        @Override
        public void print(StringBuilder out) {
            out.append(function.name).append('(');
            for (int i = 0; i < arguments.size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                printChild(out, arguments.get(i), TERNARY);
            }
            out.append(')');
        }

        @Override
        public List<Node> children() {
            return arguments;
        }
    }

    /** Element access {@code array(index)}, 0-based. */
    record Index(Node array, Node index, int column) implements Node {
        @Override
        public Object eval(Object[] values) {
            Object list;
            if (array instanceof Variable) {
                Variable variable = (Variable) array;
                list = values[variable.slot()];
                if (list == null) {
                    throw new UnboundVariable(variable.name(), unknown(variable.name()), column);
                }
            } else {
                list = array.eval(values);
            }
            return Values.index(list, index.eval(values), column);
        }

        @Override
        public Node bind(Slots slots) {
            if (array instanceof Variable) {
                Variable variable = (Variable) array;
                int slot = slots.variable(variable.name(), unknown(variable.name()), column);
                return new Index(new Variable(variable.name(), slot, variable.column()), index.bind(slots), column);
            }
            return new Index(array.bind(slots), index.bind(slots), column);
        }

        /** name(i) where name is not a function: say both, for a misspelt function. */
        private static String unknown(String name) {
            return "unknown function or array variable '" + name + "'";
        }

        @Override
        public int precedence() {
            return POSTFIX;
        }

        @Override
        public void print(StringBuilder out) {
            if (array instanceof Variable && Function.named(((Variable) array).name()) != null) {
                // abs(0) would call the function: (abs)(0) indexes the variable abs
                out.append('(');
                array.print(out);
                out.append(')');
            } else {
                printChild(out, array, POSTFIX);
            }
            out.append('(');
            printChild(out, index, TERNARY);
            out.append(')');
        }

        @Override
        public List<Node> children() {
            return List.of(array, index);
        }
    }
}
