package io.sluice.workflow;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a workflow editor shows of an actor type in its palette: what it does, its ports (with
 * their token types, and whether they are multiports) and its parameters (with their kinds,
 * defaults and meaning). Registered with the type ({@link ActorRegistry.Builder#register(String,
 * ActorFactory, ActorTypeInfo)}); {@link ActorRegistry#infos()} lists them, {@code sluice actors}
 * prints them. Immutable; built from {@link #of}.
 *
 * @param type the type's name
 * @param description what an actor of the type does, one or two sentences
 * @param ports its ports, inputs first
 * @param parameters its parameters
 */
public record ActorTypeInfo(String type, String description, List<PortInfo> ports, List<ParameterInfo> parameters) {

    public ActorTypeInfo {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(description, "description");
        ports = List.copyOf(ports);
        parameters = List.copyOf(parameters);
    }

    /**
     * A port.
     *
     * @param name its name; for a multiport, the name its ports are numbered from ({@code plus}
     *     for {@code plus_0}, {@code plus_1}, ...)
     * @param input true for an input, false for an output
     * @param tokenType the class of its tokens, e.g. {@code java.lang.Integer}
     * @param widthParameter for a multiport, the parameter that gives its width; else null
     * @param description what passes through it
     */
    public record PortInfo(String name, boolean input, String tokenType, String widthParameter, String description) {
        public PortInfo {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(tokenType, "tokenType");
            Objects.requireNonNull(description, "description");
        }

        /** Whether it is a multiport. */
        public boolean multiport() {
            return widthParameter != null;
        }
    }

    /**
     * A parameter.
     *
     * @param name its name
     * @param kind what its value is: {@code integer}, {@code number}, {@code boolean},
     *     {@code string}, {@code path}, {@code array} or {@code any}
     * @param required whether it must be given
     * @param defaultValue its value when not given (null if required or if it has none)
     * @param description what it means
     */
    public record ParameterInfo(String name, String kind, boolean required, Object defaultValue, String description) {
        public ParameterInfo {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(description, "description");
        }
    }

    /** A type described so far by its name and what it does. */
    public static ActorTypeInfo of(String type, String description) {
        return new ActorTypeInfo(type, description, List.of(), List.of());
    }

    /** This description with an input port. */
    public ActorTypeInfo input(String name, Class<?> tokenType, String description) {
        return withPort(new PortInfo(name, true, tokenType.getName(), null, description));
    }

    /** This description with an input multiport, whose width {@code widthParameter} gives. */
    public ActorTypeInfo inputs(String name, Class<?> tokenType, String widthParameter, String description) {
        return withPort(new PortInfo(name, true, tokenType.getName(), Objects.requireNonNull(widthParameter), description));
    }

    /** This description with an output port. */
    public ActorTypeInfo output(String name, Class<?> tokenType, String description) {
        return withPort(new PortInfo(name, false, tokenType.getName(), null, description));
    }

    /** This description with a required parameter. */
    public ActorTypeInfo required(String name, String kind, String description) {
        return withParameter(new ParameterInfo(name, kind, true, null, description));
    }

    /** This description with an optional parameter and its default (null if it has none). */
    public ActorTypeInfo optional(String name, String kind, Object defaultValue, String description) {
        return withParameter(new ParameterInfo(name, kind, false, defaultValue, description));
    }

    private ActorTypeInfo withPort(PortInfo port) {
        List<PortInfo> p = new ArrayList<>(ports);
        p.add(port);
        return new ActorTypeInfo(type, description, p, parameters);
    }

    private ActorTypeInfo withParameter(ParameterInfo parameter) {
        List<ParameterInfo> p = new ArrayList<>(parameters);
        p.add(parameter);
        return new ActorTypeInfo(type, description, ports, p);
    }
}
