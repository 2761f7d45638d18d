package io.sluice.records.internal;

import io.sluice.records.FieldAliases;
import io.sluice.records.FieldDefault;
import io.sluice.records.FormatName;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.avro.JsonProperties;
import org.apache.avro.Schema;

/**
 * Not API. Derives the Avro schema of a Java {@code record} class from its components, by the
 * rules {@code docs/records.md} lists: {@code boolean}, {@code int}, {@code long}, {@code float},
 * {@code double} and their boxes, {@code String}, {@code byte[]}, enums, nested records,
 * {@code List<T>}, arrays, {@code Map<String, V>}, and {@code Optional<T>} as a component's own
 * type for an optional field. Stateless; each call derives anew.
 */
public final class JavaRecordSchemas {
    private JavaRecordSchemas() {}

    /**
     * The schema of a record class.
     *
     * @throws IllegalArgumentException naming the record, the component and its type when a
     *     component's type has no format, or its name, default or aliases are not valid in Avro
     */
    public static Schema derive(Class<? extends Record> type) {
        if (!type.isRecord()) {
            throw new IllegalArgumentException(type.getName() + " is not a record class");
        }
        return new Derivation().record(type);
    }

    /** The Avro full name a record or enum class gets: its {@link FormatName}, or one from the class. */
    public static String fullName(Class<?> type) {
        FormatName given = type.getAnnotation(FormatName.class);
        if (given != null) {
            return given.value();
        }
        StringBuilder space = new StringBuilder(type.getPackageName());
        List<String> enclosing = new ArrayList<>();
        for (Class<?> e = type.getEnclosingClass(); e != null; e = e.getEnclosingClass()) {
            enclosing.add(0, e.getSimpleName());
        }
        for (String e : enclosing) {
            space.append(space.length() == 0 ? "" : ".").append(e);
        }
        return space.length() == 0 ? type.getSimpleName() : space + "." + type.getSimpleName();
    }

