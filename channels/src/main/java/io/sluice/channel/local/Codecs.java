package io.sluice.channel.local;

import io.sluice.codec.Codec;
import io.sluice.codec.CodecProvider;
import java.lang.reflect.Modifier;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceLoader;

/**
 * The codecs persistent channels use, by value type and by id. Immutable and thread-safe.
 *
 * <p>A channel of type {@code T} uses the codec registered for exactly {@code T}; failing that,
 * for a concrete class (a record or a plain Java object), Jackson Smile. Built in: {@code String},
 * the boxed primitives, {@code byte[]}, {@code int[]}, {@code long[]}, {@code double[]},
 * {@code float[]}. Interfaces, abstract classes and {@code Object} need a registered codec (a
 * sealed interface of records, say): Smile could not tell which class to read back.
 *
 * <p>A {@link CodecProvider} may also make codecs on demand, for a family of types (the record
 * codecs of {@code sluice-records}): {@link #forType} asks the providers for a type no codec is
 * registered for before it falls back on Smile, and {@link #forId} asks them for a codec of a
 * family's id that reads into the type given.
 *
 * <p>There is no global registry: {@link #builtIn()} is the starting point, {@link #with} adds a
 * codec, {@link #discover} adds every {@link CodecProvider} service on a class path.
 */
public final class Codecs {
    private static final Codecs BUILT_IN = new Codecs(index(BuiltInCodecs.all(), new HashMap<>(), new HashMap<>()), List.of());

    private final Map<Class<?>, Codec<?>> byType;
    private final Map<String, Codec<?>> byId;
    /** The providers asked for codecs made on demand, in the order they were added. */
    private final List<CodecProvider> providers;

    private Codecs(Maps maps, List<CodecProvider> providers) {
        this.byType = Map.copyOf(maps.byType);
        this.byId = Map.copyOf(maps.byId);
        this.providers = List.copyOf(providers);
    }

    /** The built-in codecs (and Smile for concrete classes). */
    public static Codecs builtIn() {
        return BUILT_IN;
    }

    /**
     * The built-in codecs plus those of every {@link CodecProvider} service visible to the class
     * loader.
     *
     * @throws IllegalStateException if two codecs share an id or a type
     */
    public static Codecs discover(ClassLoader classLoader) {
        Codecs codecs = builtIn();
        for (CodecProvider provider : ServiceLoader.load(CodecProvider.class, classLoader)) {
            codecs = codecs.with(provider);
        }
        return codecs;
    }

    /**
     * These codecs and a provider's: those it lists, and those it makes on demand.
     *
     * @throws IllegalStateException if an id or type of a codec it lists is already taken
     */
    public Codecs with(CodecProvider provider) {
        Objects.requireNonNull(provider, "provider");
        List<CodecProvider> more = new java.util.ArrayList<>(providers);
        more.add(provider);
        return new Codecs(index(provider.codecs(), new HashMap<>(byType), new HashMap<>(byId)), more);
    }

    /**
     * These codecs and one more.
     *
     * @throws IllegalStateException if its id or type is already taken
     */
    public Codecs with(Codec<?> codec) {
        return with(java.util.List.of(codec));
    }

    private Codecs with(Collection<Codec<?>> more) {
        return new Codecs(index(more, new HashMap<>(byType), new HashMap<>(byId)), providers);
    }

    /**
     * The codec for a channel's value type.
     *
     * @throws IllegalArgumentException if no codec is registered for the type and it is not a
     *     concrete class Smile can handle
     */
    @SuppressWarnings("unchecked")
    public <T> Codec<T> forType(Class<T> type) {
        Codec<?> codec = byType.get(type);
        if (codec != null) {
            return (Codec<T>) codec;
        }
        for (CodecProvider provider : providers) {
            Codec<T> made = provider.codecFor(type);
            if (made != null) {
                return made;
            }
        }
        if (type.isInterface() || Modifier.isAbstract(type.getModifiers()) || type == Object.class || type.isArray()) {
            throw new IllegalArgumentException("no codec for " + type.getName() + ": a persistent channel needs a concrete "
                    + "class (a record or plain Java object, stored as Smile) or a codec registered for the type");
        }
        return new SmileCodec<>(type);
    }

    /**
     * The codec stored with a channel: found by id, for the given value type.
     *
     * @throws IllegalArgumentException naming the id if no codec has it, or if the codec is for
     *     another type
     */
    @SuppressWarnings("unchecked")
    public <T> Codec<T> forId(String id, Class<T> type) {
        if (SmileCodec.ID.equals(id)) {
            return new SmileCodec<>(type);
        }
        Codec<?> codec = byId.get(id);
        if (codec == null || codec.type() != type) {
            for (CodecProvider provider : providers) {
                Codec<T> made = provider.codecFor(id, type);
                if (made != null) {
                    return made;
                }
            }
        }
        if (codec == null) {
            throw new IllegalArgumentException("no codec with id '" + id + "'; known: " + new java.util.TreeSet<>(byId.keySet())
                    + ". A codec of your own must be registered (Codecs.with) or provided as a CodecProvider service");
        }
        if (codec.type() != type) {
            throw new IllegalArgumentException("codec '" + id + "' is for " + codec.type().getName() + ", not " + type.getName());
        }
        return (Codec<T>) codec;
    }

    private record Maps(Map<Class<?>, Codec<?>> byType, Map<String, Codec<?>> byId) {}

    private static Maps index(Collection<Codec<?>> codecs, Map<Class<?>, Codec<?>> byType, Map<String, Codec<?>> byId) {
        for (Codec<?> codec : codecs) {
            Objects.requireNonNull(codec.id(), "codec id");
            if (SmileCodec.ID.equals(codec.id()) || byId.putIfAbsent(codec.id(), codec) != null) {
                throw new IllegalStateException("codec id '" + codec.id() + "' is taken");
            }
            if (byType.putIfAbsent(codec.type(), codec) != null) {
                throw new IllegalStateException("two codecs for " + codec.type().getName() + ": '" + byType.get(codec.type()).id()
                        + "' and '" + codec.id() + "'");
            }
        }
        return new Maps(byType, byId);
    }
}
