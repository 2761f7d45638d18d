package io.sluice.actor;

/**
 * A named, typed endpoint of an actor: an {@link InputPort} it takes tokens from or an
 * {@link OutputPort} it puts tokens to.
 *
 * <p>A port is an immutable descriptor. An actor lists its ports in {@link Actor#ports()}; the
 * workflow connects ports of different actors by channels, and a {@link FiringContext} maps each
 * of the firing actor's ports to its channel. Ports are usually {@code static final} constants of
 * the actor class, so that code wiring a workflow can refer to them.
 *
 * <p>Tokens are Java objects of the port's {@link #type()}; primitive types are not allowed (use
 * the boxed type). A connection from an output port to an input port is valid when the input
 * port's type is assignable from the output port's type.
 *
 * @param <T> the type of the tokens passing through the port
 */
public sealed interface Port<T> permits InputPort, OutputPort {

    /** The port's name, unique among the ports of its actor. */
    String name();

    /** The type of the tokens that pass through the port. */
    Class<T> type();

    /** Creates an input port. @throws IllegalArgumentException if the name or type is invalid */
    static <T> InputPort<T> input(String name, Class<T> type) {
        return new InputPort<>(name, type);
    }

    /** Creates an output port. @throws IllegalArgumentException if the name or type is invalid */
    static <T> OutputPort<T> output(String name, Class<T> type) {
        return new OutputPort<>(name, type);
    }

    /** Validates a port's name and type; shared by the two port records. */
    static void check(String name, Class<?> type) {
        Names.require("port", name);
        if (type == null) {
            throw new IllegalArgumentException("port '" + name + "' has no type");
        }
        if (type.isPrimitive()) {
            throw new IllegalArgumentException("port '" + name + "' has primitive type " + type
                    + "; tokens are objects, use the boxed type");
        }
    }
}
