package io.sluice.records;

import io.sluice.records.internal.AvroSchemas;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;

/**
 * Makes {@link RecordEncoder encoders} and {@link RecordResolver resolvers}, and checks that a
 * reader's format can read a writer's. There is no global state and no cache but the ones callers
 * make and hold ({@link #resolverCache()}): make an encoder per format and a resolver per (writer
 * format, reader) pair once, and keep them; each is thread-safe.
 *
 * <p><b>Generated and interpreted.</b> {@link #resolver} and {@link #forwarder} generate code for
 * the pair (Java source compiled in memory with the JDK's compiler, or, on a JVM without it,
 * method handles; either way a hidden class of their own, unloaded with the resolver), which reads
 * a writer's bytes straight into the reader's record class or record value.
 * For a pair whose shape the generator leaves alone (a recursive record type, a record of more than
 * 120 fields) they give the interpreted resolver, which walks Avro's resolution plan for each
 * record; {@link #interpretedResolver} always gives it. The two read alike: the same values, the
 * same exceptions with the same messages. Compiling costs more than reading many records, so a
 * generated resolver reads its first records interpreted and compiles its code after them.
 *
 * <p><b>Forwarding.</b> A tool that looks at a few fields of records it passes on (a filter, a
 * router) reads them with {@link #forwarder} under their writer's own format, so that every field
 * comes back, the ones it never looked at included, and writes them again with
 * {@code encoder(writer)}: an unchanged record comes out as the bytes it came in as, and one changed
 * with {@link RecordValue#with} keeps every other field. Reading under a format of its own would
 * drop the fields that format lacks.
 *
 * <p><b>Failure.</b> Every method throws {@link IllegalArgumentException} (or its subclass
 * {@link IncompatibleFormatsException}) before any record is read or written when the formats or
 * classes given do not fit, naming what does not.
 */
public final class Records {
    private Records() {}

    /**
     * The encoder of a Java record class, under the format derived from it.
     *
     * @throws IllegalArgumentException as {@link RecordFormat#of(Class)} does
     */
    public static <T extends Record> RecordEncoder<T> encoder(Class<T> type) {
        return new JavaRecordEncoder<>(JavaRecordMapping.of(type));
    }

    /** The encoder of record values of one format. */
    public static RecordEncoder<RecordValue> encoder(RecordFormat format) {
        return new GenericRecordEncoder(format);
    }

    /**
     * The resolver that reads records written under {@code writer} as record values of
     * {@code reader}: generated as code for the pair where the generator handles the pair's shape,
     * else interpreted (see "Generated and interpreted" above). Making one generates code: keep it,
     * or keep a {@link #resolverCache()}.
     *
     * @throws IncompatibleFormatsException if {@code reader} cannot read every record of
     *     {@code writer} ({@link #checkCanRead})
     */
    public static RecordResolver<RecordValue> resolver(RecordFormat writer, RecordFormat reader) {
        checkCanRead(writer, reader);
        RecordResolver<RecordValue> generated = GeneratedRecordResolver.generate(writer, reader, null);
        return generated != null ? generated : new InterpretedRecordResolver<>(writer, reader, Function.identity());
    }

    /**
     * The resolver that reads records written under {@code writer} as instances of a Java record
     * class, through the format derived from it: generated where possible, as
     * {@link #resolver(RecordFormat, RecordFormat)} is.
     *
     * @throws IllegalArgumentException as {@link RecordFormat#of(Class)} does
     * @throws IncompatibleFormatsException if the class's format cannot read every record of
     *     {@code writer}
     */
    public static <T extends Record> RecordResolver<T> resolver(RecordFormat writer, Class<T> reader) {
        JavaRecordMapping<T> mapping = JavaRecordMapping.of(reader);
        checkCanRead(writer, mapping.format());
        RecordResolver<T> generated = GeneratedRecordResolver.generate(writer, mapping.format(), mapping);
        return generated != null ? generated : new InterpretedRecordResolver<>(writer, mapping.format(), mapping::fromValue);
    }

    /**
     * The interpreted resolver of the pair, never generated code: the reference the generated
     * resolvers are tested against, and a choice where making a resolver must be cheapest (it
     * generates nothing).
     *
     * @throws IncompatibleFormatsException if {@code reader} cannot read every record of
     *     {@code writer} ({@link #checkCanRead})
     */
    public static RecordResolver<RecordValue> interpretedResolver(RecordFormat writer, RecordFormat reader) {
        checkCanRead(writer, reader);
        return new InterpretedRecordResolver<>(writer, reader, Function.identity());
    }

    /**
     * The interpreted resolver of a writer's format and a Java record class, never generated code.
     *
     * @throws IllegalArgumentException as {@link RecordFormat#of(Class)} does
     * @throws IncompatibleFormatsException if the class's format cannot read every record of
     *     {@code writer}
     */
    public static <T extends Record> RecordResolver<T> interpretedResolver(RecordFormat writer, Class<T> reader) {
        JavaRecordMapping<T> mapping = JavaRecordMapping.of(reader);
        checkCanRead(writer, mapping.format());
        return new InterpretedRecordResolver<>(writer, mapping.format(), mapping::fromValue);
    }

