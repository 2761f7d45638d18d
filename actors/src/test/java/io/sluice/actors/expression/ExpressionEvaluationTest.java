package io.sluice.actors.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Evaluation: widening, strings, arrays, functions, variables and the errors. */
class ExpressionEvaluationTest {

    private static Object eval(String text, Object... namesAndValues) {
        Map<String, Object> variables = new HashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            variables.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return Expression.parse(text).evaluate(variables);
    }

    private static ExpressionException failure(String text, Object... namesAndValues) {
        try {
            eval(text, namesAndValues);
        } catch (ExpressionException e) {
            return e;
        }
        throw new AssertionError(text + " did not fail");
    }

    @Test
    void arithmeticWidensIntToLongToDouble() {
        assertThat(eval("1 + 2")).isEqualTo(3);
        assertThat(eval("1 + 2L")).isEqualTo(3L);
        assertThat(eval("1 + 2.0")).isEqualTo(3.0);
        assertThat(eval("1L * 2.5")).isEqualTo(2.5);
        assertThat(eval("a * b", "a", 3, "b", 4L)).isEqualTo(12L);
        assertThat(eval("a + b", "a", (short) 3, "b", (byte) 4)).as("shorts and bytes are ints").isEqualTo(7);
        assertThat(eval("a + 1", "a", 1.5f)).as("a float is a double").isEqualTo(2.5);
    }

    @Test
    void intArithmeticOverflowsAsJavaDoes() {
        assertThat(eval("MaxInt + 1")).isEqualTo(Integer.MIN_VALUE);
        assertThat(eval("MaxInt + 1L")).isEqualTo(2147483648L);
        assertThat(eval("-MinInt")).isEqualTo(Integer.MIN_VALUE);
        assertThat(eval("MinInt / -1")).isEqualTo(Integer.MIN_VALUE);
        assertThat(eval("MaxLong * 2")).isEqualTo(-2L);
    }

    @Test
    void integerDivisionTruncatesAndRemainderIsJavas() {
        assertThat(eval("7 / 2")).isEqualTo(3);
        assertThat(eval("-7 / 2")).isEqualTo(-3);
        assertThat(eval("7 / 2.0")).isEqualTo(3.5);
        assertThat(eval("-7 % 3")).isEqualTo(-1);
        assertThat(eval("7 % -3")).isEqualTo(1);
        assertThat(eval("7.5 % 2")).isEqualTo(1.5);
        assertThat(eval("1 / 0.0")).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat((Double) eval("0.0 / 0")).isNaN();
    }

    @Test
    void integerDivisionByZeroIsAnError() {
        ExpressionException e = failure("a / 0", "a", 1);
        assertThat(e.column()).isEqualTo(3);
        assertThat(e).hasMessage("at column 3: integer division by zero: 1 / 0 in \"a / 0\"");
        assertThat(failure("5L % 0").reason()).isEqualTo("integer division by zero: 5L % 0");
    }

    @Test
    void powerTakesAnIntExponent() {
        assertThat(eval("2 ^ 10")).isEqualTo(1024);
        assertThat(eval("2 ^ 0")).isEqualTo(1);
        assertThat(eval("2 ^ 31")).as("wraps as repeated multiplication").isEqualTo(Integer.MIN_VALUE);
        assertThat(eval("2L ^ 40")).isEqualTo(1L << 40);
        assertThat(eval("2 ^ -1")).as("a negative exponent gives a double").isEqualTo(0.5);
        assertThat(eval("2.0 ^ 3")).isEqualTo(8.0);
        assertThat(eval("2 ^ 3L")).isEqualTo(8);
        assertThat(eval("(-3) ^ 3")).isEqualTo(-27);
        assertThat(eval("3 ^ 1000000001")).as("square and multiply: quick for a large exponent").isEqualTo(pow(3, 1000000001));
        assertThat(failure("2 ^ 0.5").reason())
                .isEqualTo("the exponent of '^' must be an int, not 0.5; use pow(x, y) for other exponents");
        assertThat(failure("2 ^ 3000000000").reason()).startsWith("the exponent of '^' must be an int, not 3000000000L");
    }

    /** base^n in int arithmetic, which wraps modulo 2^32. */
    private static int pow(int base, int n) {
        return BigInteger.valueOf(base).modPow(BigInteger.valueOf(n), BigInteger.ONE.shiftLeft(32)).intValue();
    }

    @Test
    void unaryOperators() {
        assertThat(eval("-a", "a", 2L)).isEqualTo(-2L);
        assertThat(eval("-a", "a", 2.5)).isEqualTo(-2.5);
        assertThat(eval("!a", "a", true)).isEqualTo(false);
        assertThat(failure("!1").reason()).isEqualTo("'!' needs a boolean, not 1");
        assertThat(failure("-\"a\"").reason()).isEqualTo("cannot apply '-' to \"a\"");
    }

