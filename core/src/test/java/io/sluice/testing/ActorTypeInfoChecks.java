package io.sluice.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.actor.Actor;
import io.sluice.actor.InputPort;
import io.sluice.actor.Port;
import io.sluice.workflow.ActorRegistry;
import io.sluice.workflow.ActorTypeInfo;
import io.sluice.workflow.Parameters;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Checks that what a registry says of a type, for a palette, is what an actor of the type has. */
public final class ActorTypeInfoChecks {
    private ActorTypeInfoChecks() {}

    /**
     * Creates an actor of {@code type} from {@code parameters} (which give the required ones) and
     * asserts that its ports are those the type's description lists (a multiport's ports
     * numbered up to the width the parameters give, or its default), with their directions and
     * token types, and that each parameter's kind is one of those a palette knows and a required
     * one has no default.
     */
    public static void assertDescribes(ActorRegistry registry, String type, Map<String, ?> parameters, Path base) throws Exception {
        ActorTypeInfo info = registry.info(type).orElseThrow();
        assertThat(info.description()).as("%s's description", type).isNotBlank();
        Actor actor = registry.factory(type).orElseThrow().create(Parameters.of(parameters, base));
        List<String> described = new ArrayList<>();
        for (ActorTypeInfo.PortInfo p : info.ports()) {
            if (!p.multiport()) {
                described.add(p.name() + (p.input() ? " in " : " out ") + p.tokenType());
                continue;
            }
            Object width = parameters.containsKey(p.widthParameter()) ? parameters.get(p.widthParameter())
                    : info.parameters().stream().filter(q -> q.name().equals(p.widthParameter())).findFirst().orElseThrow().defaultValue();
            for (int i = 0; i < ((Number) width).intValue(); i++) {
                described.add(p.name() + "_" + i + (p.input() ? " in " : " out ") + p.tokenType());
            }
        }
        List<String> actual = new ArrayList<>();
        for (Port<?> p : actor.ports()) {
            actual.add(p.name() + (p instanceof InputPort<?> ? " in " : " out ") + p.type().getName());
        }
        assertThat(actual).as("the ports of a %s", type).containsExactlyInAnyOrderElementsOf(described);
        for (ActorTypeInfo.ParameterInfo p : info.parameters()) {
            assertThat(p.kind()).as("%s.%s's kind", type, p.name()).isIn("integer", "number", "boolean", "string", "path", "array", "any");
            assertThat(p.required() && p.defaultValue() != null).as("%s.%s is required yet has a default", type, p.name()).isFalse();
        }
    }
}