    /**
     * A new, empty cache of resolvers, which makes each pair's resolver (as {@link #resolver} does)
     * on first request and keeps it for as long as the caller keeps the cache: for a reader that
     * meets formats as records arrive (a channel of records of several versions).
     */
    public static RecordResolverCache resolverCache() {
        return new ConcurrentRecordResolverCache();
    }

    /**
     * A function that turns a record of any version (a record value, or a Java record) into a
     * record value of {@code reader}, by field name: a record already of {@code reader} is
     * returned as it is; another is read by its pair's resolver, made on first sight of its
     * format or class and kept for as long as the function is. Thread-safe.
     *
     * <p>The function throws {@link IllegalArgumentException} if a token is not a record, and
     * {@link IncompatibleFormatsException} (naming both formats and each field at fault) if its
     * format cannot be read as {@code reader}.
     */
    public static Function<Object, RecordValue> converter(RecordFormat reader) {
        return RecordConversion.toFormat(reader);
    }

    /**
     * The resolver that reads records of {@code writer} as record values of that same format:
     * every field, for tools that pass records on (see "Forwarding" above). Generated where
     * possible, as {@link #resolver(RecordFormat, RecordFormat)} is.
     */
    public static RecordResolver<RecordValue> forwarder(RecordFormat writer) {
        Objects.requireNonNull(writer, "writer");
        RecordResolver<RecordValue> generated = GeneratedRecordResolver.generate(writer, writer, null);
        return generated != null ? generated : new InterpretedRecordResolver<>(writer, writer, Function.identity());
    }

    /**
     * Checks that records written under {@code writer} can all be read as {@code reader}, by
     * Avro's rules of schema resolution (with {@code SchemaCompatibility}).
     *
     * @throws IncompatibleFormatsException naming both formats and, for each field at fault, why
     */
    public static void checkCanRead(RecordFormat writer, RecordFormat reader) {
        Objects.requireNonNull(writer, "writer");
        Objects.requireNonNull(reader, "reader");
        if (writer.equals(reader)) {
            return;
        }
        Schema readerSchema = reader.avroSchema();
        SchemaCompatibility.SchemaCompatibilityResult result = SchemaCompatibility
                .checkReaderWriterCompatibility(readerSchema, writer.avroSchema()).getResult();
        if (result.getCompatibility() == SchemaCompatibility.SchemaCompatibilityType.COMPATIBLE) {
            return;
        }
        List<String> fields = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (SchemaCompatibility.Incompatibility problem : result.getIncompatibilities()) {
            String path = AvroSchemas.fieldPath(readerSchema, problem.getLocation());
            fields.add(path);
            problems.add((path.isEmpty() ? "the record itself" : "field '" + path + "'") + ": " + why(problem));
        }
        throw new IncompatibleFormatsException(writer, reader, fields, "format " + reader + " cannot read records written "
                + "under format " + writer + ": " + String.join("; ", problems));
    }

    private static String why(SchemaCompatibility.Incompatibility problem) {
        String writer = problem.getWriterFragment() == null ? "?" : AvroSchemas.describe(problem.getWriterFragment());
        String reader = problem.getReaderFragment() == null ? "?" : AvroSchemas.describe(problem.getReaderFragment());
        switch (problem.getType()) {
            case READER_FIELD_MISSING_DEFAULT_VALUE:
                return "the writer's format lacks it and the reader's gives it no default";
            case TYPE_MISMATCH:
                return "the writer's " + writer + " does not convert to the reader's " + reader
                        + " (numbers widen only from int to long to float to double; strings and bytes convert)";
            case NAME_MISMATCH:
                return "the writer's " + writer + " is not the reader's " + reader + " nor one of its aliases";
            case FIXED_SIZE_MISMATCH:
                return "the writer's " + writer + " and the reader's " + reader + " differ in size";
            case MISSING_ENUM_SYMBOLS:
                return "the reader's " + reader + " lacks the writer's symbols " + problem.getMessage()
                        + " and has no default symbol";
            case MISSING_UNION_BRANCH:
                return "the reader's " + reader + " has no branch for the writer's " + writer;
            default:
                return problem.getMessage();
        }
    }

    /**
     * A Java record as a record value of the format derived from its class. Derives the format
     * on every call: for many records, make an {@link #encoder(Class)} once and use its
     * {@link RecordEncoder#toValue}.
     *
     * @throws IllegalArgumentException as {@link RecordFormat#of(Class)} and
     *     {@link RecordEncoder#encode} do
     */
    public static RecordValue toValue(Record record) {
        Objects.requireNonNull(record, "record");
        return mapping(record.getClass()).toValue(record);
    }

    /**
     * A Java record as one line of JSON, as {@link RecordValue#toJson()} shows it; derives the
     * format on every call, like {@link #toValue}.
     */
    public static String toJson(Record record) {
        return toValue(record).toJson();
    }

    @SuppressWarnings("unchecked")
    private static JavaRecordMapping<Record> mapping(Class<? extends Record> type) {
        return JavaRecordMapping.of((Class<Record>) type);
    }
}
