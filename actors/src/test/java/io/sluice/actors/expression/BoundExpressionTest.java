package io.sluice.actors.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Expressions bound to slots: the values by position, and the errors of binding. */
class BoundExpressionTest {

    @Test
    void valuesAreTakenByTheirNamesPositions() {
        BoundExpression bound = Expression.parse("a * 2 + b").bind(List.of("b", "unused", "a"));
        assertThat(bound.evaluate(new Object[] {1, "ignored", 10})).isEqualTo(21);
        assertThat(bound.evaluate(new Object[] {1L, null, 10})).isEqualTo(21L);
        assertThat(bound.names()).containsExactly("b", "unused", "a");
        assertThat(bound.expression().text()).isEqualTo("a * 2 + b");
        assertThat(bound).hasToString("\"a * 2 + b\" with [b, unused, a]");
    }

    @Test
    void oneArrayServesEvaluationAfterEvaluation() {
        BoundExpression bound = Expression.parse("{x, x + 1}").bind(List.of("x"));
        Object[] values = new Object[1];
        values[0] = 1;
        Object first = bound.evaluate(values);
        values[0] = 2.5;
        assertThat(first).isEqualTo(List.of(1, 2));
        assertThat(bound.evaluate(values)).isEqualTo(List.of(2.5, 3.5));
    }

    @Test
    void aVariableNotAmongTheNamesFailsWhenBound() {
        Expression expression = Expression.parse("a + b");
        assertThatThrownBy(() -> expression.bind(List.of("a", "c")))
                .isInstanceOfSatisfying(ExpressionException.class, e -> assertThat(e.column()).isEqualTo(5))
                .hasMessage("at column 5: unknown variable 'b'; bound are a, c in \"a + b\"");
        assertThatThrownBy(() -> Expression.parse("true || b").bind(List.of()))
                .as("even where evaluate would not evaluate it")
                .hasMessage("at column 9: unknown variable 'b'; no variables are bound in \"true || b\"");
        assertThatThrownBy(() -> Expression.parse("foo(1)").bind(List.of("x")))
                .hasMessage("at column 1: unknown function or array variable 'foo'; bound are x in \"foo(1)\"");
    }

    @Test
    void aNameHidesAConstantWhenItsValueIsNotNull() {
        BoundExpression bound = Expression.parse("e * 2").bind(List.of("e"));
        assertThat(bound.evaluate(new Object[] {5})).isEqualTo(10);
        assertThat(bound.evaluate(new Object[] {null})).isEqualTo(Math.E * 2);
        assertThat(Expression.parse("PI").bind(List.of()).evaluate(new Object[0])).isEqualTo(Math.PI);
    }

    @Test
    void aNullValueFailsWhenItsVariableIsEvaluated() {
        BoundExpression bound = Expression.parse("t ? 1 : x + 1").bind(List.of("t", "x"));
        assertThat(bound.evaluate(new Object[] {true, null})).isEqualTo(1);
        assertThatThrownBy(() -> bound.evaluate(new Object[] {false, null}))
                .isInstanceOf(ExpressionException.class)
                .hasMessage("at column 9: variable 'x' is null in \"t ? 1 : x + 1\"");
        assertThatThrownBy(() -> Expression.parse("xs(0)").bind(List.of("xs")).evaluate(new Object[1]))
                .hasMessage("at column 1: variable 'xs' is null in \"xs(0)\"");
    }

    @Test
    void evaluationErrorsAreThoseOfTheMapPath() {
        assertThatThrownBy(() -> Expression.parse("a - 2").bind(List.of("a")).evaluate(new Object[] {"a"}))
                .hasMessage("at column 3: cannot apply '-' to \"a\" and 2 in \"a - 2\"");
        assertThatThrownBy(() -> Expression.parse("a / 0").bind(List.of("a")).evaluate(new Object[] {1}))
                .hasMessage("at column 3: integer division by zero: 1 / 0 in \"a / 0\"");
    }

    @Test
    void theNamesAndTheValuesAreChecked() {
        Expression expression = Expression.parse("a");
        assertThatThrownBy(() -> expression.bind(List.of("a", "a"))).isInstanceOf(IllegalArgumentException.class)
                .isNotInstanceOf(ExpressionException.class)
                .hasMessage("name 'a' is given twice");
        assertThatThrownBy(() -> expression.bind(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> expression.bind(java.util.Arrays.asList("a", null))).isInstanceOf(NullPointerException.class);
        BoundExpression bound = expression.bind(List.of("a"));
        assertThatThrownBy(() -> bound.evaluate(new Object[2])).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("2 values for the 1 names [a] of \"a\"");
        assertThatThrownBy(() -> bound.evaluate(null)).isInstanceOf(NullPointerException.class);
    }
}
