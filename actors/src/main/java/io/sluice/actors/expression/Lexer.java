package io.sluice.actors.expression;

import io.sluice.actors.expression.Token.Kind;

/**
 * Reads an expression's text as {@link Token}s, one at a time, for a {@link Parser}, and gives a
 * number token's value. Used once per text, on one thread.
 */
final class Lexer {
    private final String text;
    private int pos;

    Lexer(String text) {
        this.text = text;
    }

    /**
     * The next token; at the end of the text, and at every call after, a token of kind
     * {@link Kind#END}.
     *
     * @throws ExpressionException naming the column of a character, operator or number that is
     *     not part of the language, or of a string that does not end
     */
    Token next() {
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

    private ExpressionException error(int column, String reason) {
        return new ExpressionException(reason, column, text);
    }

    // ---------------------------------------------------------------- numbers

    /** The value of a number token: Integer, Long or Double; {@code negative} if a '-' preceded it. */
    Object number(Token t, boolean negative) {
        String s = t.text();
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
            throw error(t.column(), "number " + (negative ? "-" : "") + s + " is too large for a long");
        }
    }
}
