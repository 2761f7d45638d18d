package io.sluice.moml.internal;

import io.sluice.actor.Actor;
import io.sluice.actor.InitialTokens;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.TokenRates;
import io.sluice.workflow.ActorFactory;
import io.sluice.workflow.ActorRegistry;
import io.sluice.workflow.Parameters;
import io.sluice.workflow.WorkflowDefinitionException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Creates the Sluice actor of an atomic entity: the actor type its class maps to, with its
 * Ptolemy parameters evaluated and renamed, its multiports' widths, its declared input ports and
 * the mapping's fixed parameters; a source of a model with iterations is limited to them. Every
 * error names the entity, its class and the line. Used by one thread.
 */
final class ActorCreation {
    private final ModelSource source;
    private final Path baseDirectory;
    private final ActorRegistry actors;

    ActorCreation(ModelSource source, Path baseDirectory, ActorRegistry actors) {
        this.source = source;
        this.baseDirectory = baseDirectory;
        this.actors = actors;
    }

    /** An actor and the parameters it was created from. */
    record Created(Actor actor, Map<String, Object> parameters) {}

    /** Creates the actor named {@code actorName} of {@code a}; a source is limited to {@code iterations} if present. */
    Created create(Atomic a, String actorName, OptionalLong iterations) {
        ActorFactory factory = actors.factory(a.mapping().type()).orElseThrow(() -> source.error(a.described()
                + " maps to the actor type '" + a.mapping().type() + "', which is not registered; known types: " + actors.types(),
                a.entity()));
        Map<String, Object> values = parametersOf(a, actorName, OptionalLong.empty());
        Actor actor = create(a, factory, values);
        if (iterations.isPresent() && actor.ports().stream().noneMatch(p -> p instanceof InputPort<?>)) {
            // A source: only once created is it known to have no input.
            if (a.mapping().limitParameter() == null) {
                throw source.error("source '" + a.path() + "' (" + a.entity().className() + ") cannot be limited to the director's "
                        + iterations.getAsLong() + " iterations: its Sluice type '" + a.mapping().type() + "' has no firing limit",
                        a.entity());
            }
            values = parametersOf(a, actorName, iterations);
            return new Created(create(a, factory, values), values);
        }
        return new Created(actor, values);
    }

    private Actor create(Atomic a, ActorFactory factory, Map<String, Object> values) {
        Parameters parameters = Parameters.of(values, baseDirectory);
        Actor actor;
        try {
            actor = factory.create(parameters);
        } catch (IllegalArgumentException e) {
            throw source.error("entity '" + a.path() + "' (" + a.entity().className() + ", Sluice type " + a.mapping().type() + "): "
                    + e.getMessage(), a.entity());
        } catch (Exception e) {
            throw new WorkflowDefinitionException(a.described() + " could not be created: " + e, source.at(a.entity().line()), e);
        }
        if (!parameters.unread().isEmpty()) {
            throw source.error(a.described() + ": Sluice's type '" + a.mapping().type() + "' does not read the parameters "
                    + parameters.unread(), a.entity());
        }
        checkDeclaredRates(a, actor);
        return actor;
    }

    /**
     * A port of the entity that declares an SDF rate ({@code tokenConsumptionRate} on an input,
     * {@code tokenProductionRate} on an output; 0, Ptolemy's "not this direction", is skipped)
     * must have that rate in Sluice, and an output that declares initial tokens
     * ({@code tokenInitProduction}, when not 0) as many {@link InitialTokens}: a model saved with
     * rates its parameters no longer give is refused rather than run differently.
     */
    private void checkDeclaredRates(Atomic a, Actor actor) {
        for (XmlElement port : a.entity().children("port")) {
            for (XmlElement p : port.children("property")) {
                if (p.name().equals("tokenInitProduction") && p.attribute("value").isPresent()) {
                    checkInitProduction(a, actor, port, p);
                    continue;
                }
                boolean consumption = p.name().equals("tokenConsumptionRate");
                if (!(consumption || p.name().equals("tokenProductionRate")) || p.attribute("value").isEmpty()) {
                    continue;
                }
                Object declared = a.scope().value(p, a.described());
                if (!(declared instanceof Integer || declared instanceof Long) || ((Number) declared).longValue() == 0) {
                    continue;
                }
                Port<?> sluicePort = actor.ports().stream()
                        .filter(q -> q.name().equals(port.name()) && (q instanceof InputPort<?>) == consumption)
                        .findFirst().orElse(null);
                if (sluicePort == null) {
                    continue; // a multiport, or a port the type lacks: its links are checked where the channels are made
                }
                long rate = TokenRates.of(actor, sluicePort);
                if (rate != ((Number) declared).longValue()) {
                    throw source.error("port '" + port.name() + "' of " + a.described() + " declares " + p.name() + " " + declared
                            + ", but Sluice's type '" + a.mapping().type() + "' with these parameters has rate " + rate, p);
                }
            }
        }
    }

