package io.sluice.moml;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;

/**
 * Ptolemy II class names to {@link ClassMapping}s. Immutable and thread-safe once built. There is
 * no global registry: build one, or collect those on a class path with {@link #discover}.
 */
public final class PtolemyClassRegistry {
    private final Map<String, ClassMapping> mappings;

    private PtolemyClassRegistry(Map<String, ClassMapping> mappings) {
        this.mappings = Collections.unmodifiableMap(new TreeMap<>(mappings));
    }

    /** A new, empty builder. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The mappings of every {@link PtolemyClasses} service visible to {@code classLoader}: the
     * standard library's, and any a jar on the class path adds.
     *
     * @throws IllegalStateException if two services map the same class
     */
    public static PtolemyClassRegistry discover(ClassLoader classLoader) {
        Builder builder = builder();
        for (PtolemyClasses classes : ServiceLoader.load(PtolemyClasses.class, classLoader)) {
            classes.registerTo(builder);
        }
        return builder.build();
    }

    /** The mapping of the Ptolemy class {@code className}. */
    public Optional<ClassMapping> mapping(String className) {
        return Optional.ofNullable(mappings.get(className));
    }

    /** The mapped class names, sorted. */
    public Set<String> classNames() {
        return mappings.keySet();
    }

    /** Builds a {@link PtolemyClassRegistry}. Not thread-safe. */
    public static final class Builder {
        private final Map<String, ClassMapping> mappings = new TreeMap<>();

        private Builder() {}

        /**
         * Maps the Ptolemy class {@code className}.
         *
         * @throws IllegalStateException if it is mapped already
         */
        public Builder map(String className, ClassMapping mapping) {
            if (mappings.putIfAbsent(className, mapping) != null) {
                throw new IllegalStateException("Ptolemy class " + className + " is mapped twice: to " + mappings.get(className)
                        + " and " + mapping);
            }
            return this;
        }

        public PtolemyClassRegistry build() {
            return new PtolemyClassRegistry(mappings);
        }
    }
}