    /** The class of a type: itself, or the raw type of a parameterized type; null for others. */
    public static Class<?> rawClass(Type type) {
        if (type instanceof Class<?> c) {
            return c;
        }
        if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> c) {
            return c;
        }
        return null;
    }

    /** The {@code i}th type argument of a parameterized type. */
    public static Type typeArgument(Type type, int i) {
        return ((ParameterizedType) type).getActualTypeArguments()[i];
    }

    /** A component's type has no format; the message names the reason only. */
    private static final class Unsupported extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Unsupported(String reason) {
            super(reason, null, false, false);
        }
    }

    private static final class Derivation {
        /** The schemas of the records and enums derived so far, so that each is defined once. */
        private final Map<Class<?>, Schema> named = new HashMap<>();
        private final Map<String, Class<?>> classByName = new HashMap<>();

        Schema record(Class<?> type) {
            Schema done = named.get(type);
            if (done != null) {
                return done;
            }
            FormatName given = type.getAnnotation(FormatName.class);
            Schema schema;
            try {
                schema = Schema.createRecord(fullName(type), null, null, false);
                if (given != null) {
                    for (String alias : given.aliases()) {
                        schema.addAlias(alias);
                    }
                }
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("record " + type.getName() + ": its name '" + fullName(type)
                        + "' is not a valid Avro name (" + e.getMessage() + "); give it a valid one with @FormatName", e);
            }
            register(type, schema);
            List<Schema.Field> fields = new ArrayList<>();
            for (RecordComponent c : type.getRecordComponents()) {
                fields.add(field(type, c));
            }
            schema.setFields(fields);
            return schema;
        }

        private Schema enumeration(Class<?> type) {
            Schema done = named.get(type);
            if (done != null) {
                return done;
            }
            List<String> symbols = new ArrayList<>();
            for (Object constant : type.getEnumConstants()) {
                symbols.add(((Enum<?>) constant).name());
            }
            Schema schema;
            try {
                schema = Schema.createEnum(fullName(type), null, null, symbols);
                FormatName given = type.getAnnotation(FormatName.class);
                if (given != null) {
                    for (String alias : given.aliases()) {
                        schema.addAlias(alias);
                    }
                }
            } catch (RuntimeException e) {
                throw new Unsupported("enum " + type.getName() + " has no valid Avro format: " + e.getMessage());
            }
            register(type, schema);
            return schema;
        }

        private void register(Class<?> type, Schema schema) {
            Class<?> other = classByName.putIfAbsent(schema.getFullName(), type);
            if (other != null) {
                throw new IllegalArgumentException(other.getName() + " and " + type.getName() + " would both be named '"
                        + schema.getFullName() + "' in one format; give one a different name with @FormatName");
            }
            named.put(type, schema);
        }

        private Schema.Field field(Class<?> owner, RecordComponent c) {
            Type type = c.getGenericType();
            FieldDefault given = c.getAnnotation(FieldDefault.class);
            try {
                Object defaultValue = given == null ? null : parseDefault(given.value());
                Schema schema;
                if (rawClass(type) == Optional.class) {
                    if (!(type instanceof ParameterizedType)) {
                        throw new Unsupported("Optional needs a type argument");
                    }
                    Schema inner = schema(typeArgument(type, 0));
                    // Avro takes a union's default from its first branch: null first unless the
                    // default is a value.
                    if (given == null || defaultValue == JsonProperties.NULL_VALUE) {
                        schema = Schema.createUnion(Schema.create(Schema.Type.NULL), inner);
                        defaultValue = JsonProperties.NULL_VALUE;
                    } else {
                        schema = Schema.createUnion(inner, Schema.create(Schema.Type.NULL));
                    }
                } else {
                    schema = schema(type);
                }
                Schema.Field field = defaultValue == null
                        ? new Schema.Field(c.getName(), schema)
                        : new Schema.Field(c.getName(), schema, null, defaultValue);
                FieldAliases aliases = c.getAnnotation(FieldAliases.class);
                if (aliases != null) {
                    for (String alias : aliases.value()) {
                        field.addAlias(alias);
                    }
                }
                return field;
            } catch (Unsupported e) {
                throw new IllegalArgumentException(describe(owner, c) + ": " + e.getMessage(), e);
            } catch (IllegalArgumentException e) {
                throw e;
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(describe(owner, c) + ": " + e.getMessage()
                        + (given == null ? "" : " (its @FieldDefault is " + given.value() + ")"), e);
            }
        }

        private static String describe(Class<?> owner, RecordComponent c) {
            return "record " + owner.getName() + ", component '" + c.getName() + "' of type "
                    + c.getGenericType().getTypeName();
        }

        private static Object parseDefault(String json) {
            try {
                return Schema.parseJsonToObject(json);
            } catch (RuntimeException e) {
                throw new Unsupported("its @FieldDefault is not JSON: " + json);
            }
        }

        private Schema schema(Type type) {
            if (type instanceof Class<?> c) {
                if (c == boolean.class || c == Boolean.class) {
                    return Schema.create(Schema.Type.BOOLEAN);
                } else if (c == int.class || c == Integer.class) {
                    return Schema.create(Schema.Type.INT);
                } else if (c == long.class || c == Long.class) {
                    return Schema.create(Schema.Type.LONG);
                } else if (c == float.class || c == Float.class) {
                    return Schema.create(Schema.Type.FLOAT);
                } else if (c == double.class || c == Double.class) {
                    return Schema.create(Schema.Type.DOUBLE);
                } else if (c == String.class) {
                    return Schema.create(Schema.Type.STRING);
                } else if (c == byte[].class) {
                    return Schema.create(Schema.Type.BYTES);
                } else if (c.isEnum()) {
                    return enumeration(c);
                } else if (c.isRecord()) {
                    return record(c);
                } else if (c.isArray()) {
                    return Schema.createArray(schema(c.getComponentType()));
                } else if (c == List.class || c == Map.class || c == Optional.class) {
                    throw new Unsupported(c.getSimpleName() + " needs a type argument");
                }
                throw new Unsupported(c.getName() + " has no record format: use boolean, int, long, float, double "
                        + "(or their boxes), String, byte[], an enum, a record, List<T>, an array, Map<String, V>, "
                        + "or Optional<T> for an optional field");
            }
            if (type instanceof ParameterizedType p) {
                Class<?> raw = rawClass(p);
                if (raw == List.class) {
                    return Schema.createArray(schema(typeArgument(p, 0)));
                } else if (raw == Map.class) {
                    if (typeArgument(p, 0) != String.class) {
                        throw new Unsupported("a map's keys must be String, not " + typeArgument(p, 0).getTypeName());
                    }
                    return Schema.createMap(schema(typeArgument(p, 1)));
                } else if (raw == Optional.class) {
                    throw new Unsupported("Optional makes an optional field only as a component's own type, not "
                            + "inside a list, array, map or another Optional");
                }
                throw new Unsupported(p.getTypeName() + " has no record format: of the generic types, List<T>, "
                        + "Map<String, V> and Optional<T> have one");
            }
            if (type instanceof GenericArrayType a) {
                return Schema.createArray(schema(a.getGenericComponentType()));
            }
            throw new Unsupported(type.getTypeName() + " has no record format: use a concrete type, not a type "
                    + "variable or wildcard");
        }
    }
}
