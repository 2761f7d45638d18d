package io.sluice.actors.expression;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A recursive-descent parser, one method per precedence level, reading tokens from a lexer built
 * in; the grammar is in {@code docs/expressions.md}. Used once per text, on one thread.
 */
final class Parser {
    /** How deeply parentheses, braces, calls and unary operators may nest. */
    static final int MAX_NESTING = 200;
    /** How deep the tree may be, so that evaluating it cannot overflow a thread's stack. */
    static final int MAX_DEPTH = 1000;

    private static final Map<String, Object> CONSTANTS = new HashMap<>();

    static {
        CONSTANTS.put("PI", Math.PI);
        CONSTANTS.put("pi", Math.PI);
        CONSTANTS.put("E", Math.E);
        CONSTANTS.put("e", Math.E);
        CONSTANTS.put("Infinity", Double.POSITIVE_INFINITY);
        CONSTANTS.put("PositiveInfinity", Double.POSITIVE_INFINITY);
        CONSTANTS.put("NegativeInfinity", Double.NEGATIVE_INFINITY);
        CONSTANTS.put("NaN", Double.NaN);
        CONSTANTS.put("MaxInt", Integer.MAX_VALUE);
        CONSTANTS.put("MinInt", Integer.MIN_VALUE);
        CONSTANTS.put("MaxLong", Long.MAX_VALUE);
        CONSTANTS.put("MinLong", Long.MIN_VALUE);
        CONSTANTS.put("MaxDouble", Double.MAX_VALUE);
        CONSTANTS.put("MinDouble", Double.MIN_VALUE);
    }

    private enum Kind { NUMBER, STRING, IDENTIFIER, OPERATOR, END }

    /**
     * A token: {@code text} is the source text (an operator's symbol); {@code value} the string
     * of a string literal.
     */
    private record Token(Kind kind, String text, String value, int column) {
        boolean is(String operator) {
            return kind == Kind.OPERATOR && text.equals(operator);
        }

        String describe() {
            switch (kind) {
                case END: return "end of expression";
                case NUMBER: return "number " + text;
                case STRING: return "string " + text;
                case IDENTIFIER: return "'" + text + "'";
                default: return "'" + text + "'";
            }
        }
    }

    private final String text;
    private int pos;
    private Token token;
    private int nesting;

    private Parser(String text) {
        this.text = text;
    }