    @Test
    void plusWithAStringConcatenatesStringForms() {
        assertThat(eval("\"n = \" + n", "n", 5)).isEqualTo("n = 5");
        assertThat(eval("1 + 2 + \"x\"")).as("left to right").isEqualTo("3x");
        assertThat(eval("\"x\" + 1 + 2")).isEqualTo("x12");
        assertThat(eval("\"x\" + 2L + 1.5 + true")).isEqualTo("x21.5true");
        assertThat(eval("\"a\" + \"b\"")).isEqualTo("ab");
        assertThat(eval("s + {1, \"b\"}", "s", "list ")).isEqualTo("list {1, \"b\"}");
        assertThat(failure("\"a\" - 2").reason()).isEqualTo("cannot apply '-' to \"a\" and 2");
        assertThat(failure("\"a\" * 2").reason()).isEqualTo("cannot apply '*' to \"a\" and 2");
        assertThat(failure("true + 1").reason()).isEqualTo("cannot apply '+' to true and 1");
    }

    @Test
    void theMessageOfTheSpecExample() {
        ExpressionException e = failure("a - 2", "a", "a");
        assertThat(e).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("at column 3: cannot apply '-' to \"a\" and 2 in \"a - 2\"");
    }

    @Test
    void comparisonsWidenNumbers() {
        assertThat(eval("1 < 2L")).isEqualTo(true);
        assertThat(eval("2 <= 2.0")).isEqualTo(true);
        assertThat(eval("3 > 2.5")).isEqualTo(true);
        assertThat(eval("3L >= 4")).isEqualTo(false);
        assertThat(eval("NaN < 1")).isEqualTo(false);
        assertThat(eval("NaN >= 1")).isEqualTo(false);
        assertThat(failure("\"a\" < \"b\"").reason()).isEqualTo("cannot apply '<' to \"a\" and \"b\"");
    }

    @Test
    void equalityOnNumbersStringsBooleansAndArrays() {
        assertThat(eval("1 == 1L")).isEqualTo(true);
        assertThat(eval("1 == 1.0")).isEqualTo(true);
        assertThat(eval("1 != 2")).isEqualTo(true);
        assertThat(eval("NaN == NaN")).isEqualTo(false);
        assertThat(eval("s == \"abc\"", "s", "abc")).isEqualTo(true);
        assertThat(eval("true == !false")).isEqualTo(true);
        assertThat(eval("{1, 2} == {1L, 2.0}")).isEqualTo(true);
        assertThat(eval("{1, 2} == {1, 2, 3}")).isEqualTo(false);
        assertThat(eval("{\"a\"} == {\"a\"}")).isEqualTo(true);
        assertThat(eval("1 == \"1\"")).as("different kinds are not equal").isEqualTo(false);
        assertThat(eval("1 != \"1\"")).isEqualTo(true);
        assertThat(eval("x == y", "x", List.of(1, 2), "y", List.of(1, 2))).isEqualTo(true);
    }

    @Test
    void logicShortCircuitsAndNeedsBooleans() {
        assertThat(eval("false && 1 / 0 == 0")).isEqualTo(false);
        assertThat(eval("true || undefined")).isEqualTo(true);
        assertThat(eval("true && false")).isEqualTo(false);
        assertThat(eval("false || true")).isEqualTo(true);
        assertThat(failure("1 && true").reason()).isEqualTo("'&&' needs a boolean, not 1");
        assertThat(failure("false || \"x\"").reason()).isEqualTo("'||' needs a boolean, not \"x\"");
    }

    @Test
    void theConditionalEvaluatesOneBranch() {
        assertThat(eval("x > 0 ? sqrt(x) : 0.0", "x", 4)).isEqualTo(2.0);
        assertThat(eval("x > 0 ? 1 / x : 1 / 0", "x", 1)).isEqualTo(1);
        assertThat(eval("x > 0 ? \"pos\" : x", "x", -1)).isEqualTo(-1);
        ExpressionException e = failure("x ? 1 : 2", "x", 1);
        assertThat(e.reason()).isEqualTo("the condition of '?' needs a boolean, not 1");
        assertThat(e.column()).isEqualTo(3);
    }

    @Test
    void arraysAreBuiltIndexedAndWidened() {
        assertThat(eval("{1, 2, 3}(1)")).isEqualTo(2);
        assertThat(eval("{a, a + 1}", "a", 1)).isEqualTo(List.of(1, 2));
        assertThat(eval("{1, 2.5}")).as("elements widened to their common kind, as Ptolemy").isEqualTo(List.of(1.0, 2.5));
        assertThat(eval("{1, 2L, a}", "a", 3)).isEqualTo(List.of(1L, 2L, 3L));
        assertThat(eval("{1, \"a\"}")).isEqualTo(List.of(1, "a"));
        assertThat(eval("xs(i)", "xs", List.of("a", "b"), "i", 1)).isEqualTo("b");
        assertThat(eval("xs(1L)", "xs", List.of("a", "b"))).isEqualTo("b");
        assertThat(eval("m(1)(0)", "m", List.of(List.of(1), List.of(2)))).isEqualTo(2);
        assertThat(eval("length(xs)", "xs", List.of(1, 2, 3))).isEqualTo(3);
        assertThat(eval("length({})")).isEqualTo(0);
        assertThat(eval("length(\"abc\")")).isEqualTo(3);
        assertThat(failure("{1, 2}(2)").reason()).isEqualTo("index 2 is out of bounds for an array of length 2");
        assertThat(failure("{1, 2}(-1)").reason()).isEqualTo("index -1 is out of bounds for an array of length 2");
        assertThat(failure("{1, 2}(0.5)").reason()).isEqualTo("an array index must be an int, not 0.5");
        assertThat(failure("x(0)", "x", 5).reason()).isEqualTo("cannot index 5: only arrays can be indexed");
        assertThat(failure("length(5)").reason()).isEqualTo("cannot apply 'length' to 5");
        assertThat(failure("{1} + 1").reason()).as("no element-wise arithmetic").isEqualTo("cannot apply '+' to {1} and 1");
    }

