package io.sluice.records;

import io.sluice.records.internal.AvroSchemas;
import java.nio.ByteBuffer;
import java.util.Set;
import java.util.TreeSet;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;

/**
 * One field of a {@link RecordFormat}: its name, position, type, default and aliases. Immutable
 * and thread-safe; made by its format.
 */
public final class RecordField {
    private final RecordFormat format;
    private final Schema.Field field;
    private final String type;
    private final boolean hasDefault;
    private final Object defaultValue;
    private final Set<String> aliases;

    RecordField(RecordFormat format, Schema.Field field) {
        this.format = format;
        this.field = field;
        this.type = AvroSchemas.describe(field.schema());
        this.hasDefault = field.hasDefaultValue();
        this.defaultValue = hasDefault ? Values.fromAvro(field.schema(), GenericData.get().getDefaultValue(field), format) : null;
        this.aliases = java.util.Collections.unmodifiableSet(new TreeSet<>(field.aliases()));
    }

    /** The field's name, by which readers match it. */
    public String name() {
        return field.name();
    }

    /** The field's 0-based position in its format, which is its place in the encoding. */
    public int position() {
        return field.pos();
    }

    /**
     * The field's type, described as {@code int}, {@code string}, {@code array<long>},
     * {@code optional<record org.x.Point>}, {@code enum org.x.Level} and so on; the precise type is
     * in the format's {@link RecordFormat#toJson() schema}.
     */
    public String type() {
        return type;
    }

    /** Whether the field may be null: its type is a union with {@code null}. */
    public boolean isOptional() {
        if (field.schema().getType() != Schema.Type.UNION) {
            return false;
        }
        return field.schema().getTypes().stream().anyMatch(s -> s.getType() == Schema.Type.NULL);
    }

    /** Whether the field has a default: the value a reader takes when a writer's format lacks the field. */
    public boolean hasDefault() {
        return hasDefault;
    }

    /**
     * The default, as {@link RecordValue#get} would return it (null for a null default).
     *
     * @throws IllegalStateException naming the field and its format if it has no default
     */
    public Object defaultValue() {
        if (!hasDefault) {
            throw new IllegalStateException("field '" + name() + "' of format " + format.name() + " has no default");
        }
        return defaultValue instanceof ByteBuffer b ? b.duplicate() : defaultValue;
    }

    /** The field's former names, by which readers also match it. */
    public Set<String> aliases() {
        return aliases;
    }

    /** The Avro field, for this package (never changed). */
    Schema.Field avroField() {
        return field;
    }

    /** The default as stored, without a copy. */
    Object storedDefault() {
        return defaultValue;
    }

    /** E.g. {@code level: int = 0}. */
    @Override
    public String toString() {
        return name() + ": " + type + (hasDefault ? " = " + JsonText.of(defaultValue) : "");
    }
}
