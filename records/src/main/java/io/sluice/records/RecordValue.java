package io.sluice.records;

import java.util.List;
import java.util.Map;

/**
 * A record of a format learned at run time: its fields got and set by name. Generic tools
 * (displays, filters, forwarders) use it for records whose Java class they do not have; programs
 * that know their records use Java {@code record} classes instead.
 *
 * <p><b>Why not Avro's {@code GenericRecord}.</b> A record on a channel is a token, and a token
 * never changes while any number of readers hold it; Avro's generic records are mutable and not
 * thread-safe, answer {@code null} for a field name they do not have, and hold Avro's own
 * representations ({@code Utf8}, {@code EnumSymbol}, {@code GenericArray}). A record value is
 * immutable, fails naming the field and the format, holds plain Java values, and keeps Avro out
 * of the signatures of the actors that use it.
 *
 * <p><b>Values.</b> Each field holds, by its type: {@code boolean} a {@code Boolean}, {@code int}
 * an {@code Integer}, {@code long} a {@code Long}, {@code float} a {@code Float}, {@code double} a
 * {@code Double}, {@code string} and {@code enum} a {@code String} (an enum's symbol),
 * {@code bytes} and {@code fixed} a read-only {@code ByteBuffer} (read it with absolute gets or a
 * {@code duplicate()}), {@code array} an unmodifiable {@code List}, {@code map} an unmodifiable
 * {@code Map} with {@code String} keys, {@code record} a {@code RecordValue}, and an optional
 * field ({@code union} with {@code null}) null or its other type's value. {@link #with} and the
 * {@link Builder} take these, widened where nothing is lost: a {@code Byte}, {@code Short} or
 * {@code Integer} for a {@code long}; any of those, a {@code Long} or a {@code Float} for a
 * {@code double} (a long beyond 2<sup>53</sup> in magnitude rounds, as Avro's own long-to-double
 * promotion does); a {@code byte[]} for bytes (copied); an {@code Enum} for an enum of that
 * symbol; any {@code Collection} for an array.
 *
 * <p><b>Identity.</b> Two record values are equal when their formats and every field's value are
 * equal. {@code toString()} is {@link #toJson()}.
 *
 * <p><b>Threading.</b> Immutable and thread-safe. A builder is for one thread.
 *
 * <p><b>Failure.</b> A field name the format does not have is an {@link IllegalArgumentException}
 * naming the field and the format; so is a value that does not fit the field, or a typed getter
 * of a type the field's value does not widen to. A primitive getter of a field whose value is
 * null (an optional field) throws {@link NullPointerException} naming the field.
 */
public sealed interface RecordValue permits ImmutableRecordValue {

    /**
     * The record of {@code format} that a line of JSON holds, as {@link #toJson()} writes it: an
     * object of the fields by name, a field left out taking its default. A union's value is bare
     * or, as Avro's JSON encoding writes it, wrapped in an object named by its branch
     * ({@code {"string": "north"}}); bytes are base64; numbers widen as {@link Builder#set} widens
     * them and never round (1.5 is no int). Reads what {@link #toJson()} wrote to an equal record,
     * but for a union of branches written alike (a string and bytes), which reads as its first.
     *
     * @throws IllegalArgumentException naming the format, and the field and what was wrong with
     *     it, if the text is not a JSON object, lacks a field that has no default, has a field the
     *     format does not, or holds a value its field cannot
     */
    static RecordValue fromJson(RecordFormat format, String json) {
        return JsonRecords.read(format, json);
    }

    /** A builder of a record of this format: fields not set take their defaults. */
    static Builder builder(RecordFormat format) {
        return new ImmutableRecordValue.ValueBuilder(format);
    }

    /** The record's format. */
    RecordFormat format();

    /** The value of a field, as the class documentation lists; null for an optional field without one. */
    Object get(String field);

    /** A {@code boolean} field. */
    boolean getBoolean(String field);

    /** An {@code int} field. */
    int getInt(String field);

    /** An {@code int} or {@code long} field, widened to long. */
    long getLong(String field);

    /** A {@code float} field. */
    float getFloat(String field);

    /** An {@code int}, {@code long}, {@code float} or {@code double} field, widened to double. */
    double getDouble(String field);

    /** A {@code string} field, or an {@code enum} field's symbol; null for an optional field without one. */
    String getString(String field);

    /** A {@code bytes} or {@code fixed} field, copied; null for an optional field without one. */
    byte[] getBytes(String field);

    /** A {@code record} field; null for an optional field without one. */
    RecordValue getRecord(String field);

    /** An {@code array} field; null for an optional field without one. */
    List<Object> getList(String field);

    /** A {@code map} field; null for an optional field without one. */
    Map<String, Object> getMap(String field);

    /**
     * This record with one field's value replaced; this record is unchanged.
     *
     * @throws IllegalArgumentException naming the field and the format if the format has no such
     *     field or the value does not fit it
     */
    RecordValue with(String field, Object value);

    /**
     * The record as one line of JSON: an object of its fields in the format's order, each value
     * as JSON shows it (see {@code docs/records.md}: bytes in base64, enums as their symbol,
     * optional fields as null or their value, NaN and the infinities as strings).
     */
    String toJson();

    /** Builds a record of one format. Not thread-safe. */
    interface Builder {
        /**
         * Sets a field.
         *
         * @throws IllegalArgumentException naming the field and the format if the format has no
         *     such field or the value does not fit it
         */
        Builder set(String field, Object value);

        /**
         * The record, with the defaults of the fields not set. The builder can go on being used.
         *
         * @throws IllegalStateException naming the fields and the format if fields that have no
         *     default were not set
         */
        RecordValue build();
    }
}
