package io.sluice.actors.expression;

import io.sluice.actors.expression.Token.Kind;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * A recursive-descent parser, one method per precedence level, reading tokens from a
 * {@link Lexer}; the grammar is in {@code docs/expressions.md}. Names are resolved by
 * {@link Names} and {@link Function#named}. Used once per text, on one thread.
 */
final class Parser {
    /** How deeply parentheses, braces, calls and unary operators may nest. */
    static final int MAX_NESTING = 200;
    /** How deep the tree may be, so that evaluating it cannot overflow a thread's stack. */
    static final int MAX_DEPTH = 1000;

    private final String text;
    private final Lexer lexer;
    private Token token;
    private int nesting;

    private Parser(String text) {
        this.text = text;
        this.lexer = new Lexer(text);
    }

    /** Parses a whole expression. @throws ExpressionException on a syntax error */
    static Node parse(String text) {
        Parser parser = new Parser(text);
        parser.advance();
        Node root = parser.conditional();
        if (parser.token.kind() != Kind.END) {
            Token t = parser.token;
            throw parser.error(t.column(), t.is(")") ? "unmatched ')'"
                    : "expected an operator or end of expression but found " + t.describe());
        }
        checkDepth(root, text);
        return root;
    }

    // ---------------------------------------------------------------- grammar

    private Node conditional() {
        Node condition = logicalOr();
        if (!token.is("?")) {
            return condition;
        }
        int column = token.column();
        advance();
        nest(column);
        Node then = conditional();
        expect(":");
        Node otherwise = conditional();
        nesting--;
        return new Node.Conditional(condition, then, otherwise, column);
    }

    private Node logicalOr() {
        Node left = logicalAnd();
        while (token.is("||")) {
            int column = token.column();
            advance();
            left = new Node.Binary(Op.OR, left, logicalAnd(), column);
        }
        return left;
    }

    private Node logicalAnd() {
        Node left = equality();
        while (token.is("&&")) {
            int column = token.column();
            advance();
            left = new Node.Binary(Op.AND, left, equality(), column);
        }
        return left;
    }

    private Node equality() {
        Node left = relational();
        Op op = token.is("==") ? Op.EQ : token.is("!=") ? Op.NE : null;
        if (op == null) {
            return left;
        }
        int column = token.column();
        advance();
        Node node = new Node.Binary(op, left, relational(), column);
        if (token.is("==") || token.is("!=")) {
            throw error(token.column(), "'" + token.text() + "' cannot follow another '" + op.symbol
                    + "' without parentheses: comparisons do not chain");
        }
        return node;
    }

    private Node relational() {
        Node left = additive();
        Op op = relationalOp();
        if (op == null) {
            return left;
        }
        int column = token.column();
        advance();
        Node node = new Node.Binary(op, left, additive(), column);
        if (relationalOp() != null) {
            throw error(token.column(), "'" + token.text() + "' cannot follow another '" + op.symbol
                    + "' without parentheses: comparisons do not chain");
        }
        return node;
    }

    private Op relationalOp() {
        if (token.kind() != Kind.OPERATOR) {
            return null;
        }
        switch (token.text()) {
            case "<": return Op.LT;
            case "<=": return Op.LE;
            case ">": return Op.GT;
            case ">=": return Op.GE;
            default: return null;
        }
    }

    private Node additive() {
        Node left = multiplicative();
        while (token.is("+") || token.is("-")) {
            Op op = token.is("+") ? Op.ADD : Op.SUB;
            int column = token.column();
            advance();
            left = new Node.Binary(op, left, multiplicative(), column);
        }
        return left;
    }

    private Node multiplicative() {
        Node left = power();
        while (token.is("*") || token.is("/") || token.is("%")) {
            Op op = token.is("*") ? Op.MUL : token.is("/") ? Op.DIV : Op.MOD;
            int column = token.column();
            advance();
            left = new Node.Binary(op, left, power(), column);
        }
        return left;
    }

    /** {@code ^} groups to the left, as Ptolemy evaluates it: {@code 2^3^2} is 64. */
    private Node power() {
        Node left = unary();
        while (token.is("^")) {
            int column = token.column();
            advance();
            left = new Node.Binary(Op.POW, left, unary(), column);
        }
        return left;
    }

    /**
     * Unary operators bind tighter than {@code ^}, as in Ptolemy: {@code -2^2} is 4. A minus
     * directly before a number is part of it, so that {@code -2147483648} is an int.
     */
    private Node unary() {
        if (!token.is("-") && !token.is("!")) {
            return postfix();
        }
        Token operator = token;
        advance();
        if (operator.is("-") && token.kind() == Kind.NUMBER) {
            Token number = token;
            advance();
            Object negative = lexer.number(number, true);
            // Not in -0, which is 0, nor in -5(i), which is -(5(i)): there the minus stays an
            // operator, so that the tree prints back as it was written.
            if (!token.is("(") && Values.literal(negative).startsWith("-")) {
                return new Node.Literal(negative, operator.column());
            }
            return new Node.Negate(postfixOf(new Node.Literal(lexer.number(number, false), number.column())), operator.column());
        }
        nest(operator.column());
        Node operand = unary();
        nesting--;
        return operator.is("-") ? new Node.Negate(operand, operator.column()) : new Node.Not(operand, operator.column());
    }

    private Node postfix() {
        return postfixOf(primary());
    }

    /** Any number of {@code (index)} after an operand: {@code {1, 2}(0)}, {@code m(0)(1)}. */
    private Node postfixOf(Node node) {
        while (token.is("(")) {
            int column = token.column();
            advance();
            nest(column);
            Node index = conditional();
            if (token.is(",")) {
                throw error(token.column(), "expected ')' but found ',': an array takes one index");
            }
            expect(")");
            nesting--;
            node = new Node.Index(node, index, column);
        }
        return node;
    }

    private Node primary() {
        Token t = token;
        switch (t.kind()) {
            case NUMBER:
                advance();
                return new Node.Literal(lexer.number(t, false), t.column());
            case STRING:
                advance();
                return new Node.Literal(t.value(), t.column());
            case IDENTIFIER:
                advance();
                return identifier(t);
            case OPERATOR:
                if (t.is("(")) {
                    advance();
                    nest(t.column());
                    Node inner = conditional();
                    expect(")");
                    nesting--;
                    return inner;
                }
                if (t.is("{")) {
                    return array();
                }
                break;
            default:
                break;
        }
        throw error(t.column(), "expected an operand but found " + t.describe());
    }

    private Node identifier(Token name) {
        Boolean bool = Names.bool(name.text());
        if (bool != null) {
            return new Node.Literal(bool, name.column());
        }
        if (!token.is("(")) {
            return Names.operand(name.text(), name.column());
        }
        int open = token.column();
        advance();
        nest(open);
        List<Node> arguments = new ArrayList<>();
        if (!token.is(")")) {
            arguments.add(conditional());
            while (token.is(",")) {
                advance();
                arguments.add(conditional());
            }
        }
        expect(")");
        nesting--;
        Function function = Function.named(name.text());
        if (function == null) {
            if (arguments.size() != 1) {
                throw error(name.column(), "unknown function '" + name.text() + "'; the functions are " + Function.names());
            }
            // name(i) indexes the array variable name, as in Ptolemy
            return new Node.Index(Names.operand(name.text(), name.column()), arguments.get(0), name.column());
        }
        if (arguments.size() != function.arity) {
            throw error(name.column(), "function '" + function.name + "' takes " + function.arity
                    + (function.arity == 1 ? " argument" : " arguments") + ", not " + arguments.size());
        }
        return new Node.Call(function, arguments, name.column());
    }

    private Node array() {
        int column = token.column();
        advance();
        nest(column);
        List<Node> elements = new ArrayList<>();
        if (!token.is("}")) {
            elements.add(conditional());
            while (token.is(",")) {
                advance();
                elements.add(conditional());
            }
        }
        expect("}");
        nesting--;
        // An array of literals is built once, here, rather than at every evaluation.
        boolean literal = true;
        for (Node e : elements) {
            literal &= e instanceof Node.Literal;
        }
        if (literal) {
            Object[] values = new Object[elements.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = ((Node.Literal) elements.get(i)).value();
            }
            return new Node.Literal(Values.array(values), column);
        }
        return new Node.ArrayOf(elements, column);
    }

    private void advance() {
        token = lexer.next();
    }

    private void expect(String operator) {
        if (!token.is(operator)) {
            throw error(token.column(), "expected '" + operator + "' but found " + token.describe());
        }
        advance();
    }

    private void nest(int column) {
        if (++nesting > MAX_NESTING) {
            throw error(column, "expression nested more than " + MAX_NESTING + " levels deep");
        }
    }

    private ExpressionException error(int column, String reason) {
        return new ExpressionException(reason, column, text);
    }

    /** Rejects a tree deeper than {@link #MAX_DEPTH} (a long chain such as 1+1+...+1). */
    private static void checkDepth(Node root, String text) {
        Deque<Node> nodes = new ArrayDeque<>();
        Deque<Integer> depths = new ArrayDeque<>();
        nodes.push(root);
        depths.push(1);
        while (!nodes.isEmpty()) {
            Node node = nodes.pop();
            int depth = depths.pop();
            if (depth > MAX_DEPTH) {
                throw new ExpressionException("expression more than " + MAX_DEPTH + " operators deep", node.column(), text);
            }
            for (Node child : node.children()) {
                nodes.push(child);
                depths.push(depth + 1);
            }
        }
    }
}
