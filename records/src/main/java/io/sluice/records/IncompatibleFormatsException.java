package io.sluice.records;

import java.util.List;

/**
 * A reader's format cannot read some records written under a writer's format: a field the
 * reader needs that the writer lacks and the reader gives no default, a type that does not widen
 * (long to int), an enum symbol or a union branch the reader lacks, records or enums of other
 * names. Thrown by {@link Records#checkCanRead} and by {@link Records#resolver}, before any
 * record is read; the message names both formats and, for each problem, the field and why.
 */
public final class IncompatibleFormatsException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final transient RecordFormat writer;
    private final transient RecordFormat reader;
    private final List<String> fields;

    IncompatibleFormatsException(RecordFormat writer, RecordFormat reader, List<String> fields, String message) {
        super(message);
        this.writer = writer;
        this.reader = reader;
        this.fields = List.copyOf(fields);
    }

    /** The format the records were written under. */
    public RecordFormat writer() {
        return writer;
    }

    /** The format that cannot read them. */
    public RecordFormat reader() {
        return reader;
    }

    /**
     * The paths of the fields at fault, in the reader's format ({@code a.b}, {@code points[].x},
     * {@code tags{}} for a map's values); an empty path is the record itself.
     */
    public List<String> fields() {
        return fields;
    }
}
