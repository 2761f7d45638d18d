package io.sluice.records;

import io.sluice.records.internal.AvroSchemas;
import io.sluice.records.internal.JavaRecordSchemas;
import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;

/**
 * A record format: the name of a kind of record and its fields' names, types and defaults, which
 * travel with records (or once before them) so that readers and writers agree by field name and
 * not by layout. It is an Apache Avro schema of type {@code record}, so other tools read and write
 * it, and records are Avro's binary encoding of their fields under it.
 *
 * <p>Made by {@link #of(Class)} from a Java {@code record} class (the rules are in
 * {@code docs/records.md}), by {@link #parse(String)} from Avro schema JSON, or by
 * {@link #of(Schema)} from an Avro schema object.
 *
 * <p><b>Identity.</b> Two formats are {@link #equals equal} when their schemas are: same names,
 * fields, types, defaults and aliases. The {@link #fingerprint()} identifies the <em>layout</em>
 * only (Avro's parsing form drops defaults, aliases and documentation), which is what decoding a
 * writer's bytes depends on: two formats with one fingerprint encode every record alike.
 *
 * <p><b>Threading.</b> Immutable and thread-safe; the schema it holds is never handed out
 * ({@link #schema()} returns a copy).
 */
public final class RecordFormat {
    private final Schema schema;
    /** The formats of every record type within this one's schema, this one included, by schema identity. */
    private final Map<Schema, RecordFormat> nested;
    private final long fingerprint;
    private final String json;
    // Set once, by the constructor of the outermost format, before it returns (see the constructor).
    private List<RecordField> fields;
    private Map<String, RecordField> byName;

    /** An outermost format: finds its nested record types, then gives each its fields. */
    private RecordFormat(Schema schema) {
        this(schema, new IdentityHashMap<>());
        Deque<Schema> todo = new ArrayDeque<>(List.of(schema));
        java.util.Set<Schema> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        while (!todo.isEmpty()) {
            Schema s = todo.pop();
            if (!seen.add(s)) {
                continue;
            }
            switch (s.getType()) {
                case RECORD:
                    nested.computeIfAbsent(s, k -> new RecordFormat(k, nested));
                    s.getFields().forEach(f -> todo.push(f.schema()));
                    break;
                case ARRAY:
                    todo.push(s.getElementType());
                    break;
                case MAP:
                    todo.push(s.getValueType());
                    break;
                case UNION:
                    s.getTypes().forEach(todo::push);
                    break;
                default:
                    break;
            }
        }
        // Fields last: their defaults may be records of the nested formats.
        for (RecordFormat format : nested.values()) {
            format.initFields();
        }
    }

    private RecordFormat(Schema schema, Map<Schema, RecordFormat> nested) {
        this.schema = schema;
        this.nested = nested;
        nested.put(schema, this);
        this.fingerprint = SchemaNormalization.parsingFingerprint64(schema);
        this.json = schema.toString();
    }

    private void initFields() {
        List<RecordField> list = new ArrayList<>();
        Map<String, RecordField> map = new HashMap<>();
        for (Schema.Field f : schema.getFields()) {
            RecordField field = new RecordField(this, f);
            list.add(field);
            map.put(f.name(), field);
        }
        this.fields = Collections.unmodifiableList(list);
        this.byName = map;
    }

    /**
     * The format of a Java record class, derived from its components.
     *
     * @throws IllegalArgumentException naming the record, the component and its type if a
     *     component's type has no format, or its {@link FieldDefault} does not fit it
     */
    public static RecordFormat of(Class<? extends Record> type) {
        return new RecordFormat(JavaRecordSchemas.derive(type));
    }

    /**
     * The format an Avro schema describes, as JSON text.
     *
     * @throws IllegalArgumentException if the text is not JSON, not a valid Avro schema (an
     *     undefined type name, a default that does not fit its field: Avro's message names it), or
     *     a schema of another type than {@code record}
     */
    public static RecordFormat parse(String schemaJson) {
        Objects.requireNonNull(schemaJson, "schemaJson");
        Schema schema;
        try {
            schema = new Schema.Parser().parse(schemaJson);
        } catch (AvroRuntimeException e) {
            throw new IllegalArgumentException("not a valid Avro schema: " + oneLine(e.getMessage()) + "; in: " + excerpt(schemaJson), e);
        }
        return ofOwned(schema);
    }

