package io.sluice.actor;

/**
 * A port an actor takes tokens from, with {@link FiringContext#take(InputPort)}.
 *
 * @param name the port's name, unique among its actor's ports
 * @param type the type of the tokens the actor accepts
 * @param <T> the token type
 */
public record InputPort<T>(String name, Class<T> type) implements Port<T> {
    /** @throws IllegalArgumentException if the name or type is invalid */
    public InputPort {
        Port.check(name, type);
    }

    @Override
    public String toString() {
        return "input " + name + ": " + type.getSimpleName();
    }
}