    /** Parses a whole expression. @throws ExpressionException on a syntax error */
    static Node parse(String text) {
        Parser parser = new Parser(text);
        parser.advance();
        Node root = parser.conditional();
        if (parser.token.kind != Kind.END) {
            Token t = parser.token;
            throw parser.error(t.column, t.is(")") ? "unmatched ')'"
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
        int column = token.column;
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
            int column = token.column;
            advance();
            left = new Node.Binary(Op.OR, left, logicalAnd(), column);
        }
        return left;
    }

    private Node logicalAnd() {
        Node left = equality();
        while (token.is("&&")) {
            int column = token.column;
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
        int column = token.column;
        advance();
        Node node = new Node.Binary(op, left, relational(), column);
        if (token.is("==") || token.is("!=")) {
            throw error(token.column, "'" + token.text + "' cannot follow another '" + op.symbol
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
        int column = token.column;
        advance();
        Node node = new Node.Binary(op, left, additive(), column);
        if (relationalOp() != null) {
            throw error(token.column, "'" + token.text + "' cannot follow another '" + op.symbol
                    + "' without parentheses: comparisons do not chain");
        }
        return node;
    }

    private Op relationalOp() {
        if (token.kind != Kind.OPERATOR) {
            return null;
        }
        switch (token.text) {
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
            int column = token.column;
            advance();
            left = new Node.Binary(op, left, multiplicative(), column);
        }
        return left;
    }

    private Node multiplicative() {
        Node left = power();
        while (token.is("*") || token.is("/") || token.is("%")) {
            Op op = token.is("*") ? Op.MUL : token.is("/") ? Op.DIV : Op.MOD;
            int column = token.column;
            advance();
            left = new Node.Binary(op, left, power(), column);
        }
        return left;
    }

    /** {@code ^} groups to the left, as Ptolemy evaluates it: {@code 2^3^2} is 64. */
    private Node power() {
        Node left = unary();
        while (token.is("^")) {
            int column = token.column;
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
        if (operator.is("-") && token.kind == Kind.NUMBER) {
            Token number = token;
            advance();
            Object negative = number(number, true);
            // Not in -0, which is 0, nor in -5(i), which is -(5(i)): there the minus stays an
            // operator, so that the tree prints back as it was written.
            if (!token.is("(") && Values.literal(negative).startsWith("-")) {
                return new Node.Literal(negative, operator.column);
            }
            return new Node.Negate(postfixOf(new Node.Literal(number(number, false), number.column)), operator.column);
        }
        nest(operator.column);
        Node operand = unary();
        nesting--;
        return operator.is("-") ? new Node.Negate(operand, operator.column) : new Node.Not(operand, operator.column);
    }

    private Node postfix() {
        return postfixOf(primary());
    }

    /** Any number of {@code (index)} after an operand: {@code {1, 2}(0)}, {@code m(0)(1)}. */
    private Node postfixOf(Node node) {
        while (token.is("(")) {
            int column = token.column;
            advance();
            nest(column);
            Node index = conditional();
            if (token.is(",")) {
                throw error(token.column, "expected ')' but found ',': an array takes one index");
            }
            expect(")");
            nesting--;
            node = new Node.Index(node, index, column);
        }
        return node;
    }

    private Node primary() {
        Token t = token;
        switch (t.kind) {
            case NUMBER:
                advance();
                return new Node.Literal(number(t, false), t.column);
            case STRING:
                advance();
                return new Node.Literal(t.value, t.column);
            case IDENTIFIER:
                advance();
                return identifier(t);
            case OPERATOR:
                if (t.is("(")) {
                    advance();
                    nest(t.column);
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
        throw error(t.column, "expected an operand but found " + t.describe());
    }

    private Node identifier(Token name) {
        switch (name.text) {
            case "true":
            case "TRUE":
            case "True":
                return new Node.Literal(Boolean.TRUE, name.column);
            case "false":
            case "FALSE":
            case "False":
                return new Node.Literal(Boolean.FALSE, name.column);
            default:
                break;
        }
        if (!token.is("(")) {
            return nameOperand(name);
        }
        int open = token.column;
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
        Function function = Function.named(name.text);
        if (function == null) {
            if (arguments.size() != 1) {
                throw error(name.column, "unknown function '" + name.text + "'; the functions are " + Function.names());
            }
            // name(i) indexes the array variable name, as in Ptolemy
            return new Node.Index(nameOperand(name), arguments.get(0), name.column);
        }
        if (arguments.size() != function.arity) {
            throw error(name.column, "function '" + function.name + "' takes " + function.arity
                    + (function.arity == 1 ? " argument" : " arguments") + ", not " + arguments.size());
        }
        return new Node.Call(function, arguments, name.column);
    }

    /** A name as an operand: a constant if there is one by that name, else a variable. */
    private static Node nameOperand(Token name) {
        Object constant = CONSTANTS.get(name.text);
        return constant != null ? new Node.Constant(name.text, constant, name.column)
                : new Node.Variable(name.text, name.column);
    }

    private Node array() {
        int column = token.column;
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

    private void expect(String operator) {
        if (!token.is(operator)) {
            throw error(token.column, "expected '" + operator + "' but found " + token.describe());
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

    // ---------------------------------------------------------------- numbers

    /** The value of a number token: Integer, Long or Double; {@code negative} if a '-' preceded it. */
    private Object number(Token t, boolean negative) {
        String s = t.text;
        char last = Character.toLowerCase(s.charAt(s.length() - 1));
        boolean hex = s.length() > 1 && s.charAt(0) == '0' && (s.charAt(1) == 'x' || s.charAt(1) == 'X');
        if (!hex && (s.indexOf('.') >= 0 || s.indexOf('e') >= 0 || s.indexOf('E') >= 0 || last == 'd' || last == 'f')) {
            String digits = last == 'd' || last == 'f' ? s.substring(0, s.length() - 1) : s;
            double d = Double.parseDouble(digits);
            return negative ? -d : d;
        }
        boolean mustBeLong = last == 'l';
        String digits = mustBeLong ? s.substring(0, s.length() - 1) : s;
        int radix = 10;
        if (hex) {
            radix = 16;
            digits = digits.substring(2);
        } else if (digits.length() > 1 && digits.charAt(0) == '0') {
            radix = 8; // a leading 0 makes an octal number, as in Ptolemy and Java
        }
        String signed = negative ? "-" + digits : digits;
        if (!mustBeLong) {
            try {
                return Integer.parseInt(signed, radix);
            } catch (NumberFormatException tooLargeForAnInt) {
                // a long, then
            }
        }
        try {
            return Long.parseLong(signed, radix);
        } catch (NumberFormatException e) {
            throw error(t.column, "number " + (negative ? "-" : "") + s + " is too large for a long");
        }
    }

    // ---------------------------------------------------------------- lexer

    private void advance() {
        token = next();
    }

    private Token next() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
        int start = pos;
        int column = start + 1;
        if (pos >= text.length()) {
            return new Token(Kind.END, "", null, column);
        }
        char c = text.charAt(pos);
        if (isDigit(c) || c == '.' && pos + 1 < text.length() && isDigit(text.charAt(pos + 1))) {
            return numberToken();
        }
        if (isIdentifierStart(c)) {
            pos++;
            while (pos < text.length() && isIdentifierPart(text.charAt(pos))) {
                pos++;
            }
            return new Token(Kind.IDENTIFIER, text.substring(start, pos), null, column);
        }
        if (c == '"' || c == '\'') {
            return stringToken(c);
        }
        String two = pos + 1 < text.length() ? text.substring(pos, pos + 2) : "";
        switch (two) {
            case "<=":
            case ">=":
            case "==":
            case "!=":
            case "&&":
            case "||":
                pos += 2;
                return new Token(Kind.OPERATOR, two, null, column);
            case "<<":
            case ">>":
                throw error(column, "operator '" + two + "' is not supported");
            default:
                break;
        }
        switch (c) {
            case '+': case '-': case '*': case '/': case '%': case '^':
            case '<': case '>': case '!': case '?': case ':':
            case '(': case ')': case '{': case '}': case ',':
                pos++;
                return new Token(Kind.OPERATOR, String.valueOf(c), null, column);
            case '&': case '|': case '#': case '~':
                throw error(column, "operator '" + c + "' is not supported");
            case '[': case ']':
                throw error(column, "matrices ('" + c + "') are not supported");
            case '=':
                throw error(column, "unexpected '=': use '==' to compare");
            default:
                throw error(column, "unexpected character '" + c + "'");
        }
    }

    /**
     * A number: decimal, octal (leading 0) or hex ({@code 0x}) integer with an optional
     * {@code L}; or a double {@code 1.5}, {@code .5}, {@code 1e3}, {@code 1.5e-3}, with an
     * optional {@code d} or {@code f}. A number followed directly by a letter or digit it cannot
     * take is malformed, e.g. {@code 1i} or {@code 08}.
     */
    private Token numberToken() {
        int start = pos;
        boolean isDouble = false;
        boolean valid = true;
        if (text.startsWith("0x", pos) || text.startsWith("0X", pos)) {
            pos += 2;
            int digits = pos;
            while (pos < text.length() && Character.digit(text.charAt(pos), 16) >= 0) {
                pos++;
            }
            valid = pos > digits;
        } else {
            skipDigits();
            if (pos + 1 < text.length() && text.charAt(pos) == '.' && isDigit(text.charAt(pos + 1))) {
                isDouble = true;
                pos++;
                skipDigits();
            }
            if (pos < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
                int exponent = pos + 1;
                if (exponent < text.length() && (text.charAt(exponent) == '+' || text.charAt(exponent) == '-')) {
                    exponent++;
                }
                if (exponent < text.length() && isDigit(text.charAt(exponent))) {
                    isDouble = true;
                    pos = exponent;
                    skipDigits();
                }
            }
            if (!isDouble && text.charAt(start) == '0' && pos - start > 1) {
                for (int i = start + 1; i < pos; i++) {
                    valid &= text.charAt(i) <= '7';
                }
            }
        }
        if (pos < text.length()) {
            char suffix = Character.toLowerCase(text.charAt(pos));
            boolean hex = text.charAt(start) == '0' && pos > start + 1 && Character.toLowerCase(text.charAt(start + 1)) == 'x';
            if (suffix == 'l' && !isDouble || (suffix == 'd' || suffix == 'f') && !hex) {
                pos++;
            }
        }
        if (pos < text.length() && (isIdentifierPart(text.charAt(pos)) || text.charAt(pos) == '.')) {
            valid = false;
            while (pos < text.length() && (isIdentifierPart(text.charAt(pos)) || text.charAt(pos) == '.')) {
                pos++;
            }
        }
        String number = text.substring(start, pos);
        if (!valid) {
            throw error(start + 1, "malformed number '" + number + "'"
                    + (number.matches("0[0-9]+") ? " (a leading 0 makes an octal number)" : ""));
        }
        return new Token(Kind.NUMBER, number, null, start + 1);
    }

    private void skipDigits() {
        while (pos < text.length() && isDigit(text.charAt(pos))) {
            pos++;
        }
    }

    private Token stringToken(char quote) {
        int start = pos;
        pos++;
        StringBuilder value = new StringBuilder();
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == quote) {
                pos++;
                return new Token(Kind.STRING, text.substring(start, pos), value.toString(), start + 1);
            }
            if (c == '\\') {
                if (pos + 1 >= text.length()) {
                    break;
                }
                char e = text.charAt(pos + 1);
                switch (e) {
                    case 'n': value.append('\n'); break;
                    case 't': value.append('\t'); break;
                    case 'r': value.append('\r'); break;
                    case 'b': value.append('\b'); break;
                    case 'f': value.append('\f'); break;
                    case '\\': value.append('\\'); break;
                    case '"': value.append('"'); break;
                    case '\'': value.append('\''); break;
                    default: throw error(pos + 1, "unknown escape '\\" + e + "' in a string");
                }
                pos += 2;
            } else {
                value.append(c);
                pos++;
            }
        }
        throw error(start + 1, "unterminated string: expected " + quote + " before end of expression");
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isIdentifierStart(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_';
    }

    private static boolean isIdentifierPart(char c) {
        return isIdentifierStart(c) || isDigit(c) || c == '$' || c == '@';
    }
}
