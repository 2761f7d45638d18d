package io.sluice.records;

import io.sluice.records.internal.AvroSchemas;
import io.sluice.records.internal.JavaRecordSchemas;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.avro.Schema;

/**
 * A Java record class seen as records of its derived format: its instances turned into record
 * values and back, component by component, through method handles made once. Immutable and
 * thread-safe once made.
 *
 * @param <T> the record class
 */
final class JavaRecordMapping<T extends Record> {
    private final Class<T> type;
    private final RecordFormat format;
    private final String[] names;
    // Filled by the Builder before the mapping is handed out, and never changed after.
    private MethodHandle[] accessors;
    private Adapter[] adapters;
    private MethodHandle constructor;
    private MethodHandle exactConstructor;
    private Class<?>[] componentTypes;
    private JavaRecordMapping<?>[] nestedMappings;

    private JavaRecordMapping(Class<T> type, RecordFormat format) {
        this.type = type;
        this.format = format;
        RecordComponent[] components = type.getRecordComponents();
        this.names = new String[components.length];
        for (int i = 0; i < components.length; i++) {
            names[i] = components[i].getName();
        }
    }

    /**
     * The mapping of a record class, with the format derived from it.
     *
     * @throws IllegalArgumentException as {@link RecordFormat#of(Class)} does, or if the class's
     *     accessors and constructor cannot be reached
     */
    static <T extends Record> JavaRecordMapping<T> of(Class<T> type) {
        RecordFormat format = RecordFormat.of(type);
        return new Builder(format).mapping(type, format.avroSchema());
    }

    RecordFormat format() {
        return format;
    }

    Class<T> type() {
        return type;
    }

    /**
     * The record as a record value.
     *
     * @throws IllegalArgumentException naming the record class and the path of the component
     *     that is null without being an {@code Optional}
     */
    RecordValue toValue(T record) {
        if (record == null) {
            throw new IllegalArgumentException("no record of " + type.getName() + " (null) to write");
        }
        try {
            return stored(record);
        } catch (Problem p) {
            throw new IllegalArgumentException("record " + type.getName() + ", component '" + p.path + "': " + p.getMessage());
        }
    }

    private ImmutableRecordValue stored(Object record) {
        Object[] values = new Object[accessors.length];
        for (int i = 0; i < values.length; i++) {
            Object component;
            try {
                component = (Object) accessors[i].invokeExact(record);
            } catch (Throwable t) {
                throw new IllegalStateException("the accessor of " + type.getName() + "." + names[i] + " failed: " + t, t);
            }
            try {
                values[i] = adapters[i].toStored(component);
            } catch (Problem p) {
                throw p.within(names[i]);
            }
        }
        return new ImmutableRecordValue(format, values);
    }

    /** A record value of this mapping's format as an instance of the class. */
    T fromValue(RecordValue value) {
        ImmutableRecordValue stored = (ImmutableRecordValue) value;
        Object[] args = new Object[adapters.length];
        for (int i = 0; i < args.length; i++) {
            args[i] = adapters[i].toJava(stored.valueAt(i));
        }
        try {
            return type.cast((Object) constructor.invokeExact(args));
        } catch (RuntimeException | Error e) {
            throw e; // a compact constructor that refuses the values: the record's own message
        } catch (Throwable t) {
            throw new IllegalStateException("the constructor of " + type.getName() + " failed: " + t, t);
        }
    }

    /** The canonical constructor, of its own type ({@code (C0 .. Cn-1)T}), for the generated resolver. */
    MethodHandle exactConstructor() {
        return exactConstructor;
    }

    /** The class of component {@code i}. */
    Class<?> componentType(int i) {
        return componentTypes[i];
    }

    /** The mapping of component {@code i} when it is a record class (not within a list or an Optional); else null. */
    JavaRecordMapping<?> nestedMapping(int i) {
        return nestedMappings[i];
    }

    /** Whether component {@code i}'s Java value is its stored value (a primitive, its box or a String). */
    boolean storedAsIs(int i) {
        return adapters[i] == Builder.SAME;
    }

