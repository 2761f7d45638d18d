package io.sluice.actors.expression;

import java.util.List;
import java.util.Map;

/**
 * A node of a parsed expression's tree. Nodes are immutable; evaluating one evaluates its
 * children and applies its operation, with no reflection and no lookup other than a variable's
 * in the map given.
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
     * Evaluates the node.
     *
     * @throws EvaluationError naming what went wrong and where
     */
    Object eval(Map<String, ?> variables);

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

    /** The value of a variable, or the error that says it is not bound. */
    static Object lookup(Map<String, ?> variables, String name, int column) {
        Object value = variables.get(name);
        if (value == null) {
            throw unbound(variables, name, "unknown variable '" + name + "'", column);
        }
        return value;
    }

    static EvaluationError unbound(Map<String, ?> variables, String name, String what, int column) {
        if (variables.containsKey(name)) {
            return new EvaluationError("variable '" + name + "' is null", column);
        }
        String bound = variables.keySet().stream().sorted().limit(20).reduce((a, b) -> a + ", " + b).orElse(null);
        return new EvaluationError(what + (bound == null ? "; no variables are bound"
                : "; bound are " + bound + (variables.size() > 20 ? ", ..." : "")), column);
    }

    /** A number, string or boolean written in the expression, or an array of them. */
    record Literal(Object value, int column) implements Node {
        @Override
        public Object eval(Map<String, ?> variables) {
            return value;
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

    /** A variable: its value is looked up in the map given at evaluation. */
    record Variable(String name, int column) implements Node {
        @Override
        public Object eval(Map<String, ?> variables) {
            return lookup(variables, name, column);
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
     * A named constant such as {@code PI}; a variable of the same name, when one is bound,
     * hides it (so that an input named {@code e} can be used).
     */
    record Constant(String name, Object value, int column) implements Node {
        @Override
        public Object eval(Map<String, ?> variables) {
            Object bound = variables.get(name);
            return bound != null ? bound : value;
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
        public Object eval(Map<String, ?> variables) {
            Object[] values = new Object[elements.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = elements.get(i).eval(variables);
            }
            return Values.array(values);
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
        public Object eval(Map<String, ?> variables) {
            return Values.negate(operand.eval(variables), column);
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
        public Object eval(Map<String, ?> variables) {
            return !Values.bool(operand.eval(variables), "'!'", column);
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
        public Object eval(Map<String, ?> variables) {
            switch (op) {
                case AND:
                    return Values.bool(left.eval(variables), "'&&'", column)
                            && Values.bool(right.eval(variables), "'&&'", column);
                case OR:
                    return Values.bool(left.eval(variables), "'||'", column)
                            || Values.bool(right.eval(variables), "'||'", column);
                default:
                    break;
            }
            Object a = left.eval(variables);
            Object b = right.eval(variables);
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
        public Object eval(Map<String, ?> variables) {
            return Values.bool(condition.eval(variables), "the condition of '?'", column)
                    ? then.eval(variables) : otherwise.eval(variables);
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
        public Object eval(Map<String, ?> variables) {
            Object x = arguments.get(0).eval(variables);
            return function.arity == 1 ? function.apply(x, column)
                    : function.apply(x, arguments.get(1).eval(variables), column);
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
        public Object eval(Map<String, ?> variables) {
            Object list;
            if (array instanceof Variable) {
                // name(i) where name is not a function: say both, for a misspelt function
                String name = ((Variable) array).name();
                list = variables.get(name);
                if (list == null) {
                    throw unbound(variables, name, "unknown function or array variable '" + name + "'", column);
                }
            } else {
                list = array.eval(variables);
            }
            return Values.index(list, index.eval(variables), column);
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
