package io.sluice.records;

import java.io.IOException;
import java.io.OutputStream;

/** The encoder of record values of one format. */
final class GenericRecordEncoder implements RecordEncoder<RecordValue> {
    private final RecordFormat format;

    GenericRecordEncoder(RecordFormat format) {
        this.format = java.util.Objects.requireNonNull(format, "format");
    }

    @Override
    public RecordFormat format() {
        return format;
    }

    @Override
    public byte[] encode(RecordValue record) {
        return ValueWriter.encode(check(record));
    }

    @Override
    public void encode(RecordValue record, OutputStream out) throws IOException {
        ValueWriter.encode(check(record), out);
    }

    @Override
    public RecordValue toValue(RecordValue record) {
        return check(record);
    }

    private ImmutableRecordValue check(RecordValue record) {
        if (record == null) {
            throw new IllegalArgumentException("no record of format " + format.name() + " (null) to write");
        }
        if (record.format() != format && !record.format().equals(format)) {
            throw new IllegalArgumentException("a record of format " + record.format() + " cannot be written by the encoder of "
                    + "format " + format + "; read it as this format first (Records.resolver)");
        }
        return (ImmutableRecordValue) record;
    }
}
