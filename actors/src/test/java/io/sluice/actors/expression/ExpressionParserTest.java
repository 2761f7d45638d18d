package io.sluice.actors.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Parsing: literals, precedence and grouping (seen through the canonical print), errors. */
class ExpressionParserTest {

    private static Object eval(String text) {
        return Expression.parse(text).evaluate(Map.of());
    }

    private static String canonical(String text) {
        return Expression.parse(text).canonical();
    }

    @Test
    void integersAreIntsWhenTheyFitAndLongsOtherwise() {
        assertThat(eval("42")).isEqualTo(42);
        assertThat(eval("2147483647")).isEqualTo(Integer.MAX_VALUE);
        assertThat(eval("2147483648")).isEqualTo(2147483648L);
        assertThat(eval("-2147483648")).as("a minus before a number is part of it").isEqualTo(Integer.MIN_VALUE);
        assertThat(eval("-(2147483648)")).isEqualTo(-2147483648L);
        assertThat(eval("9223372036854775807")).isEqualTo(Long.MAX_VALUE);
        assertThat(eval("-9223372036854775808")).isEqualTo(Long.MIN_VALUE);
        assertThat(eval("5L")).isEqualTo(5L);
        assertThat(eval("5l")).isEqualTo(5L);
        assertThat(eval("0x1F")).isEqualTo(31);
        assertThat(eval("0XffL")).isEqualTo(255L);
        assertThat(eval("0xFFFFFFFF")).as("as Ptolemy: too large for an int, so a long").isEqualTo(4294967295L);
        assertThat(eval("017")).as("a leading 0 is octal, as in Ptolemy").isEqualTo(15);
        assertThat(eval("0")).isEqualTo(0);
    }

    @Test
    void doublesHaveAPointOrAnExponent() {
        assertThat(eval("1.5")).isEqualTo(1.5);
        assertThat(eval(".5")).isEqualTo(0.5);
        assertThat(eval("1e3")).isEqualTo(1000.0);
        assertThat(eval("1E+3")).isEqualTo(1000.0);
        assertThat(eval("2.5e-1")).isEqualTo(0.25);
        assertThat(eval("1d")).isEqualTo(1.0);
        assertThat(eval("1.5f")).isEqualTo(1.5);
        assertThat(eval("-0.0")).isEqualTo(-0.0);
        assertThat(eval("1e999")).isEqualTo(Double.POSITIVE_INFINITY);
    }

    @Test
    void stringsBooleansAndConstants() {
        assertThat(eval("\"a\\\"b\\\\c\\nd\\te\"")).isEqualTo("a\"b\\c\nd\te");
        assertThat(eval("'single'")).isEqualTo("single");
        assertThat(eval("\"\"")).isEqualTo("");
        assertThat(eval("true")).isEqualTo(true);
        assertThat(eval("false")).isEqualTo(false);
        assertThat(eval("TRUE")).isEqualTo(true);
        assertThat(eval("PI")).isEqualTo(Math.PI);
        assertThat(eval("pi")).isEqualTo(Math.PI);
        assertThat(eval("E")).isEqualTo(Math.E);
        assertThat(eval("e")).isEqualTo(Math.E);
        assertThat(eval("Infinity")).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat((Double) eval("NaN")).isNaN();
        assertThat(eval("MaxInt")).isEqualTo(Integer.MAX_VALUE);
        assertThat(eval("MinLong")).isEqualTo(Long.MIN_VALUE);
    }

