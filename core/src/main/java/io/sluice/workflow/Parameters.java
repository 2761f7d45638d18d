package io.sluice.workflow;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/**
 * The parameters an actor is created with by an {@link ActorFactory}: the {@code params} object
 * of an actor in a JSON workflow, or a map given in Java.
 *
 * <p>Getters throw {@link IllegalArgumentException} naming the parameter when it is missing (for
 * the getters without a default) or of the wrong kind; the JSON loader adds the actor and line.
 * The loader also rejects parameters the factory never asked for, which catches misspelt names:
 * a factory should ask for every parameter it understands, with {@link #has} if it only needs to
 * know whether one is present.
 *
 * <p>Not thread-safe; used by one factory call.
 */
public interface Parameters {

    /** Parameters from a map of JSON-like values (strings, numbers, booleans, lists, maps). */
    static Parameters of(Map<String, ?> values) {
        return new MapParameters(values, Path.of(""));
    }

    /**
     * Parameters whose relative paths are resolved against {@code baseDirectory} (for JSON
     * workflows, the directory of the JSON file).
     */
    static Parameters of(Map<String, ?> values, Path baseDirectory) {
        return new MapParameters(values, baseDirectory);
    }

    /** True if the parameter is given. */
    boolean has(String name);

    /** A required string. */
    String string(String name);

    /** An optional string. */
    String string(String name, String defaultValue);

    /** A required integer. */
    long longValue(String name);

    /** An optional integer. */
    long longValue(String name, long defaultValue);

    /** An optional integer that fits in an {@code int}. */
    int intValue(String name, int defaultValue);

    /** An optional number. */
    double doubleValue(String name, double defaultValue);

    /** An optional boolean. */
    boolean booleanValue(String name, boolean defaultValue);

    /** A required path; relative paths are resolved against the base directory. */
    Path path(String name);

    /** The names of the parameters given. */
    Set<String> names();

    /** The names of the parameters that no getter or {@link #has} asked for. */
    Set<String> unread();

    /** The parameters as given, for storing with a run. */
    Map<String, Object> asMap();
}
