package io.sluice.actors;

import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.QuoteMode;

/**
 * What {@link CsvReader} and {@link CsvWriter} share: the CSV dialect (RFC 4180 with a chosen
 * separator, Apache Commons CSV doing the parsing and the quoting) and how a field's text becomes
 * a token.
 *
 * <p>Not API: package-private. Stateless; safe from any thread.
 */
final class Csv {
    /** The separator used when none is given. */
    static final String DEFAULT_SEPARATOR = ",";

    /** An integer as JSON writes it: no sign but a minus, no leading zero. */
    private static final Pattern INTEGER = Pattern.compile("0|-?[1-9][0-9]*");
    /** A number as JSON writes it, with a fraction or an exponent (or both). */
    private static final Pattern FRACTIONAL =
            Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+([eE][+-]?[0-9]+)?|[eE][+-]?[0-9]+)");

    private Csv() {}

    /**
     * Checks a separator: one or more characters, none of them a double quote or a line break.
     *
     * @param parameter the parameter's name, for the message
     * @throws IllegalArgumentException naming the parameter if the separator is not valid
     */
    static String separator(String parameter, String separator) {
        if (separator == null || separator.isEmpty()) {
            throw new IllegalArgumentException("parameter '" + parameter + "' must be one or more characters, got "
                    + (separator == null ? "null" : "\"\""));
        }
        if (separator.indexOf('"') >= 0 || separator.indexOf('\r') >= 0 || separator.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("parameter '" + parameter
                    + "' must not hold a double quote or a line break, got " + Tokens.show(separator));
        }
        return separator;
    }

    /**
     * The format to read with. It keeps empty lines as records, and (through the strict quote mode
     * {@link QuoteMode#ALL_NON_NULL}) gives an unquoted empty field as {@code null} but a quoted
     * one as {@code ""}: so an empty line is the record {@code [null]}, told apart from a line
     * holding {@code ""}, and the reader counts every line itself.
     */
    static CSVFormat readFormat(String separator) {
        return CSVFormat.RFC4180.builder().setDelimiter(separator).setIgnoreEmptyLines(false)
                .setQuoteMode(QuoteMode.ALL_NON_NULL).get();
    }

    /** The format to write with: fields quoted only where needed, lines ended by {@code \n}. */
    static CSVFormat writeFormat(String separator) {
        return CSVFormat.RFC4180.builder().setDelimiter(separator).setRecordSeparator("\n")
                .setQuoteMode(QuoteMode.MINIMAL).get();
    }

    /**
     * The token a field's text stands for: {@code true} and {@code false} are booleans; an
     * integer written as JSON writes it ({@code 0}, {@code -12}, not {@code +1} or {@code 007})
     * is an {@code Integer} if it fits one, else a {@code Long} if it fits one; a JSON number with
     * a fraction or an exponent ({@code 2.5}, {@code -1e3}, {@code 1.0E10}) is a {@code Double}
     * unless it overflows; anything else, including an integer beyond the long range, is the
     * {@code String} itself.
     */
    static Object token(String text) {
        if (text.equals("true")) {
            return Boolean.TRUE;
        }
        if (text.equals("false")) {
            return Boolean.FALSE;
        }
        if (text.isEmpty() || !(text.charAt(0) == '-' || text.charAt(0) >= '0' && text.charAt(0) <= '9')) {
            return text;
        }
        if (INTEGER.matcher(text).matches()) {
            try {
                long value = Long.parseLong(text);
                return value == (int) value ? (Object) (int) value : (Object) value;
            } catch (NumberFormatException e) {
                return text; // beyond the long range
            }
        }
        if (FRACTIONAL.matcher(text).matches()) {
            double value = Double.parseDouble(text);
            return Double.isInfinite(value) ? text : value;
        }
        return text;
    }
}
