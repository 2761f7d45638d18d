package io.sluice.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import java.util.List;

/**
 * Puts each token as the text of an expression that evaluates to it (Ptolemy's
 * {@code TokenToExpression}): {@code 1} becomes {@code "1"}, {@code 1L} {@code "1L"},
 * {@code 2.5} {@code "2.5"}, {@code true} {@code "true"}, a string the string in double quotes
 * (a quote or backslash in it escaped by a backslash), an array {@code "{1, 2}"}. Type name
 * {@value #TYPE}. Stateless.
 *
 * <p><b>Ports.</b> {@link #INPUT} ({@code input}, {@code Object}) and {@link #OUTPUT}
 * ({@code output}, {@code String}). Doubles are written as Java writes them ({@code 1.0E10}).
 *
 * <p><b>Failure.</b> A firing throws {@link IllegalArgumentException} naming the port for a token
 * of no expression kind, which fails the run.
 */
@Stateless
public final class TokenToExpression implements Actor {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "token-to-expression";
    /** The tokens. */
    public static final InputPort<Object> INPUT = Port.input("input", Object.class);
    /** Their expressions. */
    public static final OutputPort<String> OUTPUT = Port.output("output", String.class);

    @Override
    public List<Port<?>> ports() {
        return List.of(INPUT, OUTPUT);
    }

    @Override
    public void fire(FiringContext context) {
        context.put(OUTPUT, expression(context.take(INPUT)));
    }

    /** The expression of a token, as the class comment says. */
    static String expression(Object token) {
        if (token instanceof String s) {
            return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        }
        if (token instanceof Long l) {
            return l + "L";
        }
        if (token instanceof Integer || token instanceof Double || token instanceof Boolean) {
            return token.toString();
        }
        if (token instanceof List<?> list) {
            StringBuilder b = new StringBuilder("{");
            for (Object element : list) {
                b.append(b.length() > 1 ? ", " : "").append(expression(element));
            }
            return b.append('}').toString();
        }
        throw new IllegalArgumentException("port '" + INPUT.name() + "' received " + Tokens.show(token)
                + (token == null ? "" : " (" + token.getClass().getSimpleName() + ")") + ", which has no expression");
    }

    @Override
    public String toString() {
        return "TokenToExpression";
    }
}