    private void checkInitProduction(Atomic a, Actor actor, XmlElement port, XmlElement p) {
        Object declared = a.scope().value(p, a.described());
        if (!(declared instanceof Integer || declared instanceof Long) || ((Number) declared).longValue() == 0) {
            return;
        }
        OutputPort<?> out = actor.ports().stream().filter(q -> q.name().equals(port.name()) && q instanceof OutputPort<?>)
                .map(q -> (OutputPort<?>) q).findFirst().orElse(null);
        if (out == null) {
            return; // a multiport, or a port the type lacks: its links are checked where the channels are made
        }
        int initial = InitialTokens.of(actor, out).size();
        if (initial != ((Number) declared).longValue()) {
            throw source.error("port '" + port.name() + "' of " + a.described() + " declares tokenInitProduction " + declared
                    + ", but Sluice's type '" + a.mapping().type() + "' with these parameters puts " + initial
                    + " initial tokens on it", p);
        }
    }

    /**
     * The Sluice parameters of {@code a}: its mapped Ptolemy parameters, evaluated, its
     * multiports' widths, the names of its declared input ports, fixed ones, and, if
     * {@code limitTo} is present (a source of a model with iterations), its firing limit at most
     * that.
     */
    private Map<String, Object> parametersOf(Atomic a, String actorName, OptionalLong limitTo) {
        String owner = a.described();
        Map<String, Object> values = new LinkedHashMap<>();
        for (XmlElement p : a.entity().children("property")) {
            if (!ModelWalk.isParameter(p) || a.mapping().ignores(p.name()) || p.name().equals(Importer.REQUIRED_FIRINGS)) {
                continue;
            }
            String required = a.mapping().requiredValues().get(p.name());
            if (required != null) {
                if (!p.attribute("value").orElse("").strip().equals(required)) {
                    throw source.error("parameter '" + p.name() + "' of " + owner + " is \"" + p.attribute("value").orElse("")
                            + "\"; Sluice's type '" + a.mapping().type() + "' supports only " + required, p);
                }
                continue;
            }
            String sluiceName = a.mapping().parameterNames().get(p.name());
            if (sluiceName == null) {
                throw source.error("parameter '" + p.name() + "' of " + owner + " is not supported by Sluice's type '"
                        + a.mapping().type() + "'; it supports " + a.mapping().parameterNames().keySet(), p);
            }
            Object value = a.scope().value(p, owner);
            try {
                values.put(sluiceName, a.mapping().convert(p.name(), value, a::width));
            } catch (IllegalArgumentException e) {
                throw source.error("parameter '" + p.name() + "' of " + owner + ": " + e.getMessage(), p);
            }
        }
        a.mapping().defaultValues().forEach((ptolemy, value) -> values.putIfAbsent(a.mapping().parameterNames().get(ptolemy), value));
        for (String multiport : a.mapping().multiports()) {
            int width = a.width(multiport);
            values.put(multiport + "Width", a.mapping().isPlainWhenSingle(multiport) ? Math.max(1, width) : width);
        }
        if (a.mapping().inputPortsParameter() != null) {
            List<String> inputs = new ArrayList<>();
            for (XmlElement port : a.entity().children("port")) {
                if (port.children("property").stream().anyMatch(p -> p.name().equals("input"))) {
                    inputs.add(port.name());
                }
            }
            values.put(a.mapping().inputPortsParameter(), inputs);
        }
        a.mapping().fixedParameters().forEach((k, f) -> values.put(k, f.apply(actorName)));
        String limit = a.mapping().limitParameter();
        if (limitTo.isPresent() && limit != null) {
            long own = values.get(limit) instanceof Number n ? n.longValue() : 0;
            long n = limitTo.getAsLong();
            long bound = own > 0 ? Math.min(own, n) : n;
            // A count, not a Ptolemy token: an int when it fits, so that JSON writes it as a plain number.
            values.put(limit, bound <= Integer.MAX_VALUE ? (Object) (int) bound : (Object) bound);
        }
        return values;
    }
}
