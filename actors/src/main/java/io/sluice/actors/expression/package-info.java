/**
 * A documented subset of Ptolemy II's expression language ({@code docs/expressions.md}) and the
 * actor that evaluates an expression per firing: {@link io.sluice.actors.expression.Expression}
 * parses and evaluates, {@link io.sluice.actors.expression.BoundExpression} evaluates with
 * variables bound to positions, {@link io.sluice.actors.expression.ExpressionActor} is Ptolemy's
 * Expression actor, {@link io.sluice.actors.expression.ExpressionException} reports syntax and
 * evaluation errors with their column.
 *
 * <p>The parser, the tree's nodes and the operations on values are package-private.
 */
package io.sluice.actors.expression;
