package io.sluice.actor;

/**
 * A port an actor puts tokens to, with {@link FiringContext#put(OutputPort, Object)}.
 *
 * @param name the port's name, unique among its actor's ports
 * @param type the type of the tokens the actor produces
 * @param <T> the token type
 */
public record OutputPort<T>(String name, Class<T> type) implements Port<T> {
    /** @throws IllegalArgumentException if the name or type is invalid */
    public OutputPort {
        Port.check(name, type);
    }

    @Override
    public String toString() {
        return "output " + name + ": " + type.getSimpleName();
    }
}