    @Test
    void arraysAreUnmodifiableLists() {
        assertThat(eval("{1, 2, 3}")).isEqualTo(List.of(1, 2, 3));
        assertThat(eval("{}")).isEqualTo(List.of());
        assertThat(eval("{\"a\", {true}}")).isEqualTo(List.of("a", List.of(true)));
        @SuppressWarnings("unchecked")
        List<Object> list = (List<Object>) eval("{1, 2}");
        assertThatThrownBy(() -> list.add(3)).isInstanceOf(UnsupportedOperationException.class);
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiterString = "=>", quoteCharacter = '`', value = {
            // multiplication before addition, addition before comparison, && before ||
            "a + b * c            => a + b * c",
            "(a + b) * c          => (a + b) * c",
            "((a)) + ((b * c))    => a + b * c",
            // left associativity
            "a - b - c            => a - b - c",
            "(a - b) - c          => a - b - c",
            "a - (b - c)          => a - (b - c)",
            "a / b * c            => a / b * c",
            "a / (b * c)          => a / (b * c)",
            // ^ binds tighter than *, groups to the left as Ptolemy evaluates it, and is looser
            // than unary minus
            "a * b ^ c            => a * b ^ c",
            "(a * b) ^ c          => (a * b) ^ c",
            "a ^ b ^ c            => a ^ b ^ c",
            "a ^ (b ^ c)          => a ^ (b ^ c)",
            "-a ^ 2               => -a ^ 2",
            "-(a ^ 2)             => -(a ^ 2)",
            "a ^ -b               => a ^ -b",
            // comparisons, equality, logic
            "a < b == c < d       => a < b == c < d",
            "a == (b == c)        => a == (b == c)",
            "a + 1 < b * 2        => a + 1 < b * 2",
            "a || b && c          => a || b && c",
            "(a || b) && c        => (a || b) && c",
            "!a && b              => !a && b",
            "!(a && b)            => !(a && b)",
            "--a                  => --a",
            "- -a                 => --a",
            // the conditional is loosest and groups to the right
            "a ? b : c ? d : e    => a ? b : c ? d : e",
            "(a ? b : c) ? d : e  => (a ? b : c) ? d : e",
            "a || b ? c + 1 : d   => a || b ? c + 1 : d",
            "a ? b ? c : d : e    => a ? b ? c : d : e",
            // calls and indexes bind tightest
            "-x(1)                => -x(1)",
            "{1, 2, 3}(1)         => {1, 2, 3}(1)",
            "m(0)(1)              => m(0)(1)",
            "max(a + 1, b) * 2    => max(a + 1, b) * 2",
            "(-5)(0)              => (-5)(0)",
            "-5(0)                => -5(0)",
            "{a, b + 1}           => {a, b + 1}",
            "\"x\" + 1            => \"x\" + 1",
    })
    void precedenceAndGrouping(String text, String expected) {
        assertThat(canonical(text)).isEqualTo(expected);
        assertThat(canonical(expected)).as("the canonical form is stable").isEqualTo(expected);
    }

    @Test
    void precedenceShowsInValues() {
        assertThat(eval("2 + 3 * 4")).isEqualTo(14);
        assertThat(eval("10 - 4 - 3")).isEqualTo(3);
        assertThat(eval("100 / 10 / 5")).isEqualTo(2);
        assertThat(eval("2 ^ 3 ^ 2")).as("left to right, as Ptolemy").isEqualTo(64);
        assertThat(eval("-2 ^ 2")).as("unary minus binds tighter than ^, as in Ptolemy").isEqualTo(4);
        assertThat(eval("2 * 3 ^ 2")).isEqualTo(18);
        assertThat(eval("1 + 2 < 4 == true")).isEqualTo(true);
        assertThat(eval("true || false && false")).isEqualTo(true);
        assertThat(eval("false ? 1 : true ? 2 : 3")).isEqualTo(2);
        assertThat(eval("7 % 4 * 2")).isEqualTo(6);
    }

