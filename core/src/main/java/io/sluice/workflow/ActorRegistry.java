package io.sluice.workflow;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;

/**
 * Actor types by name, for workflows defined as data (JSON). Immutable and thread-safe once built.
 *
 * <p>There is no global registry: a program builds one with {@link #builder()} or collects the
 * types on a class path with {@link #discover(ClassLoader)} and passes it to a reader of definitions (the JSON form's, {@code io.sluice.workflow.json.WorkflowJson}).
 */
public final class ActorRegistry {
    private final Map<String, ActorFactory> factories;
    private final Map<String, ActorTypeInfo> infos;

    private ActorRegistry(Map<String, ActorFactory> factories, Map<String, ActorTypeInfo> infos) {
        this.factories = Collections.unmodifiableMap(new TreeMap<>(factories));
        this.infos = Collections.unmodifiableMap(new TreeMap<>(infos));
    }

    /** A new, empty builder. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A registry of the types contributed by every {@link ActorTypes} service visible to the
     * class loader.
     *
     * @throws IllegalStateException if two services register the same type name
     */
    public static ActorRegistry discover(ClassLoader classLoader) {
        Builder builder = builder();
        for (ActorTypes types : ServiceLoader.load(ActorTypes.class, classLoader)) {
            types.registerTo(builder);
        }
        return builder.build();
    }

    /** The factory registered under {@code type}. */
    public Optional<ActorFactory> factory(String type) {
        return Optional.ofNullable(factories.get(type));
    }

    /**
     * What a palette shows of {@code type}: as registered, or, for a type registered without a
     * description, its name alone.
     */
    public Optional<ActorTypeInfo> info(String type) {
        if (!factories.containsKey(type)) {
            return Optional.empty();
        }
        return Optional.of(infos.getOrDefault(type, ActorTypeInfo.of(type, "")));
    }

    /** What a palette shows of every registered type, sorted by name ({@link #info}). */
    public List<ActorTypeInfo> infos() {
        return types().stream().map(t -> info(t).orElseThrow()).toList();
    }

    /** The registered type names, sorted. */
    public Set<String> types() {
        return factories.keySet();
    }

    /** Builds an {@link ActorRegistry}. Not thread-safe. */
    public static final class Builder {
        private final Map<String, ActorFactory> factories = new TreeMap<>();
        private final Map<String, ActorTypeInfo> infos = new TreeMap<>();

        private Builder() {}

        /**
         * Registers a factory under a type name, with what a palette shows of it.
         *
         * @throws IllegalStateException if the name is already registered
         * @throws IllegalArgumentException if the name is blank, or the description is of another type
         */
        public Builder register(String type, ActorFactory factory, ActorTypeInfo info) {
            if (!Objects.requireNonNull(info, "info").type().equals(type)) {
                throw new IllegalArgumentException("actor type '" + type + "' is described as '" + info.type() + "'");
            }
            register(type, factory);
            infos.put(type, info);
            return this;
        }

        /**
         * Registers a factory under a type name.
         *
         * @throws IllegalStateException if the name is already registered
         * @throws IllegalArgumentException if the name is blank
         */
        public Builder register(String type, ActorFactory factory) {
            if (type == null || type.isBlank()) {
                throw new IllegalArgumentException("actor type name must not be blank");
            }
            Objects.requireNonNull(factory, "factory");
            if (factories.putIfAbsent(type, factory) != null) {
                throw new IllegalStateException("actor type '" + type + "' is registered twice");
            }
            return this;
        }

        /** Registers the types of a provider. */
        public Builder include(ActorTypes types) {
            types.registerTo(this);
            return this;
        }

        public ActorRegistry build() {
            return new ActorRegistry(factories, infos);
        }
    }
}