    /** Component {@code i}'s stored value to its Java value, as a handle of type {@code (Object)Object}. */
    MethodHandle toJava(int i) {
        try {
            return MethodHandles.lookup().findVirtual(Adapter.class, "toJava", MethodType.methodType(Object.class, Object.class))
                    .bindTo(adapters[i]);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Converts one component (or element) between its Java value and its stored value. */
    private interface Adapter {
        Object toStored(Object java);

        Object toJava(Object stored);
    }

    /** A Java value that cannot be stored: its reason, and the path of components it is at. */
    private static final class Problem extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final StringBuilder path = new StringBuilder();

        Problem(String reason) {
            super(reason, null, false, false);
        }

        Problem within(String step) {
            boolean bracket = path.length() > 0 && (path.charAt(0) == '[' || path.charAt(0) == '{');
            path.insert(0, path.length() == 0 || bracket ? step : step + ".");
            return this;
        }
    }

    private static Object present(Object java) {
        if (java == null) {
            throw new Problem("it is null; only an Optional component may be empty");
        }
        return java;
    }

    /** Makes the mappings of a record class and the records within it, each once. */
    private static final class Builder {
        private static final Adapter SAME = new Adapter() {
            @Override
            public Object toStored(Object java) {
                return present(java);
            }

            @Override
            public Object toJava(Object stored) {
                return stored;
            }
        };

        private final RecordFormat root;
        private final Map<Class<?>, JavaRecordMapping<?>> made = new HashMap<>();

        Builder(RecordFormat root) {
            this.root = root;
        }

        <R extends Record> JavaRecordMapping<R> mapping(Class<R> type, Schema schema) {
            @SuppressWarnings("unchecked")
            JavaRecordMapping<R> done = (JavaRecordMapping<R>) made.get(type);
            if (done != null) {
                return done;
            }
            JavaRecordMapping<R> mapping = new JavaRecordMapping<>(type, root.formatOf(schema));
            made.put(type, mapping);
            RecordComponent[] components = type.getRecordComponents();
            MethodHandle[] accessors = new MethodHandle[components.length];
            Adapter[] adapters = new Adapter[components.length];
            Class<?>[] parameterTypes = new Class<?>[components.length];
            JavaRecordMapping<?>[] nestedMappings = new JavaRecordMapping<?>[components.length];
            MethodType generic = MethodType.methodType(Object.class, Object.class);
            for (int i = 0; i < components.length; i++) {
                RecordComponent c = components[i];
                parameterTypes[i] = c.getType();
                accessors[i] = accessor(type, c.getAccessor()).asType(generic);
                Schema fieldSchema = schema.getFields().get(i).schema();
                if (c.getType().isRecord()) {
                    nestedMappings[i] = mapping(c.getType().asSubclass(Record.class), fieldSchema);
                }
                adapters[i] = c.getType() == Optional.class
                        ? optional(adapter(JavaRecordSchemas.typeArgument(c.getGenericType(), 0), AvroSchemas.optionalOf(fieldSchema)))
                        : adapter(c.getGenericType(), fieldSchema);
            }
            MethodHandle constructor;
            try {
                Constructor<R> canonical = type.getDeclaredConstructor(parameterTypes);
                canonical.setAccessible(true);
                constructor = MethodHandles.lookup().unreflectConstructor(canonical);
            } catch (ReflectiveOperationException | RuntimeException e) {
                throw unreachable(type, e);
            }
            mapping.accessors = accessors;
            mapping.componentTypes = parameterTypes;
            mapping.nestedMappings = nestedMappings;
            mapping.exactConstructor = constructor;
            mapping.adapters = adapters;
            mapping.constructor = constructor.asType(constructor.type().generic())
                    .asSpreader(Object[].class, components.length);
            return mapping;
        }

        private static MethodHandle accessor(Class<?> type, Method method) {
            try {
                method.setAccessible(true);
                return MethodHandles.lookup().unreflect(method);
            } catch (ReflectiveOperationException | RuntimeException e) {
                throw unreachable(type, e);
            }
        }

        private static IllegalArgumentException unreachable(Class<?> type, Exception e) {
            return new IllegalArgumentException("record " + type.getName() + " cannot be read or made by sluice-records: "
                    + e.getMessage() + "; make it public in an exported package, or open its package to sluice-records", e);
        }

        private Adapter adapter(Type type, Schema schema) {
            if (type instanceof Class<?> c) {
                if (c == byte[].class) {
                    return new Adapter() {
                        @Override
                        public Object toStored(Object java) {
                            return Values.bytes(present(java));
                        }

                        @Override
                        public Object toJava(Object stored) {
                            ByteBuffer b = ((ByteBuffer) stored).duplicate();
                            byte[] bytes = new byte[b.remaining()];
                            b.get(bytes);
                            return bytes;
                        }
                    };
                } else if (c.isEnum()) {
                    return enumeration(c);
                } else if (c.isRecord()) {
                    JavaRecordMapping<?> nested = mapping(c.asSubclass(Record.class), schema);
                    return new Adapter() {
                        @Override
                        public Object toStored(Object java) {
                            return nested.stored(present(java));
                        }

                        @Override
                        public Object toJava(Object stored) {
                            return nested.fromValue((RecordValue) stored);
                        }
                    };
                } else if (c.isArray()) {
                    return array(c.getComponentType(), adapter(c.getComponentType(), schema.getElementType()));
                }
                return SAME; // boolean, int, long, float, double, their boxes, String
            }
            if (type instanceof GenericArrayType a) {
                Type component = a.getGenericComponentType();
                return array(JavaRecordSchemas.rawClass(component), adapter(component, schema.getElementType()));
            }
            Class<?> raw = JavaRecordSchemas.rawClass(type);
            if (raw == List.class) {
                return list(adapter(JavaRecordSchemas.typeArgument(type, 0), schema.getElementType()));
            }
            if (raw == Map.class) {
                return map(adapter(JavaRecordSchemas.typeArgument(type, 1), schema.getValueType()));
            }
            throw new IllegalStateException("no adapter for " + type.getTypeName()); // the derivation refused it
        }

        private static Adapter enumeration(Class<?> type) {
            Map<String, Object> constants = new HashMap<>();
            for (Object constant : type.getEnumConstants()) {
                constants.put(((Enum<?>) constant).name(), constant);
            }
            return new Adapter() {
                @Override
                public Object toStored(Object java) {
                    return ((Enum<?>) present(java)).name();
                }

                @Override
                public Object toJava(Object stored) {
                    return constants.get(stored);
                }
            };
        }

        private static Adapter optional(Adapter inner) {
            return new Adapter() {
                @Override
                public Object toStored(Object java) {
                    if (java == null) {
                        throw new Problem("it is null; an Optional component is empty, never null");
                    }
                    Optional<?> o = (Optional<?>) java;
                    return o.isPresent() ? inner.toStored(o.get()) : null;
                }

                @Override
                public Object toJava(Object stored) {
                    return stored == null ? Optional.empty() : Optional.of(inner.toJava(stored));
                }
            };
        }

        private static Adapter array(Class<?> componentType, Adapter element) {
            return new Adapter() {
                @Override
                public Object toStored(Object java) {
                    int n = Array.getLength(present(java));
                    List<Object> list = new ArrayList<>(n);
                    for (int i = 0; i < n; i++) {
                        try {
                            list.add(element.toStored(Array.get(java, i)));
                        } catch (Problem p) {
                            throw p.within("[" + i + "]");
                        }
                    }
                    return Collections.unmodifiableList(list);
                }

                @Override
                public Object toJava(Object stored) {
                    List<?> list = (List<?>) stored;
                    Object array = Array.newInstance(componentType, list.size());
                    for (int i = 0; i < list.size(); i++) {
                        Array.set(array, i, element.toJava(list.get(i)));
                    }
                    return array;
                }
            };
        }

        private static Adapter list(Adapter element) {
            return new Adapter() {
                @Override
                public Object toStored(Object java) {
                    List<?> source = (List<?>) present(java);
                    List<Object> list = new ArrayList<>(source.size());
                    int i = 0;
                    for (Object e : source) {
                        try {
                            list.add(element.toStored(e));
                        } catch (Problem p) {
                            throw p.within("[" + i + "]");
                        }
                        i++;
                    }
                    return Collections.unmodifiableList(list);
                }

                @Override
                public Object toJava(Object stored) {
                    if (element == SAME) {
                        return stored; // an unmodifiable list of immutable values already
                    }
                    List<?> source = (List<?>) stored;
                    List<Object> list = new ArrayList<>(source.size());
                    for (Object e : source) {
                        list.add(element.toJava(e));
                    }
                    return Collections.unmodifiableList(list);
                }
            };
        }

        private static Adapter map(Adapter value) {
            return new Adapter() {
                @Override
                public Object toStored(Object java) {
                    Map<?, ?> source = (Map<?, ?>) present(java);
                    Map<String, Object> map = new LinkedHashMap<>();
                    for (Map.Entry<?, ?> e : source.entrySet()) {
                        if (e.getKey() == null) {
                            throw new Problem("a key is null");
                        }
                        try {
                            map.put((String) e.getKey(), value.toStored(e.getValue()));
                        } catch (Problem p) {
                            throw p.within("{" + e.getKey() + "}");
                        }
                    }
                    return Collections.unmodifiableMap(map);
                }

                @Override
                public Object toJava(Object stored) {
                    Map<?, ?> source = (Map<?, ?>) stored;
                    Map<String, Object> map = new LinkedHashMap<>();
                    for (Map.Entry<?, ?> e : source.entrySet()) {
                        map.put((String) e.getKey(), value.toJava(e.getValue()));
                    }
                    return Collections.unmodifiableMap(map);
                }
            };
        }
    }
}
