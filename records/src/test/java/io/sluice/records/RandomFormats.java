package io.sluice.records;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.apache.avro.JsonProperties;
import org.apache.avro.Schema;

/**
 * A small model of record formats for property tests: random formats (nested records, arrays,
 * maps, optional fields, enums), random values of them as plain Java values (a record is a map
 * of field name to value), and random evolutions of a format that say how each value reads under
 * the evolved one. Every record type and field gets a fresh name, so names never clash.
 */
final class RandomFormats {
    /** A type of the model. */
    sealed interface Type permits Prim, Enum, Rec, Arr, MapOf, Opt {}

    record Prim(Schema.Type type) implements Type {}

    record Enum(String name, List<String> symbols) implements Type {}

    record Rec(String name, List<Field> fields) implements Type {}

    record Arr(Type items) implements Type {}

    record MapOf(Type values) implements Type {}

    record Opt(Type inner) implements Type {}

    /** A field; {@code defaultValue} is {@link #NO_DEFAULT} or a plain value (null for null). */
    record Field(String name, Type type, Object defaultValue, List<String> aliases) {}

    static final Object NO_DEFAULT = new Object();

    private static final Schema.Type[] PRIMITIVES = {Schema.Type.INT, Schema.Type.LONG, Schema.Type.FLOAT,
        Schema.Type.DOUBLE, Schema.Type.BOOLEAN, Schema.Type.STRING, Schema.Type.BYTES};

    private final Random random;
    private int names;

    RandomFormats(Random random) {
        this.random = random;
    }

    private String fresh(String prefix) {
        return prefix + names++;
    }

    // ---------------------------------------------------------------- formats

