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
     * token types (the described type may be a supertype of the port's), and that each parameter's kind is one of those a palette knows and a required
     * one has no default.
     */
    public static void assertDescribes(ActorRegistry registry, String type, Map<String, ?> parameters, Path base) throws Exception {
        ActorTypeInfo info = registry.info(type).orElseThrow();
        assertThat(info.description()).as("%s's description", type).isNotBlank();
        Actor actor = registry.factory(type).orElseThrow().create(Parameters.of(parameters, base));
        Map<String, ActorTypeInfo.PortInfo> described = new java.util.LinkedHashMap<>();
        for (ActorTypeInfo.PortInfo p : info.ports()) {
            if (!p.multiport()) {
                described.put(p.name(), p);
                continue;
            }
            Object width = parameters.containsKey(p.widthParameter()) ? parameters.get(p.widthParameter())
                    : info.parameters().stream().filter(q -> q.name().equals(p.widthParameter())).findFirst().orElseThrow().defaultValue();
            for (int i = 0; i < ((Number) width).intValue(); i++) {
                described.put(p.name() + "_" + i, p);
            }
        }
        List<String> actual = new ArrayList<>();
        for (Port<?> p : actor.ports()) {
            actual.add(p.name());
            ActorTypeInfo.PortInfo d = described.get(p.name());
            if (d != null) {
                assertThat(d.input()).as("%s.%s is an input", type, p.name()).isEqualTo(p instanceof InputPort<?>);
                // The description may name a supertype: a ramp's output is described as Number, and is an Integer port or a Double one.
                assertThat(Class.forName(d.tokenType()).isAssignableFrom(p.type())).as("%s.%s carries %s, a %s", type, p.name(),
                        p.type().getName(), d.tokenType()).isTrue();
            }
        }
        assertThat(actual).as("the ports of a %s", type).containsExactlyInAnyOrderElementsOf(described.keySet());
        for (ActorTypeInfo.ParameterInfo p : info.parameters()) {
            assertThat(p.kind()).as("%s.%s's kind", type, p.name()).isIn("integer", "number", "boolean", "string", "path", "array", "any");
            assertThat(p.required() && p.defaultValue() != null).as("%s.%s is required yet has a default", type, p.name()).isFalse();
        }
    }
}
