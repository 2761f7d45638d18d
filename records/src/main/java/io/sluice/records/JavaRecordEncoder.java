package io.sluice.records;

import java.io.IOException;
import java.io.OutputStream;

/** The encoder of a Java record class, through its mapping to record values. */
final class JavaRecordEncoder<T extends Record> implements RecordEncoder<T> {
    private final JavaRecordMapping<T> mapping;

    JavaRecordEncoder(JavaRecordMapping<T> mapping) {
        this.mapping = mapping;
    }

    @Override
    public RecordFormat format() {
        return mapping.format();
    }

    @Override
    public byte[] encode(T record) {
        return ValueWriter.encode((ImmutableRecordValue) mapping.toValue(record));
    }

    @Override
    public void encode(T record, OutputStream out) throws IOException {
        ValueWriter.encode((ImmutableRecordValue) mapping.toValue(record), out);
    }

    @Override
    public RecordValue toValue(T record) {
        return mapping.toValue(record);
    }
}