    Rec record(int depth) {
        int n = random.nextInt(depth == 0 ? 6 : 4) + (depth == 0 ? 1 : 0);
        List<Field> fields = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            fields.add(new Field(fresh("f"), type(depth), NO_DEFAULT, List.of()));
        }
        return new Rec(fresh("R"), fields);
    }

    private Type type(int depth) {
        int pick = random.nextInt(depth >= 2 ? 8 : 13);
        if (pick < 7) {
            return new Prim(PRIMITIVES[pick]);
        } else if (pick == 7) {
            List<String> symbols = new ArrayList<>();
            for (int i = random.nextInt(3) + 1; i > 0; i--) {
                symbols.add(fresh("S"));
            }
            return new Enum(fresh("E"), symbols);
        } else if (pick <= 9) {
            return record(depth + 1);
        } else if (pick == 10) {
            return new Arr(type(depth + 1));
        } else if (pick == 11) {
            return new MapOf(type(depth + 1));
        }
        Type inner = type(depth + 1);
        return inner instanceof Opt ? inner : new Opt(inner);
    }

    static Schema schema(Type type) {
        if (type instanceof Prim p) {
            return Schema.create(p.type());
        } else if (type instanceof Enum e) {
            return Schema.createEnum(e.name(), null, "test", e.symbols());
        } else if (type instanceof Rec r) {
            List<Schema.Field> fields = new ArrayList<>();
            for (Field f : r.fields()) {
                Schema.Field field = f.defaultValue() == NO_DEFAULT ? new Schema.Field(f.name(), schema(f.type()))
                        : new Schema.Field(f.name(), schema(f.type()), null,
                                f.defaultValue() == null ? JsonProperties.NULL_VALUE : f.defaultValue());
                f.aliases().forEach(field::addAlias);
                fields.add(field);
            }
            return Schema.createRecord(r.name(), null, "test", false, fields);
        } else if (type instanceof Arr a) {
            return Schema.createArray(schema(a.items()));
        } else if (type instanceof MapOf m) {
            return Schema.createMap(schema(m.values()));
        }
        return Schema.createUnion(Schema.create(Schema.Type.NULL), schema(((Opt) type).inner()));
    }

    static RecordFormat format(Rec rec) {
        return RecordFormat.of(schema(rec));
    }

    // ---------------------------------------------------------------- values

    Object value(Type type) {
        if (type instanceof Prim p) {
            switch (p.type()) {
                case INT:
                    return random.nextInt(4) == 0 ? new int[] {0, -1, Integer.MIN_VALUE, Integer.MAX_VALUE}[random.nextInt(4)]
                            : random.nextInt();
                case LONG:
                    return random.nextInt(4) == 0 ? new long[] {0, -1, Long.MIN_VALUE, Long.MAX_VALUE}[random.nextInt(4)]
                            : random.nextLong();
                case FLOAT:
                    return random.nextInt(5) == 0 ? new float[] {Float.NaN, -0.0f, Float.POSITIVE_INFINITY, Float.MIN_VALUE}[random.nextInt(4)]
                            : (random.nextFloat() - 0.5f) * 1e6f;
                case DOUBLE:
                    return random.nextInt(5) == 0 ? new double[] {Double.NaN, -0.0, Double.NEGATIVE_INFINITY, Double.MAX_VALUE}[random.nextInt(4)]
                            : random.nextGaussian() * 1e9;
                case BOOLEAN:
                    return random.nextBoolean();
                case STRING:
                    return string();
                default: {
                    byte[] bytes = new byte[random.nextInt(6)];
                    random.nextBytes(bytes);
                    return ByteBuffer.wrap(bytes);
                }
            }
        } else if (type instanceof Enum e) {
            return e.symbols().get(random.nextInt(e.symbols().size()));
        } else if (type instanceof Rec r) {
            Map<String, Object> values = new LinkedHashMap<>();
            for (Field f : r.fields()) {
                values.put(f.name(), value(f.type()));
            }
            return values;
        } else if (type instanceof Arr a) {
            List<Object> list = new ArrayList<>();
            for (int i = random.nextInt(4); i > 0; i--) {
                list.add(value(a.items()));
            }
            return list;
        } else if (type instanceof MapOf m) {
            Map<String, Object> map = new LinkedHashMap<>();
            for (int i = random.nextInt(4); i > 0; i--) {
                map.put(string(), value(m.values()));
            }
            return map;
        }
        return random.nextInt(3) == 0 ? null : value(((Opt) type).inner());
    }

    private String string() {
        StringBuilder s = new StringBuilder();
        for (int i = random.nextInt(6); i > 0; i--) {
            int kind = random.nextInt(4);
            s.appendCodePoint(kind == 0 ? 'a' + random.nextInt(26) : kind == 1 ? 0x20 + random.nextInt(0x5f)
                    : kind == 2 ? 0xa0 + random.nextInt(0xd000) : 0x1f600 + random.nextInt(0x40));
        }
        return s.toString();
    }

    /** A plain value as a stored value of the model's type, records built with the format's nested formats. */
    static Object stored(Type type, Object plain, RecordFormat root) {
        if (plain == null) {
            return null;
        } else if (type instanceof Rec r) {
            @SuppressWarnings("unchecked")
            Map<String, Object> values = (Map<String, Object>) plain;
            RecordValue.Builder b = RecordValue.builder(root.nestedFormat("test." + r.name()));
            for (Field f : r.fields()) {
                b.set(f.name(), stored(f.type(), values.get(f.name()), root));
            }
            return b.build();
        } else if (type instanceof Arr a) {
            List<Object> list = new ArrayList<>();
            for (Object e : (List<?>) plain) {
                list.add(stored(a.items(), e, root));
            }
            return list;
        } else if (type instanceof MapOf m) {
            Map<String, Object> map = new LinkedHashMap<>();
            ((Map<?, ?>) plain).forEach((k, v) -> map.put((String) k, stored(m.values(), v, root)));
            return map;
        } else if (type instanceof Opt o) {
            return stored(o.inner(), plain, root);
        }
        return plain;
    }

    /** A stored value as a plain one: records become maps of field name to value. */
    static Object plain(Object stored) {
        if (stored instanceof RecordValue r) {
            Map<String, Object> values = new LinkedHashMap<>();
            for (RecordField f : r.format().fields()) {
                values.put(f.name(), plain(r.get(f.name())));
            }
            return values;
        } else if (stored instanceof List<?> l) {
            List<Object> list = new ArrayList<>();
            l.forEach(e -> list.add(plain(e)));
            return list;
        } else if (stored instanceof Map<?, ?> m) {
            Map<Object, Object> map = new LinkedHashMap<>();
            m.forEach((k, v) -> map.put(k, plain(v)));
            return map;
        }
        return stored;
    }

    // ---------------------------------------------------------------- evolutions

    /** An evolved type and how a plain value of the old type reads as one of it. */
    record Evolution(Type type, Function<Object, Object> read) {}

    /**
     * A compatible evolution: fields added with defaults, removed, renamed with the old name as an
     * alias, reordered; numbers widened (int to long, float or double; long to float or double;
     * float to double), strings read as bytes; enum symbols added; and the same within nested
     * records, arrays, maps and optional fields.
     */
    Evolution evolve(Type type) {
        if (type instanceof Prim p && random.nextInt(3) == 0) {
            switch (p.type()) {
                case INT: {
                    int to = random.nextInt(3);
                    return to == 0 ? new Evolution(new Prim(Schema.Type.LONG), v -> (long) (int) v)
                            : to == 1 ? new Evolution(new Prim(Schema.Type.FLOAT), v -> (float) (int) v)
                            : new Evolution(new Prim(Schema.Type.DOUBLE), v -> (double) (int) v);
                }
                case LONG:
                    return random.nextBoolean() ? new Evolution(new Prim(Schema.Type.FLOAT), v -> (float) (long) v)
                            : new Evolution(new Prim(Schema.Type.DOUBLE), v -> (double) (long) v);
                case FLOAT:
                    return new Evolution(new Prim(Schema.Type.DOUBLE), v -> (double) (float) v);
                case STRING:
                    return new Evolution(new Prim(Schema.Type.BYTES), v -> ByteBuffer.wrap(((String) v).getBytes(StandardCharsets.UTF_8)));
                default:
                    break;
            }
        } else if (type instanceof Enum e && random.nextInt(3) == 0) {
            List<String> symbols = new ArrayList<>(e.symbols());
            symbols.add(random.nextInt(symbols.size() + 1), fresh("S"));
            return new Evolution(new Enum(e.name(), symbols), v -> v);
        } else if (type instanceof Rec r) {
            return evolveRecord(r);
        } else if (type instanceof Arr a) {
            Evolution items = evolve(a.items());
            return new Evolution(new Arr(items.type()), v -> {
                List<Object> list = new ArrayList<>();
                ((List<?>) v).forEach(e -> list.add(items.read().apply(e)));
                return list;
            });
        } else if (type instanceof MapOf m) {
            Evolution values = evolve(m.values());
            return new Evolution(new MapOf(values.type()), v -> {
                Map<Object, Object> map = new LinkedHashMap<>();
                ((Map<?, ?>) v).forEach((k, x) -> map.put(k, values.read().apply(x)));
                return map;
            });
        } else if (type instanceof Opt o) {
            Evolution inner = evolve(o.inner());
            return new Evolution(new Opt(inner.type()), v -> v == null ? null : inner.read().apply(v));
        }
        return new Evolution(type, v -> v);
    }

    private Evolution evolveRecord(Rec writer) {
        /** Where each reader field's value comes from: a writer field's name, or null for its default. */
        List<Field> fields = new ArrayList<>();
        List<String> sources = new ArrayList<>();
        List<Function<Object, Object>> reads = new ArrayList<>();
        for (Field f : writer.fields()) {
            if (random.nextInt(7) == 0) {
                continue; // removed: the reader skips it
            }
            Evolution e = evolve(f.type());
            boolean rename = random.nextInt(6) == 0;
            fields.add(new Field(rename ? fresh("renamed") : f.name(), e.type(), NO_DEFAULT,
                    rename ? List.of(f.name()) : List.of()));
            sources.add(f.name());
            reads.add(e.read());
        }
        for (int added = random.nextInt(4) == 0 ? random.nextInt(2) + 1 : 0; added > 0; added--) {
            Field f = addedField();
            fields.add(f);
            sources.add(null);
            reads.add(v -> f.defaultValue());
        }
        if (random.nextBoolean()) {
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < fields.size(); i++) {
                order.add(i);
            }
            Collections.shuffle(order, random);
            List<Field> f2 = new ArrayList<>();
            List<String> s2 = new ArrayList<>();
            List<Function<Object, Object>> r2 = new ArrayList<>();
            for (int i : order) {
                f2.add(fields.get(i));
                s2.add(sources.get(i));
                r2.add(reads.get(i));
            }
            fields = f2;
            sources = s2;
            reads = r2;
        }
        List<Field> readerFields = fields;
        List<String> from = sources;
        List<Function<Object, Object>> convert = reads;
        return new Evolution(new Rec(writer.name(), readerFields), v -> {
            Map<?, ?> values = (Map<?, ?>) v;
            Map<String, Object> read = new LinkedHashMap<>();
            for (int i = 0; i < readerFields.size(); i++) {
                read.put(readerFields.get(i).name(), convert.get(i).apply(from.get(i) == null ? null : values.get(from.get(i))));
            }
            return read;
        });
    }

    private Field addedField() {
        String name = fresh("added");
        switch (random.nextInt(7)) {
            case 0:
                return new Field(name, new Prim(Schema.Type.INT), random.nextInt(100) - 50, List.of());
            case 1:
                return new Field(name, new Prim(Schema.Type.LONG), random.nextLong(), List.of());
            case 2:
                return new Field(name, new Prim(Schema.Type.DOUBLE), 2.5, List.of());
            case 3:
                return new Field(name, new Prim(Schema.Type.STRING), "dflt", List.of());
            case 4:
                return new Field(name, new Prim(Schema.Type.BOOLEAN), true, List.of());
            case 5:
                return new Field(name, new Opt(new Prim(Schema.Type.STRING)), null, List.of());
            default:
                return new Field(name, new Arr(new Prim(Schema.Type.INT)), List.of(), List.of());
        }
    }

    // ---------------------------------------------------------------- incompatible changes

    /** An incompatible change and the path of the field its message must name. */
    record Break(Rec reader, String path, String what) {}

    /**
     * A change the old records cannot be read under: a field the reader needs, without a default,
     * added to some record of the format (the writer "removed" it), or a number field narrowed
     * (long to int; float to int or long; double to int, long or float). Null when the format has no
     * field to narrow and the coin chose narrowing.
     */
    Break incompatible(Rec writer) {
        List<Site> sites = new ArrayList<>();
        sites(writer, "", false, sites);
        boolean narrow = random.nextBoolean();
        if (narrow) {
            List<Site> numbers = new ArrayList<>();
            for (Site s : sites) {
                for (Field f : s.rec().fields()) {
                    if (f.type() instanceof Prim p && narrowed(p.type()) != null) {
                        numbers.add(new Site(s.rec(), s.path(), s.frozen(), f));
                    }
                }
            }
            if (numbers.isEmpty()) {
                return null;
            }
            Site site = numbers.get(random.nextInt(numbers.size()));
            Schema.Type from = ((Prim) site.field().type()).type();
            Schema.Type to = narrowed(from);
            Rec reader = (Rec) replace(writer, site.rec(), r -> {
                List<Field> fields = new ArrayList<>();
                for (Field f : r.fields()) {
                    fields.add(f == site.field() ? new Field(f.name(), new Prim(to), NO_DEFAULT, List.of()) : f);
                }
                return new Rec(r.name(), fields);
            });
            return new Break(reader, site.frozen() ? site.path() : join(site.path(), site.field().name()),
                    "narrowed " + site.field().name() + " from " + from + " to " + to);
        }
        Site site = sites.get(random.nextInt(sites.size()));
        Field needed = new Field(fresh("needed"), type(2), NO_DEFAULT, List.of());
        Rec reader = (Rec) replace(writer, site.rec(), r -> {
            List<Field> fields = new ArrayList<>(r.fields());
            fields.add(random.nextInt(fields.size() + 1), needed);
            return new Rec(r.name(), fields);
        });
        return new Break(reader, site.frozen() ? site.path() : join(site.path(), needed.name()),
                "added " + needed.name() + " without a default");
    }

    private Schema.Type narrowed(Schema.Type type) {
        switch (type) {
            case LONG:
                return Schema.Type.INT;
            case FLOAT:
                return random.nextBoolean() ? Schema.Type.INT : Schema.Type.LONG;
            case DOUBLE:
                return new Schema.Type[] {Schema.Type.INT, Schema.Type.LONG, Schema.Type.FLOAT}[random.nextInt(3)];
            default:
                return null;
        }
    }

    /**
     * A record of the format and the path its fields are reported at. Within an optional field the
     * compatibility check reports the optional field itself (its union has no branch for the
     * writer's record), so the path freezes there.
     */
    private record Site(Rec rec, String path, boolean frozen, Field field) {}

    private static void sites(Type type, String path, boolean frozen, List<Site> out) {
        if (type instanceof Rec r) {
            out.add(new Site(r, path, frozen, null));
            for (Field f : r.fields()) {
                sites(f.type(), frozen ? path : join(path, f.name()), frozen, out);
            }
        } else if (type instanceof Arr a) {
            sites(a.items(), frozen ? path : path + "[]", frozen, out);
        } else if (type instanceof MapOf m) {
            sites(m.values(), frozen ? path : path + "{}", frozen, out);
        } else if (type instanceof Opt o) {
            sites(o.inner(), path, true, out);
        }
    }

    private static String join(String path, String name) {
        return path.isEmpty() ? name : path + "." + name;
    }

    /** The type with one record (by identity) replaced. */
    private static Type replace(Type type, Rec target, Function<Rec, Rec> change) {
        if (type == target) {
            return change.apply(target);
        } else if (type instanceof Rec r) {
            List<Field> fields = new ArrayList<>();
            for (Field f : r.fields()) {
                fields.add(new Field(f.name(), replace(f.type(), target, change), f.defaultValue(), f.aliases()));
            }
            return new Rec(r.name(), fields);
        } else if (type instanceof Arr a) {
            return new Arr(replace(a.items(), target, change));
        } else if (type instanceof MapOf m) {
            return new MapOf(replace(m.values(), target, change));
        } else if (type instanceof Opt o) {
            return new Opt(replace(o.inner(), target, change));
        }
        return type;
    }
}
