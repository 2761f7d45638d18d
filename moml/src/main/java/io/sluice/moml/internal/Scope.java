package io.sluice.moml.internal;

import io.sluice.actors.expression.Expression;
import io.sluice.workflow.SourceLocation;
import io.sluice.workflow.WorkflowDefinitionException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The parameters visible in one entity of a MoML model, as Ptolemy II sees them: its own, then
 * those of the composites around it. A parameter's value is its expression, evaluated when first
 * asked for with the other parameters in scope as variables (a parameter may use any other, in
 * any order); string parameters ({@code StringParameter}, {@code StringAttribute},
 * {@code FileParameter}) are taken as written. Used by one thread.
 */
final class Scope {
    /** Parameter classes whose value is a string as written, not an expression. */
    private static final Set<String> LITERAL = Set.of("ptolemy.data.expr.StringParameter", "ptolemy.kernel.util.StringAttribute",
            "ptolemy.data.expr.FileParameter", "ptolemy.actor.parameters.FilePortParameter");

    private final Scope outer;
    private final String source;
    private final Map<String, XmlElement> parameters = new LinkedHashMap<>();
    private final Map<String, Object> values = new HashMap<>();
    private final Set<String> evaluating = new HashSet<>();

    Scope(Scope outer, String source) {
        this.outer = outer;
        this.source = source;
    }

    /** Defines the parameter {@code property} (a {@code property} element with a value). */
    void define(XmlElement property) {
        parameters.put(property.name(), property);
    }

    /** Whether {@code name} is defined here or in an outer scope. */
    boolean defines(String name) {
        return parameters.containsKey(name) || (outer != null && outer.defines(name));
    }

    /**
     * The value of {@code property}, evaluated in this scope.
     *
     * @param owner names the entity in messages, e.g. {@code entity 'Ramp' (ptolemy.actor.lib.Ramp)}
     * @throws WorkflowDefinitionException naming the parameter, the owner and the line if the
     *     expression does not parse, uses an unknown name or cannot be evaluated
     */
    Object value(XmlElement property, String owner) {
        String text = property.attribute("value").orElse("");
        if (LITERAL.contains(property.className())) {
            return text;
        }
        String name = property.name();
        if (parameters.get(name) == property && values.containsKey(name)) {
            return values.get(name);
        }
        if (!evaluating.add(name)) {
            throw error("parameter '" + name + "' of " + owner + " refers to itself through " + evaluating, property);
        }
        try {
            Expression expression = Expression.parse(text);
            Map<String, Object> variables = new HashMap<>();
            for (String variable : expression.variables()) {
                variables.put(variable, lookup(variable, name, owner, property));
            }
            Object value = expression.evaluate(variables);
            if (parameters.get(name) == property) {
                values.put(name, value);
            }
            return value;
        } catch (IllegalArgumentException e) {
            throw error("parameter '" + name + "' of " + owner + " has the value \"" + text + "\", which Sluice cannot evaluate: "
                    + e.getMessage(), property);
        } finally {
            evaluating.remove(name);
        }
    }

    private Object lookup(String variable, String parameter, String owner, XmlElement at) {
        for (Scope s = this; s != null; s = s.outer) {
            XmlElement p = s.parameters.get(variable);
            if (p != null && !(s == this && variable.equals(parameter) && p == at)) {
                return s.value(p, owner);
            }
        }
        if (variable.equals("NONE")) {
            // Ptolemy's name for "no limit" in firingCountLimit.
            return 0;
        }
        throw error("parameter '" + parameter + "' of " + owner + " uses '" + variable + "', which no parameter in scope defines", at);
    }

    private WorkflowDefinitionException error(String problem, XmlElement at) {
        return new WorkflowDefinitionException(problem, new SourceLocation(source, at.line()), null);
    }
}
