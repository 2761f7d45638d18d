package io.sluice.workflow;

import io.sluice.actor.Actor;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An actor placed in a workflow under a name.
 *
 * @param name the actor's name in the workflow
 * @param actor the actor instance
 * @param type the actor's type: its registry type when loaded from JSON, otherwise its class name
 * @param parameters the parameters it was created with, when loaded from JSON; otherwise empty
 * @param ports the actor's ports, as it declared them
 * @param ui what an editor keeps about the actor (position, size, colour, notes: see
 *     {@link Workflow#ui()}); empty if none
 */
public record ActorNode(String name, Actor actor, String type, Map<String, Object> parameters, List<Port<?>> ports,
        Map<String, Object> ui) {

    public ActorNode {
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        ports = List.copyOf(ports);
        ui = Collections.unmodifiableMap(new LinkedHashMap<>(ui));
    }

    /** An actor with nothing kept for an editor. */
    public ActorNode(String name, Actor actor, String type, Map<String, Object> parameters, List<Port<?>> ports) {
        this(name, actor, type, parameters, ports, Map.of());
    }

    /** The port with the given name. */
    public Optional<Port<?>> port(String portName) {
        return ports.stream().filter(p -> p.name().equals(portName)).findFirst();
    }

    /** The input ports, in declaration order. */
    public List<InputPort<?>> inputs() {
        return ports.stream().filter(p -> p instanceof InputPort<?>).<InputPort<?>>map(p -> (InputPort<?>) p).toList();
    }

    /** The output ports, in declaration order. */
    public List<OutputPort<?>> outputs() {
        return ports.stream().filter(p -> p instanceof OutputPort<?>).<OutputPort<?>>map(p -> (OutputPort<?>) p).toList();
    }
}