    /**
     * The format of an Avro schema object, which is copied: changing it later does not change the
     * format.
     *
     * @throws IllegalArgumentException if the schema's type is not {@code record}
     */
    public static RecordFormat of(Schema schema) {
        Objects.requireNonNull(schema, "schema");
        requireRecord(schema);
        return ofOwned(AvroSchemas.copy(schema));
    }

    private static RecordFormat ofOwned(Schema schema) {
        requireRecord(schema);
        return new RecordFormat(schema);
    }

    private static void requireRecord(Schema schema) {
        if (schema.getType() != Schema.Type.RECORD) {
            throw new IllegalArgumentException("not a record format: the schema is " + AvroSchemas.describe(schema)
                    + ", where a record format's schema has type \"record\"");
        }
    }

    private static String excerpt(String text) {
        String line = oneLine(text);
        return line.length() <= 200 ? line : line.substring(0, 200) + "...";
    }

    private static String oneLine(String text) {
        return text == null ? "" : text.strip().replaceAll("\\s+", " ");
    }

    /** The full name, {@code namespace.Name}, or the bare name where there is no namespace. */
    public String name() {
        return schema.getFullName();
    }

    /** The fields, in the order of the schema (which is the order of the encoding). */
    public List<RecordField> fields() {
        return fields;
    }

    /** Whether the format has a field of this name (aliases do not count). */
    public boolean hasField(String name) {
        return byName.containsKey(name);
    }

    /**
     * The field of this name.
     *
     * @throws IllegalArgumentException naming the field and this format, and listing its fields,
     *     if it has none of that name (aliases do not count)
     */
    public RecordField field(String name) {
        RecordField field = byName.get(name);
        if (field == null) {
            List<String> names = new ArrayList<>();
            fields.forEach(f -> names.add(f.name()));
            throw new IllegalArgumentException("format " + name() + " has no field '" + name + "'; its fields: " + names);
        }
        return field;
    }

    /**
     * The format of a record type used within this one (in a field, a list, a map or an optional
     * field, at any depth), by its full or its simple name; this format for its own name. A value of
     * such a field is built with {@code RecordValue.builder(format.nestedFormat("Point"))}.
     *
     * @throws IllegalArgumentException if no record type within this format has that name
     */
    public RecordFormat nestedFormat(String name) {
        Map<String, RecordFormat> byFullName = new LinkedHashMap<>();
        for (RecordFormat f : nested.values()) {
            byFullName.put(f.name(), f);
        }
        RecordFormat found = byFullName.get(name);
        if (found != null) {
            return found;
        }
        for (RecordFormat f : byFullName.values()) {
            if (f.schema.getName().equals(name)) {
                return f;
            }
        }
        throw new IllegalArgumentException("format " + name() + " uses no record type named '" + name + "'; it uses "
                + byFullName.keySet());
    }

    /**
     * Avro's 64-bit fingerprint of the schema's parsing canonical form
     * ({@code SchemaNormalization.parsingFingerprint64}): the same for every schema with this
     * layout, whatever its defaults, aliases and documentation.
     */
    public long fingerprint() {
        return fingerprint;
    }

    /** The schema as Avro schema JSON, which {@link #parse(String)} reads back into an equal format. */
    public String toJson() {
        return json;
    }

    /** A copy of the Avro schema: changing it does not change this format. */
    public Schema schema() {
        return AvroSchemas.copy(schema);
    }

    /** The schema itself, for this package's readers and writers, which never change it. */
    Schema avroSchema() {
        return schema;
    }

    /** The format of a record schema within this one's (by identity, else by full name). */
    RecordFormat formatOf(Schema recordSchema) {
        RecordFormat found = nested.get(recordSchema);
        if (found != null) {
            return found;
        }
        for (RecordFormat f : nested.values()) {
            if (f.schema.getFullName().equals(recordSchema.getFullName())) {
                return f;
            }
        }
        throw new IllegalStateException("record type " + recordSchema.getFullName() + " is not within format " + name());
    }

    @Override
    public boolean equals(Object o) {
        return o == this || (o instanceof RecordFormat other && fingerprint == other.fingerprint && schema.equals(other.schema));
    }

    @Override
    public int hashCode() {
        return Long.hashCode(fingerprint);
    }

    /** The name and the fingerprint in hex, e.g. {@code org.x.Reading@3f1c...}. */
    @Override
    public String toString() {
        return name() + "@" + String.format(Locale.ROOT, "%016x", fingerprint);
    }
}