    @Test
    void variablesAreTheFreeIdentifiersInOrder() {
        assertThat(Expression.parse("b * sqrt(a) + b + PI + e + c(0) + iteration").variables())
                .containsExactly("b", "a", "c", "iteration");
        assertThat(Expression.parse("max(1, 2) + true").variables()).isEmpty();
        assertThat(Expression.parse("x").text()).isEqualTo("x");
        assertThat(Expression.parse(" x + 1 ")).hasToString(" x + 1 ");
        assertThat(Expression.parse("x")).isEqualTo(Expression.parse("x"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "=>", quoteCharacter = '`', value = {
            "(1 + 2           => 7  => expected ')' but found end of expression",
            "1 +              => 4  => expected an operand but found end of expression",
            "1 2              => 3  => expected an operator or end of expression but found number 2",
            "1 + 2)           => 6  => unmatched ')'",
            "* 2              => 1  => expected an operand but found '*'",
            "a ? b            => 6  => expected ':' but found end of expression",
            "{1, 2            => 6  => expected '}' but found end of expression",
            "max(1)           => 1  => function 'max' takes 2 arguments, not 1",
            "sqrt(1, 2)       => 1  => function 'sqrt' takes 1 argument, not 2",
            "foo(1, 2)        => 1  => unknown function 'foo'",
            "foo()            => 1  => unknown function 'foo'",
            "x(1, 2)(3)       => 1  => unknown function 'x'",
            "{1}(0, 1)        => 6  => expected ')' but found ','",
            "a == b == c      => 8  => '==' cannot follow another '==' without parentheses",
            "a < b < c        => 7  => '<' cannot follow another '<' without parentheses",
            "a = 1            => 3  => unexpected '=': use '==' to compare",
            "a & b            => 3  => operator '&' is not supported",
            "1 << 2           => 3  => operator '<<' is not supported",
            "[1, 2]           => 1  => matrices ('[') are not supported",
            "a.length()       => 2  => unexpected character '.'",
            "\"abc            => 1  => unterminated string",
            "\"a\\qb\"        => 3  => unknown escape '\\q'",
            "1.               => 1  => malformed number '1.'",
            "1i               => 1  => malformed number '1i'",
            "2e               => 1  => malformed number '2e'",
            "08               => 1  => malformed number '08' (a leading 0 makes an octal number)",
            "0x               => 1  => malformed number '0x'",
            "1.5L             => 1  => malformed number '1.5L'",
            "99999999999999999999 => 1 => number 99999999999999999999 is too large for a long",
            "x # y            => 3  => operator '#' is not supported",
    })
    void syntaxErrorsNameTheColumnAndWhatWasExpected(String text, int column, String reason) {
        assertThatThrownBy(() -> Expression.parse(text))
                .isInstanceOfSatisfying(ExpressionException.class, e -> {
                    assertThat(e.column()).isEqualTo(column);
                    assertThat(e.reason()).startsWith(reason);
                    assertThat(e.getMessage()).isEqualTo("at column " + column + ": " + e.reason() + " in \"" + text + "\"");
                });
    }

    @Test
    void theMessageOfTheSpecExample() {
        assertThatThrownBy(() -> Expression.parse("(1 + 2"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("at column 7: expected ')' but found end of expression in \"(1 + 2\"");
    }

    @Test
    void anEmptyExpressionIsASyntaxError() {
        assertThatThrownBy(() -> Expression.parse("  "))
                .isInstanceOf(ExpressionException.class)
                .hasMessage("at column 3: expected an operand but found end of expression in \"  \"");
    }

    @Test
    void deepNestingIsASyntaxErrorNotAStackOverflow() {
        String deep = "(".repeat(10_000) + "1" + ")".repeat(10_000);
        assertThatThrownBy(() -> Expression.parse(deep))
                .isInstanceOf(ExpressionException.class)
                .hasMessageContaining("nested more than 200 levels deep");
        String longChain = "1" + " + 1".repeat(5_000);
        assertThatThrownBy(() -> Expression.parse(longChain))
                .isInstanceOf(ExpressionException.class)
                .hasMessageContaining("more than 1000 operators deep");
        assertThat(eval("1" + " + 1".repeat(900))).isEqualTo(901);
        assertThat(eval("(".repeat(150) + "1" + ")".repeat(150))).isEqualTo(1);
    }
}