    @Test
    void mathFunctions() {
        assertThat(eval("abs(-3)")).isEqualTo(3);
        assertThat(eval("abs(-3L)")).isEqualTo(3L);
        assertThat(eval("abs(-3.5)")).isEqualTo(3.5);
        assertThat(eval("sqrt(16)")).isEqualTo(4.0);
        assertThat(eval("exp(0)")).isEqualTo(1.0);
        assertThat(eval("log(E)")).isEqualTo(1.0);
        assertThat((Double) eval("sin(PI / 2)")).isCloseTo(1.0, within(1e-15));
        assertThat((Double) eval("cos(0)")).isEqualTo(1.0);
        assertThat((Double) eval("tan(0)")).isEqualTo(0.0);
        assertThat((Double) eval("asin(1)")).isEqualTo(Math.PI / 2);
        assertThat((Double) eval("acos(1)")).isEqualTo(0.0);
        assertThat((Double) eval("atan(1)")).isEqualTo(Math.PI / 4);
        assertThat(eval("floor(2.7)")).isEqualTo(2.0);
        assertThat(eval("ceil(2.1)")).isEqualTo(3.0);
        assertThat(eval("floor(2)")).as("as Ptolemy: a double").isEqualTo(2.0);
        assertThat(eval("round(2.5)")).as("a long, as Ptolemy").isEqualTo(3L);
        assertThat(eval("round(-2.5)")).isEqualTo(-2L);
        assertThat(eval("round(7)")).isEqualTo(7L);
        assertThat(eval("pow(2, 0.5)")).isEqualTo(Math.sqrt(2));
        assertThat(eval("pow(2, 3)")).isEqualTo(8.0);
        assertThat(eval("max(1, 2)")).isEqualTo(2);
        assertThat(eval("max(1, 2L)")).isEqualTo(2L);
        assertThat(eval("min(1, 0.5)")).isEqualTo(0.5);
        assertThat(eval("min(-0.0, 0.0)")).isEqualTo(-0.0);
        assertThat(failure("sqrt(\"x\")").reason()).isEqualTo("cannot apply 'sqrt' to \"x\"");
        assertThat(failure("max(1, \"x\")").reason()).isEqualTo("cannot apply 'max' to 1 and \"x\"");
    }

    @Test
    void variablesHideConstantsButNotFunctions() {
        assertThat(eval("e * 2", "e", 5)).isEqualTo(10);
        assertThat(eval("PI", "PI", 3)).isEqualTo(3);
        assertThat(eval("max(1, 2)", "max", List.of(7))).as("a name followed by ( is a function if there is one").isEqualTo(2);
        assertThat(eval("(max)(0)", "max", List.of(7))).isEqualTo(7);
    }

    @Test
    void anUnknownVariableIsNamed() {
        ExpressionException e = failure("a + b", "a", 1, "c", 2);
        assertThat(e).hasMessage("at column 5: unknown variable 'b'; bound are a, c in \"a + b\"");
        assertThat(failure("x").reason()).isEqualTo("unknown variable 'x'; no variables are bound");
        assertThat(failure("foo(1)").reason()).isEqualTo("unknown function or array variable 'foo'; no variables are bound");
        assertThat(failure("x + 1", "x", null).reason()).isEqualTo("variable 'x' is null");
    }

    @Test
    void otherObjectsPassThroughAndCompare() {
        Object token = new Object();
        assertThat(eval("b ? t : 0", "b", true, "t", token)).isSameAs(token);
        assertThat(eval("t == t", "t", token)).isEqualTo(true);
        assertThat(eval("\"<\" + t + \">\"", "t", java.time.Duration.ofSeconds(1))).isEqualTo("<PT1S>");
    }

    @Test
    void longValuesAreCutInMessages() {
        String big = "x".repeat(1000);
        ExpressionException e = failure("s - 1", "s", big);
        assertThat(e.reason()).hasSizeLessThan(200).contains("...");
    }

    @Test
    void anExpressionIsEvaluatedManyTimesWithDifferentValues() {
        Expression expression = Expression.parse("a * 2 + b");
        Map<String, Object> variables = new HashMap<>();
        for (int i = 0; i < 1000; i++) {
            variables.put("a", i);
            variables.put("b", -i);
            assertThat(expression.evaluate(variables)).isEqualTo(i);
        }
    }
}
